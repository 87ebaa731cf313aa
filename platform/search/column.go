package search

import (
	"context"
	"strings"

	"github.com/uptrace/bun"
)

// Column is a words column: a small list's records keep their words (Words.List) in a TEXT
// column of their own row, each word preceded by a space (WordsText), so that "a term begins a
// word" is `col LIKE '% term%'` on both SQLite and PostgreSQL. It is the same rule as a word
// table's, read by scanning the list instead of from an index: meant for lists bounded per
// company (categories, stores, companies), where a scan of a few hundred rows costs nothing.
//
// The column is written with the record, in the same statement (WordsText of its fields); the
// rows written before the column existed hold NULL and get theirs from FillMissing at start.
type Column struct {
	// Table is the records' table, e.g. "categories".
	Table string
	// Name is its words column, e.g. "search_words".
	Name string
	// Fields are the columns whose text makes the words (as free text, see Words.Text).
	Fields []string
}

// WordsText returns the value of a words column for the words of a record's fields (free text):
// each distinct word preceded by a space, " " when there are none.
func WordsText(fields ...string) string {
	var w Words
	for _, f := range fields {
		w.Text(f)
	}
	return " " + strings.Join(w.List(), " ")
}

// Where keeps the rows of q (the records' table aliased alias) whose words column has, for
// every term of the search text q, a word that the term begins. No terms keeps every row.
func (c Column) Where(sel *bun.SelectQuery, alias, text string) *bun.SelectQuery {
	for _, term := range Terms(text) {
		// A term is letters and digits only (Terms): nothing in it is a LIKE wildcard. The
		// words are folded to lower case, so PostgreSQL's case-sensitive LIKE and SQLite's
		// case-insensitive one agree.
		sel = sel.Where(alias+"."+c.Name+" LIKE ?", "% "+term+"%")
	}
	return sel
}

// FillMissing writes the words column of the rows that have none (written before the column
// existed, or inserted by hand) and returns how many it wrote. The lists it serves are small,
// so it runs in one pass.
func (c Column) FillMissing(ctx context.Context, db bun.IDB) (int, error) {
	rows, err := db.QueryContext(ctx, "SELECT id, "+strings.Join(c.Fields, ", ")+" FROM "+c.Table+" WHERE "+c.Name+" IS NULL")
	if err != nil {
		return 0, err
	}
	type row struct {
		id   int64
		text string
	}
	var todo []row
	for rows.Next() {
		vals := make([]any, len(c.Fields)+1)
		var id int64
		fields := make([]*string, len(c.Fields))
		vals[0] = &id
		for i := range fields {
			fields[i] = new(string)
			vals[i+1] = fields[i]
		}
		if err := rows.Scan(vals...); err != nil {
			rows.Close()
			return 0, err
		}
		texts := make([]string, len(fields))
		for i, f := range fields {
			texts[i] = *f
		}
		todo = append(todo, row{id, WordsText(texts...)})
	}
	if err := rows.Err(); err != nil {
		rows.Close()
		return 0, err
	}
	if err := rows.Close(); err != nil {
		return 0, err
	}
	for _, r := range todo {
		// A row renamed meanwhile has its words already, from the rename: they stay.
		if _, err := db.NewUpdate().Table(c.Table).Set(c.Name+" = ?", r.text).Where("id = ?", r.id).
			Where(c.Name + " IS NULL").Exec(ctx); err != nil {
			return 0, err
		}
	}
	return len(todo), nil
}
