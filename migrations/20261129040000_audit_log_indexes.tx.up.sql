-- audit: the audit trail page reads the log newest first within a company or of one actor
-- (modules/audit); the existing indexes serve a record's entries and the whole log by date.
CREATE INDEX audit_log_company_created_idx ON audit_log (company_id, created_at);
CREATE INDEX audit_log_actor_created_idx ON audit_log (actor_id, created_at);
