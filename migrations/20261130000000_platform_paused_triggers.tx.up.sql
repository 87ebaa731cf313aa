-- platform/db: the SQLite triggers a bulk load set aside (db.PauseTriggers) with their
-- definitions, until db.ResumeTriggers creates them again and catches their tables up in the same
-- transaction. Empty except during a load, and after a load cut short until the next start
-- resumes them. Unused on PostgreSQL (its triggers are not compiled per statement).
CREATE TABLE paused_triggers (
    name TEXT PRIMARY KEY,
    definition TEXT NOT NULL
);
