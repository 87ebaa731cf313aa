package search

import (
	"context"

	"github.com/uptrace/bun"

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
