package db

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// PauseTriggers drops the SQLite triggers whose names start with prefix and keeps their
// definitions in paused_triggers, in one transaction, and returns how many. SQLite compiles a
// table's triggers into every INSERT or UPDATE statement it prepares, and bun sends each
// statement as new text, so a load of thousands of writes on tables with large triggers (the
// reports' daily aggregates) spends more time compiling the triggers than writing: a load that
// can recompute what the triggers keep pauses them, and ResumeTriggers creates them again and
// recomputes. Between the two, nothing that writes those tables may run beside the load. On
// PostgreSQL it does nothing (a trigger function is planned once per session).
func PauseTriggers(ctx context.Context, db bun.IDB, prefix string) (int, error) {
	if IsPostgres(db) {
		return 0, nil
	}
	var n int
	err := InTx(ctx, db, func(ctx context.Context, tx bun.Tx) error {
		var names []string
		if err := tx.NewRaw("SELECT name FROM sqlite_master WHERE type = 'trigger' AND substr(name, 1, ?) = ? ORDER BY name",
			len(prefix), prefix).Scan(ctx, &names); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "INSERT INTO paused_triggers (name, definition) "+
			"SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND substr(name, 1, ?) = ?", len(prefix), prefix); err != nil {
			return err
		}
		for _, name := range names {
			if _, err := tx.ExecContext(ctx, "DROP TRIGGER "+quoteIdent(name)); err != nil {
				return err
			}
		}
		n = len(names)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("db: pause triggers %s*: %w", prefix, err)
	}
	return n, nil
}

// ResumeTriggers creates again every trigger PauseTriggers set aside — one a migration has
// created meanwhile under the same name is kept, being newer — and runs catchUp (which
// recomputes what the triggers keep from the tables they watch), all in one transaction, so
// that the tables and their triggers are never seen apart once it commits. It returns how many
// triggers were paused: 0, without calling catchUp, when none was. A start calls it after
// the migrations, so that a load cut short (a crash mid-seed) is caught up.
func ResumeTriggers(ctx context.Context, db bun.IDB, catchUp func(ctx context.Context, tx bun.Tx) error) (int, error) {
	if IsPostgres(db) {
		return 0, nil
	}
	var n int
	err := InTx(ctx, db, func(ctx context.Context, tx bun.Tx) error {
		var paused []struct {
			Name       string `bun:"name"`
			Definition string `bun:"definition"`
			Exists     bool   `bun:"present"`
		}
		if err := tx.NewRaw("SELECT p.name, p.definition, EXISTS (SELECT 1 FROM sqlite_master m WHERE m.type = 'trigger' AND m.name = p.name) AS present "+
			"FROM paused_triggers p ORDER BY p.name").Scan(ctx, &paused); err != nil {
			return err
		}
		if len(paused) == 0 {
			return nil
		}
		for _, p := range paused {
			if p.Exists {
				continue
			}
			if _, err := tx.ExecContext(ctx, p.Definition); err != nil {
				return fmt.Errorf("%s: %w", p.Name, err)
			}
		}
		n = len(paused)
		if _, err := tx.ExecContext(ctx, "DELETE FROM paused_triggers"); err != nil {
			return err
		}
		return catchUp(ctx, tx)
	})
	if err != nil {
		return 0, fmt.Errorf("db: resume triggers: %w", err)
	}
	return n, nil
}

// quoteIdent quotes a SQLite identifier read from sqlite_master.
func quoteIdent(name string) string {
	q := []byte{'"'}
	for i := 0; i < len(name); i++ {
		if name[i] == '"' {
			q = append(q, '"')
		}
		q = append(q, name[i])
	}
	return string(append(q, '"'))
}
