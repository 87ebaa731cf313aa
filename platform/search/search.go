// Package search is the word index behind the lists' search box. A list searched by a substring
// (lower(name) LIKE '%text%') cannot be read in name order from an index: the database either
// walks the name index and filters every row until a page is full — seconds when the matches
// sit late in the order, as "yogur" does among products named by their type — or collects every
// match and sorts it. So each searchable entity keeps a table of its records' words, one row per
// (record, word) with the record's company and sort key, indexed by (word, company_id,
// sort_name, id): a search term is a range of that index, read in name order without touching
// the records themselves (an index-only scan), so a page costs the same wherever its matches sit.
//
// What a search matches: every term of the search text must begin one of the record's words.
// Words and terms are folded the same way: lower case, accents and other marks removed ("Gómez"
// is found by "gomez", "Ñame" by "name"). A record's words are its runs of letters and digits,
// and each space-free chunk of several runs also run together ("gomez-restrepo", "arz000123"
// for ARZ-000123); an identifier (a code, an e-mail, a document number) is also indexed whole,
// its runs together ("9001234567" for NIT 900.123.456-7). A term is a space-free chunk of the
// search text with its runs together, so "ARZ-000123", "900.123.456" and "gómez" all find theirs.
//
// Several terms: the longest term's words are read in name order and each record found there is
// checked for the other terms. Most candidates of a common word fail that check (a first name
// among 3,000 records, a surname among as many), so every word row also carries the record's
// mask: four bits per distinct beginning (first three characters) of its words, of 126. A record
// whose mask lacks a term's bits cannot match it and is skipped inside the index read; only the
// few left are probed for the other terms (see Mask).
//
// A module owns its word table (created in its migration, see Table for the shape), calls Put in
// the transaction that creates or changes a record, Drop in the one that deletes it, and builds
// its list's search from Matches (or IDs).
//
// Every list searches by this one rule; how it is read depends on the list's size:
//
//   - Word tables (Table), for the lists that grow without bound: products, customers,
//     suppliers, purchases, purchase orders and received orders (their reference and product),
//     users (username, names, e-mail) and notifications (reference and supplier; an inbox is one
//     user's, so the recipient is the sort key). A search is an index range per term.
//   - A words column (Column), for the small lists bounded per company or per installation:
//     categories, stores and companies. The record's words are kept in its own row, written
//     with it, and a term is `LIKE '% term%'` on that column, which both SQLite and PostgreSQL
//     evaluate the same way; a scan of a company's few hundred rows costs nothing, and a word
//     table would be three more tables to keep for no gain.
//
// Either way the rows written before their words existed are given them at start (IndexMissing,
// Column.FillMissing), by the composition's IndexSearch at every start.
package search

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	platformdb "github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
)

// MaxTerms is how many words of a search text count; the longest are kept (the most selective).
const MaxTerms = 6

// maxWordBytes bounds one indexed word: a longer one is cut (and still found by its beginning).
const maxWordBytes = 64

// upper is larger than any string that begins with a given prefix, compared byte by byte (SQLite
// BINARY, PostgreSQL COLLATE "C"): U+10FFFF is the largest code point, so prefix+upper bounds
// the prefix's range.
const upper = "\U0010FFFF"

