// Package listing is the list pattern every module's list endpoint shares: page size, search,
// sort and filters from the query string; keyset ("seek") pagination so that a page deep in a
// large table costs what the first page costs (no OFFSET scans); and a cached total so that a list
// request does not count the whole table every time.
//
// Navigation is by cursor: the answer's meta carries next/prev cursors, and `last=true` opens the
// final page. The page number is carried along by the client for display (pagination with one
// sibling and one boundary page: first, previous, current, next, last); the server never uses it
// to skip rows.
//
// A list use case checks its filters, makes a Plan (NewPlan), and hands Fetch a Source: the
// store's page read (which applies the plan), its count (cached by a Counter) and each row's
// sort key; Fetch reads, counts, trims the page (Finish) and converts the rows for the API.
package listing

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/apperror"
)

// Query is what every list endpoint accepts. Embed it in a huma input struct next to the
// endpoint's own filters.
type Query struct {
	Page    int    `query:"page" minimum:"1" default:"1" doc:"Page number, for display; navigation uses after/before/last"`
	PerPage int    `query:"per_page" minimum:"1" maximum:"100" default:"25"`
	Q       string `query:"q" maxLength:"100" doc:"Search text"`
	Sort    string `query:"sort" maxLength:"40" doc:"Sort key, or -key for descending"`
	After   string `query:"after" maxLength:"600" doc:"Cursor: the page after the one that returned it"`
	Before  string `query:"before" maxLength:"600" doc:"Cursor: the page before the one that returned it"`
	Last    bool   `query:"last" doc:"Open the last page"`
}

// Kind is the type of a sort column's values, needed to read them back from a cursor.
type Kind int

// Column kinds.
const (
	String Kind = iota
	Int
	Time
)

// Column is a sortable column: the key the client names and the SQL expression it sorts by.
// The expression must not be NULL for any row (wrap nullable columns in COALESCE).
type Column struct {
	Expr string
	Kind Kind
}

// Spec is one list's sortable columns and default order. The id column breaks ties, so that
// every row has a unique position.
type Spec struct {
	Columns map[string]Column
	// Default is the sort key used when the client names none.
	Default string
	// DefaultDesc sorts the default key descending (newest first, for example).
	DefaultDesc bool
	// ID is the tie-breaking unique column expression, e.g. "p.id".
	ID string
}

// Meta describes the page returned.
type Meta struct {
	Page       int    `json:"page"`
	PerPage    int    `json:"per_page"`
	Total      int    `json:"total"`
	TotalPages int    `json:"total_pages"`
	NextCursor string `json:"next_cursor,omitempty"`
	PrevCursor string `json:"prev_cursor,omitempty"`
}

// Page is a list answer: {"data": [...], "meta": {...}}.
type Page[T any] struct {
	Data []T  `json:"data"`
	Meta Meta `json:"meta"`
}

// Plan is a parsed and validated list request, ready to apply to a query.
type Plan struct {
	spec     Spec
	query    Query
	key      string
	col      Column
	desc     bool
	backward bool // fetching the rows before a cursor, or the last page: order reversed
	cursor   *cursor
}

// NewPlan validates q against spec. A sort key the list does not know, or a damaged cursor,
// is bad input.
func NewPlan(spec Spec, q Query) (*Plan, error) {
	if q.PerPage <= 0 {
		q.PerPage = 25
	}
	if q.PerPage > 100 {
		q.PerPage = 100
	}
	if q.Page <= 0 {
		q.Page = 1
	}
	key, desc := spec.Default, spec.DefaultDesc
	if s := strings.TrimSpace(q.Sort); s != "" {
		desc = strings.HasPrefix(s, "-")
		key = strings.TrimPrefix(s, "-")
	}
	col, ok := spec.Columns[key]
	if !ok {
		return nil, apperror.Field("sort", fmt.Sprintf("Cannot sort by %q.", key))
	}
	p := &Plan{spec: spec, query: q, key: key, col: col, desc: desc}
	switch {
	case q.After != "" && q.Before != "":
		return nil, apperror.Invalid("Give either after or before, not both.", nil)
	case q.After != "":
		c, err := decodeCursor(q.After, key, col.Kind)
		if err != nil {
			return nil, err
		}
		p.cursor = c
	case q.Before != "":
		c, err := decodeCursor(q.Before, key, col.Kind)
		if err != nil {
			return nil, err
		}
		p.cursor, p.backward = c, true
	case q.Last:
		p.backward = true
	}
	return p, nil
}

