package store

import (
	"context"

	"github.com/uptrace/bun"
)

// This file is users_report/{id}'s rows: what one user recorded and approved.

// Act is one thing a user did: created or approved (Role) an approved document or payment.
type Act struct {
	Kind        string `bun:"kind"`
	ID          int64  `bun:"id"`
	UserID      int64  `bun:"user_id"`
	Role        string `bun:"role"`
	Date        string `bun:"date"`
	Number      string `bun:"number"`
	PartyName   string `bun:"party_name"`
	AmountCents int64  `bun:"amount_cents"`
}

// Acts returns what users (userID 0: every user) created or approved among the approved
// documents and payments dated in f, in date order.
func (s *Store) Acts(ctx context.Context, f Filter, userID int64) ([]Act, error) {
	var out []Act
	err := s.acts(f, userID).Scan(ctx, &out)
	return out, err
}

// ActsPage returns limit of Acts' rows from offset, in Acts' order, reading only the days
// that hold them: report_user_days counts the user's acts per day (exactly the rows acts
// gives), so the days before the page are skipped by their counts and the rows are read from
// the page's first day to its last with an OFFSET within that first day — never an OFFSET over
// every earlier act (users_report/{id} reaches millions of rows).
func (s *Store) ActsPage(ctx context.Context, f Filter, userID int64, offset, limit int) ([]Act, error) {
	var days []struct {
		Day string `bun:"day"`
		N   int    `bun:"n"`
	}
	sel := f.where(s.db.NewSelect().TableExpr("report_user_days AS u"), "u", "day").ColumnExpr("u.day, SUM(u.n) AS n").
		Where("u.user_id = ?", userID).GroupExpr("u.day").Having("SUM(u.n) > 0").OrderExpr("u.day")
	if err := sel.Scan(ctx, &days); err != nil {
		return nil, err
	}
	page := Filter{Scope: f.Scope, StoreID: f.StoreID}
	before, seen := 0, 0 // acts before page.From; acts up to the day read
	for _, d := range days {
		if page.From == "" {
			if seen+d.N <= offset {
				seen += d.N
				continue
			}
			page.From, before = d.Day, seen
		}
		page.To = d.Day
		if seen += d.N; seen >= offset+limit {
			break
		}
	}
	if page.From == "" {
		return nil, nil
	}
	var out []Act
	err := s.db.NewRaw("? LIMIT ? OFFSET ?", s.acts(page, userID), limit, offset-before).Scan(ctx, &out)
	return out, err
}

// EachAct calls fn with Acts' rows one at a time, read from a cursor (an export of millions
// of rows never holds them all).
func (s *Store) EachAct(ctx context.Context, f Filter, userID int64, fn func(Act) error) error {
	rows, err := s.db.QueryContext(ctx, s.acts(f, userID).String())
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var a Act
		// The columns in acts' order.
		if err := rows.Scan(&a.Kind, &a.ID, &a.UserID, &a.Role, &a.Date, &a.Number, &a.PartyName, &a.AmountCents); err != nil {
			return err
		}
		if err := fn(a); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (s *Store) acts(f Filter, userID int64) *bun.RawQuery {
	var parts []any
	for _, role := range []string{"created", "approved"} {
		col := role + "_by"
		docs := f.where(s.db.NewSelect().TableExpr("report_document_heads AS d"), "d", "doc_date").
			ColumnExpr("d.type AS kind, d.id, d."+col+" AS user_id, ? AS role, d.doc_date AS date, d.number, d.party_name", role).
			ColumnExpr("d.total_cents AS amount_cents").Where("d." + col + " IS NOT NULL")
		// A payment's store is its document's (report_payments.store_id, a subquery per
		// payment): one user's payments in one store are report_payment_acts' index range, not
		// every payment of the user's days with their stores looked up.
		byActs := userID != 0 && f.StoreID != 0
		pf := f
		if byActs {
			pf.StoreID = 0
		}
		pays := pf.where(s.db.NewSelect().TableExpr("report_payments AS y"), "y", "payment_date").
			ColumnExpr("'payment' AS kind, y.id, y."+col+" AS user_id, ? AS role, y.payment_date AS date", role).
			ColumnExpr("y.document_number AS number, y.party_name, y.amount_cents").
			Where("y.approval_status = 'approved'").Where("y." + col + " IS NOT NULL")
		if userID != 0 {
			docs = docs.Where("d."+col+" = ?", userID)
			pays = pays.Where("y."+col+" = ?", userID)
		}
		if byActs {
			// The company scope and the range stay on y; the range is the index's here too.
			acts := s.db.NewSelect().TableExpr("report_payment_acts AS k").Column("k.payment_id").
				Where("k.user_id = ?", userID).Where("k.store_id = ?", f.StoreID).Where("k.role = ?", role)
			if f.From != "" {
				acts = acts.Where("k.day >= ?", f.From)
			}
			if f.To != "" {
				acts = acts.Where("k.day <= ?", f.To)
			}
			pays = pays.Where("y.id IN (?)", acts)
		}
		parts = append(parts, docs, pays)
	}
	return s.db.NewRaw("SELECT a.* FROM (? UNION ALL ? UNION ALL ? UNION ALL ?) AS a ORDER BY a.date, a.kind, a.id, a.role DESC", parts...)
}