// Fold returns s as it is indexed and searched: lower case, without accents or other combining
// marks.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// tokens splits folded text into its runs of letters and digits.
func tokens(folded string) []string {
	return strings.FieldsFunc(folded, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// cut shortens w to maxWordBytes without splitting a character.
func cut(w string) string {
	if len(w) <= maxWordBytes {
		return w
	}
	i := maxWordBytes
	for i > 0 && !utf8.RuneStart(w[i]) {
		i--
	}
	return w[:i]
}

// Words collects the distinct words of one record's searchable fields.
type Words struct{ set map[string]struct{} }

func (w *Words) add(word string) {
	if word == "" {
		return
	}
	if w.set == nil {
		w.set = map[string]struct{}{}
	}
	w.set[cut(word)] = struct{}{}
}

// Text adds the words of free text: a name, a company, a city.
func (w *Words) Text(s string) *Words {
	for _, chunk := range strings.Fields(Fold(s)) {
		ts := tokens(chunk)
		for _, t := range ts {
			w.add(t)
		}
		w.add(strings.Join(ts, ""))
	}
	return w
}

// Identifier adds the words of an identifier (a code, an e-mail, a document number), and the
// whole identifier with its letters and digits run together, as people type it without
// punctuation.
func (w *Words) Identifier(s string) *Words {
	w.Text(s)
	w.add(strings.Join(tokens(Fold(s)), ""))
	return w
}

// List returns the words, sorted.
func (w *Words) List() []string {
	out := make([]string, 0, len(w.set))
	for k := range w.set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Terms returns the terms of search text q: each space-free chunk folded, its letters and digits
// run together, without the terms that begin another one (a word that begins with "arroz" also
// begins with "arr"), longest first, at most MaxTerms. No terms means no search.
func Terms(q string) []string {
	var ts []string
	for _, chunk := range strings.Fields(Fold(q)) {
		if t := strings.Join(tokens(chunk), ""); t != "" {
			ts = append(ts, t)
		}
	}
	slices.SortFunc(ts, func(a, b string) int { return len(b) - len(a) })
	var out []string
	for _, t := range ts {
		t = cut(t)
		if !slices.ContainsFunc(out, func(o string) bool { return strings.HasPrefix(o, t) }) {
			out = append(out, t)
		}
	}
	if len(out) > MaxTerms {
		out = out[:MaxTerms]
	}
	return out
}

// MaskColumns are a word table's mask columns: each holds 63 bits of the record's mask, so that
// every value is a positive BIGINT.
var MaskColumns = [...]string{"mask1", "mask2"}

// maskBits is how many bits a mask has: 63 per column.
const maskBits = 63 * uint64(len(MaskColumns))

// prefixRunes is how many characters of a word or term choose its bits in a mask.
const prefixRunes = 3

// maskHashes are the multipliers of the hashes that choose a beginning's four bits. With about
// ten distinct beginnings per record (a customer's names, e-mail, document, company), four bits of
// 126 let one record in 200 through a term it lacks: one bit of 63 let one in seven, and a
// systematic collision (every "quintero" having the bit of "dan") made a whole-name search
// probe thousands of records.
var maskHashes = [...]uint64{2654435761, 2246822519, 3266489917, 668265263}

// Mask is a record's mask, or the bits a record's mask must have to match some terms: one
// 63-bit part per mask column.
type Mask [len(MaskColumns)]int64

// prefixCode is a word's or a term's beginning as a number: its first three characters' code
// points (0 for a missing one) in base 31, at most about 1.1e9.
func prefixCode(s string) uint64 {
	var x uint64
	n := 0
	for _, r := range s {
		if n == prefixRunes {
			break
		}
		x = x*31 + uint64(r)
		n++
	}
	for ; n < prefixRunes; n++ {
		x *= 31
	}
	return x
}

// add sets the bits of a word's or a term's beginning: multiplicative hashes of its code, their
// middle bits, modulo 126. The products stay below 2^63, so that SQL computes the same in BIGINT
// (the migration that gave existing rows their masks does, migrations.Types.MaskBit).
func (m *Mask) add(s string) {
	x := prefixCode(s)
	for _, mul := range maskHashes {
		b := x * mul / 65536 % maskBits
		m[b/63] |= 1 << (b % 63)
	}
}

// MaskOf returns the mask of a record with words: the bits of its words' beginnings. A term of
// three characters or more can begin one of the words only if the mask has the term's bits.
func MaskOf(words ...string) Mask {
	var m Mask
	for _, w := range words {
		m.add(w)
	}
	return m
}

// has tells whether m has every bit of bits.
func (m Mask) has(bits Mask) bool {
	for i := range m {
		if m[i]&bits[i] != bits[i] {
			return false
		}
	}
	return true
}

// termsMask returns the bits that a record's mask must have to match every term: none for a term
// shorter than three characters, which begins words of many beginnings.
func termsMask(terms []string) Mask {
	var m Mask
	for _, t := range terms {
		if utf8.RuneCountInString(t) >= prefixRunes {
			m.add(t)
		}
	}
	return m
}

// Table is one entity's word index, a table of the owning module:
//
//	CREATE TABLE <Name> (<Key> BIGINT NOT NULL, word TEXT NOT NULL, company_id BIGINT NOT NULL,
//	    sort_name TEXT NOT NULL, mask1 BIGINT NOT NULL, mask2 BIGINT NOT NULL,
//	    PRIMARY KEY (<Key>, word));
//	CREATE INDEX ... ON <Name> (word, company_id, sort_name, <Key>) INCLUDE (mask1, mask2);
//	CREATE INDEX ... ON <Name> (word, sort_name, <Key>) INCLUDE (mask1, mask2);  -- admins'
//
// (SQLite has no INCLUDE: the masks are the indexes' last columns there.) The masks are the
// record's (MaskOf), the same in each of its rows, so that the index read filters by them.
//
// word compares byte by byte (COLLATE "C" on PostgreSQL), so that a prefix is an index range on
// any database collation. sort_name is the record's sort key as the list's default order
// computes it, so a search is read in list order from the index alone.
type Table struct {
	// Name is the word table, e.g. "product_words".
	Name string
	// Key is its column holding the record's id, e.g. "product_id".
	Key string
	// Source is the records' table, e.g. "products"; Put reads company_id and the sort key there.
	Source string
	// SortExpr is the list's name sort expression over Source aliased "s", e.g. "lower(s.name)".
	SortExpr string
}

// Put replaces the words of the records in words (record id → its words, see Words) inside the
// caller's transaction; company_id and sort_name are read from the records' rows, which must be
// written first.
//
// It is also the bulk path (IndexMissing: a thousand records a call), so the rows go in as a
// set, in the order of the word indexes: sorted by word and sort key, each index is walked
// forward instead of written at a random page per row — a product's sort key, its name, has no
// relation to its id, and every row of a catalogue's words landed on another page of
// (word, sort_name) (on PostgreSQL a page written first after a checkpoint is logged whole).
// The records are read from Source by one id range, not by a join PostgreSQL may plan as a scan
// of the whole table per statement (it did, for each thousand words of a 100,000-product
// catalogue). PostgreSQL gets the rows as four arrays in one statement; SQLite, which has no
// arrays, as VALUES of putChunk rows.
func (t Table) Put(ctx context.Context, db bun.IDB, words map[int64][]string) error {
	ids := make([]int64, 0, len(words))
	for id := range words {
		ids = append(ids, id)
	}
	if err := t.Drop(ctx, db, ids...); err != nil {
		return err
	}
	var rows []wordRow
	for _, id := range ids {
		mask := MaskOf(words[id]...)
		for _, w := range words[id] {
			rows = append(rows, wordRow{id: id, word: w, mask: mask})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	// Byte order, the word column's collation (COLLATE "C"; SQLite BINARY).
	slices.SortFunc(rows, func(a, b wordRow) int {
		if c := strings.Compare(a.word, b.word); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	lo, hi := slices.Min(ids), slices.Max(ids)
	// Two processes indexing the same record at once (replicas starting together) insert its
	// words once: ON CONFLICT DO NOTHING (SQLite needs the WHERE to parse it after a SELECT).
	into := "INSERT INTO " + t.Name + " (" + t.Key + ", word, company_id, sort_name, " + MaskColumns[0] + ", " + MaskColumns[1] + ") " +
		"SELECT s.id, v.word, s.company_id, " + t.SortExpr + " AS sort_name, v.m1, v.m2 FROM "
	join := " JOIN " + t.Source + " AS s ON s.id = v.id AND s.id BETWEEN ? AND ? WHERE true ORDER BY v.word, sort_name, s.id ON CONFLICT DO NOTHING"
	if platformdb.IsPostgres(db) {
		var (
			rowIDs, m1, m2 = make([]int64, len(rows)), make([]int64, len(rows)), make([]int64, len(rows))
			ws             = make([]string, len(rows))
		)
		for i, r := range rows {
			rowIDs[i], ws[i], m1[i], m2[i] = r.id, r.word, r.mask[0], r.mask[1]
		}
		_, err := db.NewRaw(into+"unnest(CAST(? AS BIGINT[]), CAST(? AS TEXT[]), CAST(? AS BIGINT[]), CAST(? AS BIGINT[])) "+
			"AS v(id, word, m1, m2)"+strings.Replace(join, "ORDER BY v.word,", `ORDER BY v.word COLLATE "C",`, 1),
			pgdialect.Array(rowIDs), pgdialect.Array(ws), pgdialect.Array(m1), pgdialect.Array(m2), lo, hi).Exec(ctx)
		return err
	}
	for chunk := range slices.Chunk(rows, putChunk) {
		var values strings.Builder
		args := make([]any, 0, 4*len(chunk)+2)
		for i, r := range chunk {
			if i > 0 {
				values.WriteString(", ")
			}
			values.WriteString("(?, ?, CAST(? AS BIGINT), CAST(? AS BIGINT))")
			args = append(args, r.id, r.word, r.mask[0], r.mask[1])
		}
		// VALUES columns are column1, column2… on SQLite.
		_, err := db.NewRaw(into+"(SELECT column1 AS id, column2 AS word, column3 AS m1, column4 AS m2 FROM (VALUES "+values.String()+")) AS v"+join,
			append(args, lo, hi)...).Exec(ctx)
		if err != nil {
			return err
		}
	}
	return nil
}

// wordRow is one row of a word table as Put writes it.
type wordRow struct {
	id   int64
	word string
	mask Mask
}

// putChunk is how many words one INSERT of Put carries on SQLite.
const putChunk = 1000

// Drop removes the words of the records ids (they were deleted, or are indexed again).
func (t Table) Drop(ctx context.Context, db bun.IDB, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := db.NewDelete().TableExpr(t.Name).Where(t.Key+" IN (?)", bun.In(ids)).Exec(ctx)
	return err
}

// Matches selects the records in scope that match every term, one row each, as columns "id"
// and "sort_name" of the word table aliased "w": what a search counts (and, through IDs, what a
// search with other filters or another order keeps). terms must not be empty (see Terms).
func (t Table) Matches(db bun.IDB, terms []string, sc listing.Scope) *bun.SelectQuery {
	return t.matches(db, terms, sc, false)
}

// matches is Matches, the other terms probed per candidate when probe is set (see others).
func (t Table) matches(db bun.IDB, terms []string, sc listing.Scope, probe bool) *bun.SelectQuery {
	q := db.NewSelect().TableExpr(t.Name+" AS w").ColumnExpr("w."+t.Key+" AS id").ColumnExpr("w.sort_name").
		Where("w.word >= ? AND w.word < ?", terms[0], terms[0]+upper)
	return t.others(listing.Restrict(q, sc, "w.company_id"), terms[1:], probe).GroupExpr("w." + t.Key + ", w.sort_name")
}

// IDs selects the ids of the records in scope that match every term: the condition
// "<id column> IN (?)" of a search combined with other filters or another order.
func (t Table) IDs(db bun.IDB, terms []string, sc listing.Scope) *bun.SelectQuery {
	q := db.NewSelect().TableExpr(t.Name+" AS w").ColumnExpr("w."+t.Key).
		Where("w.word >= ? AND w.word < ?", terms[0], terms[0]+upper)
	return t.others(listing.Restrict(q, sc, "w.company_id"), terms[1:], false)
}

// others requires each of terms to begin another word of the record "w". PostgreSQL turns each
// such condition into a semi-join, which over many candidate rows is what it should be (a hash
// of a term's words beats a probe per row by far), but whose join orders it searches at every
// request: for a whole name of five words, 1.3 ms of planning before 0.1 ms of reading. With few
// candidates, or few left by the masks (probe), the records' masks are checked first and OFFSET 0
// keeps each condition a subplan probed per candidate row instead. The masks stay out of the
// semi-joins: PostgreSQL cannot estimate them and, believing few rows left, would probe each of
// a count's matches (a name shared by 1,700 customers: 6 ms instead of 3).
func (t Table) others(q *bun.SelectQuery, terms []string, probe bool) *bun.SelectQuery {
	fence := ""
	if probe {
		fence = " LIMIT 1 OFFSET 0"
	}
	for i, m := range termsMask(terms) {
		if probe && m != 0 {
			q = q.Where("(w."+MaskColumns[i]+" & CAST(? AS BIGINT)) = CAST(? AS BIGINT)", m, m)
		}
	}
	for _, term := range terms {
		q = q.Where("EXISTS (SELECT 1 FROM "+t.Name+" AS w1 WHERE w1."+t.Key+" = w."+t.Key+
			" AND w1.word >= ? AND w1.word < ?"+fence+")", term, term+upper)
	}
	return q
}

// maxPageWords is how many distinct words the driving term may begin for Page to read each
// word's stretch of the index in name order; beyond it (a term of a letter or two) Page collects
// every match and sorts.
const maxPageWords = 32

// fewCandidates is the number of index entries of the driving term under which Page collects
// its candidates in one range and probes each for the other terms (see others), even when the
// masks cannot sort them out.
const fewCandidates = 64

// Page selects one page of Matches for plan, in the plan's order, as columns "id" and
// "sort_name": join the records to it and order them with plan.OrderOn("<alias>.sort_name",
// "<alias>.id"). The index holds each word's records in name order, so the page reads, for each
// word the driving term begins (found first, one index probe each), at most a page of rows: its
// cost does not grow with the number of matches. terms must not be empty.
func (t Table) Page(ctx context.Context, db bun.IDB, terms []string, sc listing.Scope, plan *listing.Plan) (*bun.SelectQuery, error) {
	driver, words, candidates, err := t.driverWords(ctx, db, terms, sc, maxPageWords+1)
	if err != nil {
		return nil, err
	}
	terms = append([]string{terms[driver]}, slices.Delete(slices.Clone(terms), driver, driver+1)...)
	switch {
	case len(words) == 0:
		// The driving term, the rarest, begins no word in scope: nothing matches.
		return plan.ApplyOn(t.Matches(db, terms, sc).Where("1 = 0"), "w.sort_name", "w."+t.Key), nil
	case len(words) > maxPageWords:
		return plan.ApplyOn(t.Matches(db, terms, sc), "w.sort_name", "w."+t.Key), nil
	case candidates < fewCandidates && len(words) > 1:
		// Few candidates: one range, probed and sorted, plans faster than a stretch per word
		// (the eleven words "012086" begins, each with the other terms' probes: 5 ms).
		return plan.ApplyOn(t.matches(db, terms, sc, true), "w.sort_name", "w."+t.Key), nil
	}
	// Probing each candidate wins when there are few, and when another term has bits in the
	// masks: the candidates left are the matches (a page of them is enough) and about one in
	// 200 of the others per such term. A semi-join would read every entry of each other
	// term ("2" of "arroz 2 kg": tens of thousands) to check a few records.
	probe := candidates < fewCandidates || termsMask(terms[1:]) != Mask{}
	// One ordered stretch of the index per word, a page each; a record holding two of the words
	// comes twice and is grouped once.
	parts := make([]string, len(words))
	for i, w := range words {
		q := db.NewSelect().TableExpr(t.Name+" AS w").ColumnExpr("w."+t.Key+" AS id").ColumnExpr("w.sort_name").
			Where("w.word = ?", w)
		q = plan.ApplyOn(t.others(listing.Restrict(q, sc, "w.company_id"), terms[1:], probe), "w.sort_name", "w."+t.Key)
		if len(words) == 1 {
			return q, nil
		}
		parts[i] = "SELECT id, sort_name FROM (" + q.String() + ") AS s" + strconv.Itoa(i)
	}
	union := db.NewSelect().TableExpr("(?) AS w", bun.Safe(strings.Join(parts, " UNION ALL "))).
		ColumnExpr("w.id").ColumnExpr("w.sort_name").GroupExpr("w.id, w.sort_name")
	return plan.ApplyOn(union, "w.sort_name", "w.id"), nil
}

// driverWords picks the term whose words Page reads and returns its index in terms, up to limit
// of the distinct words of the records in scope that it begins, in order (a walk that jumps from
// one word to the next through the index), and its number of index entries. Of several terms,
// the one with the fewest entries drives, counted up to fewCandidates (on a tie, the longest, the
// first): the serial of a product's whole name, one entry, rather than "sardinas", 5,000. One
// term is not counted: its entries are returned as fewCandidates. One statement, one round trip,
// prepared once per connection (platform/db.Query): its planning cost five times its reading.
func (t Table) driverWords(ctx context.Context, db bun.IDB, terms []string, sc listing.Scope, limit int) (driver int, words []string, entries int, _ error) {
	// company restricts w to the scope; each use of it takes the company's id as an argument.
	company, inScope := "", []any(nil)
	if !sc.All {
		company, inScope = " AND w.company_id = ?", []any{sc.CompanyID}
	}
	// walk is the recursive walk over the words from lo to hi, which are arguments or, with
	// picked, the columns of the picked term p.
	walk := func(picked bool) string {
		lo, hi, from, join := "?", "?", "", ""
		if picked {
			lo, hi, from, join = "p.lo", "p.hi", " FROM p", ", p"
		}
		return "v(word, k) AS (" +
			"SELECT (SELECT w.word FROM " + t.Name + " AS w WHERE w.word >= " + lo + " AND w.word < " + hi + company + " ORDER BY w.word LIMIT 1), 1" + from + " " +
			"UNION ALL " +
			"SELECT (SELECT w.word FROM " + t.Name + " AS w WHERE w.word > v.word AND w.word < " + hi + company + " ORDER BY w.word LIMIT 1), v.k + 1 " +
			"FROM v" + join + " WHERE v.word IS NOT NULL AND v.k < ?)"
	}
	var (
		query string
		args  []any
	)
	if len(terms) == 1 {
		// Nothing to choose: the walk alone.
		args = append(append(append([]any{terms[0], terms[0] + upper}, inScope...), terms[0]+upper), inScope...)
		args = append(args, limit, fewCandidates)
		query = "WITH RECURSIVE " + walk(false) + " SELECT 0, CAST(? AS INTEGER), v.word FROM v WHERE v.word IS NOT NULL"
	} else {
		ranges := make([]string, len(terms))
		for i, term := range terms {
			ranges[i] = "(" + strconv.Itoa(i) + ", ?, ?)"
			args = append(args, term, term+upper)
		}
		args = append(append(args, inScope...), fewCandidates) // n
		args = append(args, inScope...)                        // v, first word
		args = append(append(args, inScope...), limit)         // v, next words
		query = "WITH RECURSIVE t(i, lo, hi) AS (VALUES " + strings.Join(ranges, ", ") + "), " +
			"n AS (SELECT t.i, t.lo, t.hi, (SELECT count(*) FROM (SELECT 1 FROM " + t.Name + " AS w " +
			"WHERE w.word >= t.lo AND w.word < t.hi" + company + " LIMIT ?) AS c) AS entries FROM t), " +
			"p AS (SELECT i, lo, hi, entries FROM n ORDER BY entries, i LIMIT 1), " + walk(true) + " " +
			"SELECT p.i, p.entries, v.word FROM v, p WHERE v.word IS NOT NULL"
	}
	rows, err := platformdb.Query(ctx, db, query, args...)
	if err != nil {
		return 0, nil, 0, err
	}
	defer rows.Close()
	for rows.Next() {
		var word string
		if err := rows.Scan(&driver, &entries, &word); err != nil {
			return 0, nil, 0, err
		}
		words = append(words, word)
	}
	return driver, words, entries, rows.Err()
}

// mark records that the records up to top have their words (IndexMissing, when it has checked
// every one above through); a mark never moves back (another replica's run may have gone further).
func (t Table) mark(ctx context.Context, db bun.IDB, through, top sql.NullInt64) error {
	if !top.Valid || (through.Valid && top.Int64 <= through.Int64) {
		return nil
	}
	_, err := db.NewRaw(`INSERT INTO search_marks (word_table, through_id) VALUES (?, ?)
ON CONFLICT (word_table) DO UPDATE SET through_id = CASE WHEN excluded.through_id > search_marks.through_id
    THEN excluded.through_id ELSE search_marks.through_id END`, t.Name, top.Int64).Exec(ctx)
	return err
}

// indexBatch is how many records IndexMissing indexes per transaction.
const indexBatch = 1000

// IndexMissing gives their words, a batch per transaction, to the records that have none
// (written before the word index existed, or loaded straight into the table) and returns how
// many it indexed. load reads a batch and returns the records' words by id: it builds its
// SELECT of the live records of Source aliased "p" and passes it through pick, which keeps, of
// the next indexBatch records in id order, those without words.
//
// The batches walk the ids forward by windows of the source's primary key, and only a window's
// records are checked for words: a batch costs the same at the end as at the start. Selecting
// "the first records without words" instead made each batch skip, or hash, every record and
// word indexed before it (801,000 products: 15 minutes; a million purchases slowed from 2,500
// to 1,100 a second as their words grew). The walk starts at the first live record without
// words, found by one probe: serve runs IndexMissing for every word table at every start, and
// with nothing to index that probe is all it costs (walking every window of a million purchases
// at each start was a thousand transactions of background work on every replica).
//
// The probe looks only above the table's mark (search_marks, migrations/20261205020000): the
// largest id a run that finished had checked, every record at or below it having its words.
// Without it the probe was an anti-join of every record against its words at every start
// (3.8 s for a million sales). Records loaded straight into the table afterwards get larger ids
// and are found; a record whose words someone deletes by hand below the mark is not.
func (t Table) IndexMissing(ctx context.Context, db bun.IDB,
	load func(ctx context.Context, tx bun.IDB, pick func(*bun.SelectQuery) *bun.SelectQuery) (map[int64][]string, error)) (int, error) {
	var through, top sql.NullInt64
	if err := db.NewRaw("SELECT through_id FROM search_marks WHERE word_table = ?", t.Name).Scan(ctx, &through); err != nil &&
		!errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	// The records that exist now: checked by this run (those written meanwhile have their words).
	if err := db.NewRaw("SELECT max(id) FROM "+t.Source).Scan(ctx, &top); err != nil {
		return 0, err
	}
	first, err := load(ctx, db, func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("p.id > ?", through.Int64).
			Where("NOT EXISTS (SELECT 1 FROM " + t.Name + " AS w WHERE w." + t.Key + " = p.id)").OrderExpr("p.id").Limit(1)
	})
	if err != nil {
		return 0, err
	}
	if len(first) == 0 {
		return 0, t.mark(ctx, db, through, top)
	}
	done := 0
	var after int64
	for id := range first {
		after = id - 1 // the window starts with it
	}
	for {
		// The window: the next indexBatch ids of the source after the previous window.
		var last sql.NullInt64
		if err := db.NewRaw("SELECT max(id) FROM (SELECT id FROM "+t.Source+" WHERE id > ? ORDER BY id LIMIT ?) AS win",
			after, indexBatch).Scan(ctx, &last); err != nil {
			return done, err
		}
		if !last.Valid {
			return done, t.mark(ctx, db, through, top)
		}
		lo, hi := after, last.Int64
		err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			words, err := load(ctx, tx, func(q *bun.SelectQuery) *bun.SelectQuery {
				return q.Where("p.id > ? AND p.id <= ?", lo, hi).
					Where("NOT EXISTS (SELECT 1 FROM " + t.Name + " AS w WHERE w." + t.Key + " = p.id)").OrderExpr("p.id")
			})
			if err != nil {
				return err
			}
			done += len(words)
			return t.Put(ctx, tx, words)
		})
		if err != nil {
			return done, err
		}
		after = hi
	}
}
