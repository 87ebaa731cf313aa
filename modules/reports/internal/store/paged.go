package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/uptrace/bun"
)

// This file is how the pages that page and sort in SQL (customers_report, suppliers_report,
// payment_report, product_report) read their rows: one statement sums the aggregates per row, sorts every row
// and answers only the page's, each carrying the count and the totals of every row (window
// aggregates over the grouped rows, before the LIMIT), so that what reaches Go is bounded by the
// page and the totals always cover the whole range. An export reads the same statement without
// a LIMIT from a cursor. payment_report's rows carry a totals row joined once instead of window
// aggregates, and its first pages of its own order are read party by party (payments.go).

// Order is how a paged read sorts its rows: a column key of its page ("" the page's own order)
// and the direction. Ties are broken by the page's own order, ascending.
type Order struct {
	Key  string
	Desc bool
}

// Window is which rows a paged read answers: from Offset, at most Limit (0: every row).
type Window struct{ Offset, Limit int }

// sortable is a column's sort expression; reversed ones sort the other way round (a number of
// days past due sorts as its due date, descending).
type sortable struct {
	expr     string
	reversed bool
}

// orderBy is the ORDER BY clause of o over the page's sortable columns, then ties (the page's own
// order). An unknown key is an error (the engine checks keys against the page's columns first).
func orderBy(o Order, cols map[string]sortable, ties string) (string, error) {
	if o.Key == "" {
		return " ORDER BY " + ties, nil
	}
	c, ok := cols[o.Key]
	if !ok {
		return "", fmt.Errorf("reports: no sort expression for %q", o.Key)
	}
	return " ORDER BY " + c.expr + " " + c.dir(o) + ", " + ties, nil
}

// dir is the direction, ASC or DESC, in which c sorts for o.
func (c sortable) dir(o Order) string {
	if o.Desc != c.reversed {
		return "DESC"
	}
	return "ASC"
}

// paged is a statement that answers the rows of a Window (its LIMIT and OFFSET where they
// belong: the end of a plain statement, inside one that joins more to the page's rows).
type paged func(w Window) string

// limitAtEnd is q with w's LIMIT and OFFSET at its end (none for Limit 0).
func limitAtEnd(q *bun.RawQuery) paged {
	return func(w Window) string { return q.String() + limit(w) }
}

// limit is w as a LIMIT clause ("" for every row).
func limit(w Window) string {
	if w.Limit <= 0 {
		return ""
	}
	return fmt.Sprintf(" LIMIT %d OFFSET %d", w.Limit, w.Offset)
}

// eachRow runs q limited to w and calls row with the cursor on each row (scan it there); it
// answers how many rows were read.
func (s *Store) eachRow(ctx context.Context, q paged, w Window, row func(*sql.Rows) error) (int, error) {
	rows, err := s.db.QueryContext(ctx, q(w))
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
		if err := row(rows); err != nil {
			return n, err
		}
	}
	return n, rows.Err()
}

// windowed is eachRow for a statement whose rows carry the count and totals of every row: when
// w starts past the last row, the first row is read again for them alone (fn is not called).
// read scans a row into the caller's variables (the totals among them); fn takes the row.
func (s *Store) windowed(ctx context.Context, q paged, w Window, read func(*sql.Rows) error, fn func() error) error {
	n, err := s.eachRow(ctx, q, w, func(rows *sql.Rows) error {
		if err := read(rows); err != nil {
			return err
		}
		return fn()
	})
	if err != nil || n > 0 || w.Offset == 0 {
		return err
	}
	_, err = s.eachRow(ctx, q, Window{Limit: 1}, read)
	return err
}

// unionAll is parts as one compound SELECT (SQLite takes no parenthesised members).
func (s *Store) unionAll(parts []any) *bun.RawQuery {
	return s.db.NewRaw(strings.TrimSuffix(strings.Repeat("? UNION ALL ", len(parts)), " UNION ALL "), parts...)
}