// Whole reports whether the n rows that Apply's query returned are the whole list: a first page
// read forward that did not fill, whose length is then the total. A narrow search (a name, a
// code) answers without counting.
func (p *Plan) Whole(n int) bool { return p.cursor == nil && !p.backward && n <= p.query.PerPage }

// Query returns the request as validated (page size clamped).
func (p *Plan) Query() Query { return p.query }

// Key returns the sort key in use (the client's, or the spec's default), without the "-".
func (p *Plan) Key() string { return p.key }

// Apply adds the keyset condition, the order and the limit to sel. Filters and search must be
// applied by the caller, identically for the count.
func (p *Plan) Apply(sel *bun.SelectQuery) *bun.SelectQuery {
	return p.ApplyOn(sel, p.col.Expr, p.spec.ID)
}

// ApplyOn is Apply on other expressions holding the same sort value and id: a search read from
// a word index (platform/search) keeps its own copy of the name sort key.
func (p *Plan) ApplyOn(sel *bun.SelectQuery, expr, id string) *bun.SelectQuery {
	return p.ApplyWithin(sel, "", expr, id)
}

// ApplyWithin is ApplyOn on rows that all hold one value of the column within (one party's
// documents, all of the party's company), ordered by within first: the order of an index
// (…, within, expr, id), which the database then reads in order though the query does not name
// within's value. "" is ApplyOn.
func (p *Plan) ApplyWithin(sel *bun.SelectQuery, within, expr, id string) *bun.SelectQuery {
	if p.cursor != nil {
		op := ">"
		if p.smaller() {
			op = "<"
		}
		sel = sel.Where(fmt.Sprintf("(%s, %s) %s (?, ?)", expr, id, op), p.cursor.Value, p.cursor.ID)
	}
	if within != "" {
		sel = sel.OrderExpr(within + " " + p.dir())
	}
	return sel.OrderExpr(p.OrderOn(expr, id)).Limit(int64(p.query.PerPage + 1))
}

// OrderOn is the ORDER BY that ApplyOn gives a query on expr and id: the order of a query
// wrapped around one that ApplyOn limited.
func (p *Plan) OrderOn(expr, id string) string {
	dir := p.dir()
	return fmt.Sprintf("%s %s, %s %s", expr, dir, id, dir)
}

// dir is the SQL direction the page reads in.
func (p *Plan) dir() string {
	if p.smaller() {
		return "DESC"
	}
	return "ASC"
}

// smaller tells whether the page reads toward smaller keys: forward in descending order, or
// backward in ascending order.
func (p *Plan) smaller() bool { return p.desc != p.backward }

