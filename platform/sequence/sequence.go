// Package sequence hands out document numbers from per-company counters (DESIGN §4: purchase
// orders, received orders, and later sales and payment runs are numbered per company, so that
// one company's numbers say nothing about another's volume).
//
// A counter is a row of document_sequences (company, name, last value). Next moves it inside
// the caller's transaction — the one that writes the document — with one INSERT … ON CONFLICT DO
// UPDATE … RETURNING, valid on SQLite and PostgreSQL: the row stays locked until that
// transaction ends (PostgreSQL's row lock; SQLite's single writer), so two documents never get
// one number, and a transaction that rolls back gives its number back (no gaps from failed
// writes). The price is that documents of one company and one kind are numbered one
// transaction at a time, which is what a gap-free sequence means.
package sequence

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// Next returns the next number (1, 2, …) of counter name of company companyID, allocated in tx,
// the transaction that stores the numbered document.
func Next(ctx context.Context, tx bun.IDB, companyID int64, name string) (int64, error) {
	var n int64
	err := tx.NewRaw("INSERT INTO document_sequences (company_id, name, last_value) VALUES (?, ?, 1) "+
		"ON CONFLICT (company_id, name) DO UPDATE SET last_value = document_sequences.last_value + 1 "+
		"RETURNING last_value", companyID, name).Scan(ctx, &n)
	if err != nil {
		return 0, fmt.Errorf("sequence: next %s of company %d: %w", name, companyID, err)
	}
	return n, nil
}

// Number is how a document shows its number n of a sequence: prefix, a dash and n zero-padded
// to six digits ("PO-000042", "VTA-000123"), so that a company's numbers of one kind sort as text
// up to a million documents.
func Number(prefix string, n int64) string { return fmt.Sprintf("%s-%06d", prefix, n) }
