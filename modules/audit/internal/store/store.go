// Package store reads the audit log (platform/audit's table audit_log, written by every module in
// its own transactions). It never writes.
package store

import (
	"context"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/modules/audit/internal/domain"
	"github.com/backoffice/backoffice/platform/audit"
	"github.com/backoffice/backoffice/platform/listing"
)

// Row is one audit entry as read.
type Row = audit.Entry

// Filter narrows the log. Zero values filter nothing.
type Filter struct {
	Q        string
	ActorID  int64
	Kind     *domain.Kind
	Entity   string
	EntityID string
	// From and To bound created_at: From included, To excluded (instants, the Bogota days'
	// edges).
	From, To time.Time
}

// Spec is the list's one order: newest first (created_at; the id breaks ties and follows
// insertion).
var Spec = listing.Spec{
	Columns:     map[string]listing.Column{"created_at": {Expr: "a.created_at", Kind: listing.Time}},
	Default:     "created_at",
	DefaultDesc: true,
	ID:          "a.id",
}

// Store reads the log on db.
type Store struct{ db bun.IDB }

// New returns a Store on db.
func New(db bun.IDB) *Store { return &Store{db: db} }

// like escapes LIKE's wildcards in s, for `LIKE ? ESCAPE '\'`.
func like(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

func (s *Store) filtered(q *bun.SelectQuery, scope listing.Scope, f Filter) *bun.SelectQuery {
	q = listing.Restrict(q, scope, "a.company_id")
	if f.ActorID > 0 {
		q = q.Where("a.actor_id = ?", f.ActorID)
	}
	if f.Entity != "" {
		q = q.Where("a.entity IN (?)", bun.In(domain.EntitiesOf(f.Entity)))
	}
	if f.EntityID != "" {
		q = q.Where("a.entity_id = ?", f.EntityID)
	}
	if !f.From.IsZero() {
		q = q.Where("a.created_at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		q = q.Where("a.created_at < ?", f.To.UTC())
	}
	if t := strings.TrimSpace(f.Q); t != "" {
		p := listing.ContainsPattern(t)
		q = q.Where(`(lower(a.detail) LIKE ? ESCAPE '\' OR lower(a.entity_id) LIKE ? ESCAPE '\' OR lower(a.action) LIKE ? ESCAPE '\')`, p, p, p)
	}
	if k := f.Kind; k != nil {
		q = q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
			g = g.WhereOr("1 = 0") // an empty kind matches nothing
			if len(k.Actions) > 0 {
				g = g.WhereOr("a.action IN (?)", bun.In(k.Actions))
			}
			for _, p := range k.Prefixes {
				g = g.WhereOr(`a.action LIKE ? ESCAPE '\'`, like(p)+"%")
			}
			for _, sfx := range k.Suffixes {
				g = g.WhereOr(`a.action LIKE ? ESCAPE '\'`, "%"+like(sfx))
			}
			if len(k.Entities) > 0 {
				g = g.WhereOr("a.entity IN (?)", bun.In(k.Entities))
			}
			return g
		})
	}
	return q
}

func (s *Store) selectRows(dst any, scope listing.Scope, f Filter) *bun.SelectQuery {
	return s.filtered(s.db.NewSelect().Model(dst).ModelTableExpr("audit_log AS a").ColumnExpr("a.*"), scope, f)
}

// List returns one page (plan) of the entries in scope matching f, before Finish.
func (s *Store) List(ctx context.Context, scope listing.Scope, f Filter, plan *listing.Plan) ([]Row, error) {
	var rows []Row
	return rows, plan.Apply(s.selectRows(&rows, scope, f)).Scan(ctx)
}

// Count counts the entries in scope matching f.
func (s *Store) Count(ctx context.Context, scope listing.Scope, f Filter) (int, error) {
	n, err := s.filtered(s.db.NewSelect().Model((*Row)(nil)).ModelTableExpr("audit_log AS a"), scope, f).Count(ctx)
	return int(n), err
}

// Each calls fn for every entry in scope matching f in the list's order for sort, streaming.
func (s *Store) Each(ctx context.Context, scope listing.Scope, f Filter, sort string, fn func(Row) error) error {
	return listing.Each(ctx, s.selectRows((*Row)(nil), scope, f).OrderExpr(Spec.OrderBy(sort)), fn)
}

// KeyOf is a row's cursor position: its instant and id.
func KeyOf(r Row) (any, int64) { return r.CreatedAt, r.ID }
