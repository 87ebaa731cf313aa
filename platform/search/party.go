package search

import (
	"context"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	platformdb "github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
)

// Party is the search of a document list (purchases, sales) whose documents are found by their
// own words — a reference, a number — kept in Words, or by their party: the supplier or customer
// whose current names the search finds, which the module owning the parties answers (so that a
// renamed party's documents follow it, and a whole party name costs a handful of party ids
// rather than the word rows of all their documents).
type Party struct {
	// Words is the documents' word table; Words.Source is the documents' table.
	Words Table
	// Alias is the documents' alias in the list query; Column the documents' column naming the
	// party (supplier_id, customer_id).
	Alias, Column string
	// Dated is the documents' date column (purchase_date, sale_date): the list's sort key of
	// the same name, whose Spec expression must be Alias.Dated, is served per party by the
	// index (Column, company_id, Dated, id) that Page reads.
	Dated string
}

// Sides is one search text resolved for a Party search: its terms, the parties it finds, and
// whether it also finds documents by their own words (known once Probe ran).
type Sides struct {
	Terms    []string
	PartyIDs []int64
	own      bool
	known    bool
}

// Resolve starts the Sides of search text q with the parties the owner found for it.
func Resolve(q string, partyIDs []int64) Sides { return Sides{Terms: Terms(q), PartyIDs: partyIDs} }

// Probe finds out, when the search finds parties too, whether it also matches documents by their
// own words (one index probe): most searches are one or the other, and each alone is an index
// range in the list's order, where both together are an id set to collect and sort.
func (p Party) Probe(ctx context.Context, db bun.IDB, sc listing.Scope, s Sides) (Sides, error) {
	if len(s.Terms) == 0 || len(s.PartyIDs) == 0 || s.known {
		return s, nil
	}
	found, err := p.Words.IDs(db, s.Terms, sc).Limit(1).Exists(ctx)
	s.own, s.known = found, err == nil
	return s, err
}

// Where narrows q, a SELECT of the documents aliased p.Alias in scope sc, to those the search
// finds: by their own words, by their party, or both (no terms: q as is).
func (p Party) Where(db bun.IDB, q *bun.SelectQuery, sc listing.Scope, s Sides) *bun.SelectQuery {
	if len(s.Terms) == 0 {
		return q
	}
	own, byParty := !s.known || s.own, len(s.PartyIDs) > 0
	switch {
	case own && byParty:
		// The documents whose own words match, and those of the parties that match.
		return q.Where(p.Alias+".id IN (?)", p.Words.IDs(db, s.Terms, sc).UnionAll(listing.Restrict(
			db.NewSelect().TableExpr(p.Words.Source+" AS ps").ColumnExpr("ps.id").
				Where("ps."+p.Column+" IN (?)", bun.In(s.PartyIDs)).Where("ps.deleted_at IS NULL"), sc, "ps.company_id")))
	case byParty:
		// A party's name (the usual search but for a reference): its documents are a range of
		// the (party, company, date) index, read in date order.
		return q.Where(p.Alias+"."+p.Column+" IN (?)", bun.In(s.PartyIDs))
	default:
		return q.Where(p.Alias+".id IN (?)", p.Words.IDs(db, s.Terms, sc))
	}
}

// PerPartyFrom is how many parties a search must find for Page to read each party's first page
// and merge them (see Page); below it the documents of the parties are few enough for any plan.
const PerPartyFrom = 8

// Page selects the page plan of the documents that search s finds and filter keeps: rows is the
// SELECT of the documents aliased p.Alias in scope sc that the page reads (its columns), filter
// adds the list's other conditions to any SELECT of the documents aliased p.Alias. Without
// Where's shortcut below, Page is plan.Apply(filter(Where(rows))).
//
// A search by a common party name (a first name, "Ferretería") finds tens or hundreds of
// parties: "party IN (ids) ORDER BY date DESC LIMIT 26" cannot merge that many ranges of the
// (party, company, date, id) index in date order, so PostgreSQL walks the company's date index
// backwards and filters, reading a document in a hundred to fill a page (167 customers among
// 10,000, 900,000 sales: 2,300 buffers, 3–10 ms). On PostgreSQL, in the list's date order, with
// at least PerPartyFrom parties and no document found by its own words, Page reads instead each
// party's first page from its index range (LATERAL, the cursor and the filters inside), keeps
// the page's worth of the newest among them, and only then reads those documents' rows. A
// party's documents are its company's, so ordering them by (company, date, id) is their date
// order, and that is the index's order also when the scope is every company. SQLite has no
// LATERAL: it keeps the IN, which gives the same page.
func (p Party) Page(db bun.IDB, rows *bun.SelectQuery, sc listing.Scope, s Sides, plan *listing.Plan,
	filter func(*bun.SelectQuery) *bun.SelectQuery) *bun.SelectQuery {
	if len(s.Terms) == 0 || !s.known || s.own || len(s.PartyIDs) < PerPartyFrom ||
		p.Dated == "" || plan.Key() != p.Dated || !platformdb.IsPostgres(db) {
		return plan.Apply(filter(p.Where(db, rows, sc, s)))
	}
	a := p.Alias
	// One party's first page: the cursor's condition, the order with the company first (one
	// value per party) so that its index range is read in order, the page's limit.
	each := filter(listing.Restrict(db.NewSelect().TableExpr(p.Words.Source+" AS "+a).
		ColumnExpr(a+"."+p.Dated+" AS sort_key").ColumnExpr(a+".id").
		Where(a+".deleted_at IS NULL").Where(a+"."+p.Column+" = party.id"), sc, a+".company_id"))
	each = plan.ApplyWithin(each, a+".company_id", a+"."+p.Dated, a+".id")
	newest := db.NewSelect().TableExpr("unnest(CAST(? AS BIGINT[])) AS party (id)", pgdialect.Array(s.PartyIDs)).
		Join("CROSS JOIN LATERAL (?) AS k", each).ColumnExpr("k.id").
		OrderExpr(plan.OrderOn("k.sort_key", "k.id")).Limit(int64(plan.Query().PerPage + 1))
	return plan.Apply(rows.Where(a+".id IN (?)", newest))
}