// Finish trims the extra row fetched by Apply, restores display order, and computes the meta.
// keyOf returns a row's sort value (string, int64 or time.Time, per the column's Kind) and id.
// The value must be the sort expression's value as the database computes it: when the
// expression transforms a column (lower(name), COALESCE(...)), select it alongside the row
// (ColumnExpr("lower(name) AS sort_name")) rather than recomputing it in Go, whose lowercasing
// differs from SQLite's ASCII-only lower() on names such as "Ñandú".
func Finish[T any](p *Plan, rows []T, total int, keyOf func(T) (any, int64)) Page[T] {
	more := len(rows) > p.query.PerPage
	if more {
		rows = rows[:p.query.PerPage]
	}
	if p.backward {
		for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
			rows[i], rows[j] = rows[j], rows[i]
		}
	}
	// The last page holds what is left after the full pages (total mod per_page rows), as it
	// does when reached by walking forward; a full last page would shift every page boundary
	// walking back from it, down to a short "page 1".
	if p.query.Last && p.cursor == nil {
		if rest := total % p.query.PerPage; rest > 0 && len(rows) > rest {
			rows = rows[len(rows)-rest:]
			more = true
		}
	}
	if rows == nil {
		rows = []T{}
	}
	totalPages := (total + p.query.PerPage - 1) / p.query.PerPage
	meta := Meta{Page: p.query.Page, PerPage: p.query.PerPage, Total: total, TotalPages: totalPages}
	switch {
	case p.query.Last && p.cursor == nil:
		meta.Page = max(totalPages, 1)
	case p.cursor == nil:
		meta.Page = 1
	}
	if meta.Page > max(totalPages, 1) {
		meta.Page = max(totalPages, 1)
	}
	if len(rows) > 0 {
		firstV, firstID := keyOf(rows[0])
		lastV, lastID := keyOf(rows[len(rows)-1])
		// Forward: a next page exists when the extra row came back; a previous one whenever we
		// started from a cursor. Backward: the mirror image.
		hasNext, hasPrev := more, p.cursor != nil
		if p.backward {
			hasNext, hasPrev = p.cursor != nil, more
		}
		if hasNext {
			meta.NextCursor = encodeCursor(p.key, lastV, lastID)
		}
		if hasPrev {
			meta.PrevCursor = encodeCursor(p.key, firstV, firstID)
		}
	}
	return Page[T]{Data: rows, Meta: meta}
}

// ContainsPattern turns search text into a LIKE pattern matching it anywhere, with LIKE's own
// wildcards escaped; use it as `lower(col) LIKE ? ESCAPE '\'`.
func ContainsPattern(q string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(strings.TrimSpace(q))) + "%"
}

type cursor struct {
	Key   string          `json:"k"`
	Raw   json.RawMessage `json:"v"`
	ID    int64           `json:"i"`
	Value any             `json:"-"`
}

var errBadCursor = apperror.Invalid("This page link is no longer valid. Go back to the first page.", nil)

func encodeCursor(key string, v any, id int64) string {
	if t, ok := v.(time.Time); ok {
		v = t.UTC().Format(time.RFC3339Nano)
	}
	raw, _ := json.Marshal(v)
	b, _ := json.Marshal(cursor{Key: key, Raw: raw, ID: id})
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(s, key string, kind Kind) (*cursor, error) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, errBadCursor
	}
	c := new(cursor)
	if err := json.Unmarshal(b, c); err != nil || c.Key != key {
		return nil, errBadCursor // also a cursor from another sort order
	}
	switch kind {
	case String:
		var v string
		err = json.Unmarshal(c.Raw, &v)
		if strings.ContainsRune(v, 0) {
			// A cursor is input: "\u0000" decodes to NUL, which PostgreSQL refuses in text and
			// which ends SQLite's statement text (both a 500). Never in a value we encoded.
			err = errBadCursor
		}
		c.Value = v
	case Int:
		var v int64
		err = json.Unmarshal(c.Raw, &v)
		c.Value = v
	case Time:
		var v string
		if err = json.Unmarshal(c.Raw, &v); err == nil {
			var t time.Time
			t, err = time.Parse(time.RFC3339Nano, v)
			if y := t.UTC().Year(); err == nil && (y < 1 || y > 9999) {
				// RFC 3339 reads year 0000, which PostgreSQL refuses ("date/time field value out
				// of range": a 500), and an offset can move 0001-01-01 or 9999-12-31 past either
				// end. No record was written then.
				err = errBadCursor
			}
			c.Value = t
		}
	default:
		err = errors.New("unknown kind")
	}
	if err != nil {
		return nil, errBadCursor
	}
	return c, nil
}
