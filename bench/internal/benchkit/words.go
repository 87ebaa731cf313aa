package benchkit

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/backoffice/backoffice/platform/search"
)

// WordFill is one word table (platform/search) a bulk load fills itself instead of leaving it
// to serve's background indexing: a server started on 2,000,000 payments without words spent
// ~1.5 h writing them, a batch of 1,000 at a time, during the benches' measurements. Table, Key,
// Source and SortExpr are the module's search.Table; Columns are the source's columns Words
// reads (in that order), and Words the record's words as the module's RowWords gives them.
type WordFill struct {
	Table, Key, Source, SortExpr string
	Columns                      []string
	Words                        func(cols []string) []string
	// Index is the module's own indexer (its IndexSearchWords), which CheckWords compares with.
	Index func(context.Context, bun.IDB) (int, error)
}

// wordWindow is how many source records FillWords reads and copies at a time.
const wordWindow = 50_000

// FillWords writes the words of every live record of each fill's source that has none, table by
// table in one transaction each: the table's secondary indexes are dropped, the words computed
// in Go (platform/search's own rule) and sent with COPY in windows of source ids, and the
// indexes built again (a sort each, instead of millions of random insertions), then vacuumed. Nothing else
// may index these tables meanwhile (a server that started on the unindexed rows would).
func FillWords(ctx context.Context, bdb *bun.DB, fills ...WordFill) error {
	for _, f := range fills {
		if err := fillWords(ctx, bdb, f); err != nil {
			return fmt.Errorf("%s: %w", f.Table, err)
		}
	}
	return nil
}

func fillWords(ctx context.Context, bdb *bun.DB, f WordFill) (err error) {
	conn, err := bdb.Conn(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = conn.Close() }()
	exec := func(q string, args ...any) error { _, err := conn.ExecContext(ctx, q, args...); return err }
	if err := exec("BEGIN"); err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = exec("ROLLBACK")
		}
	}()
	// The foreign key to the source is checked by a trigger: the records are there.
	if err := exec("SET LOCAL session_replication_role = replica"); err != nil {
		return err
	}
	if err := exec("SET LOCAL maintenance_work_mem = '512MB'"); err != nil {
		return err
	}
	var idx []struct {
		Name string `bun:"indexname"`
		Def  string `bun:"indexdef"`
	}
	if err := conn.NewRaw(`SELECT indexname, indexdef FROM pg_indexes i WHERE tablename = ?
		AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`, f.Table).Scan(ctx, &idx); err != nil {
		return err
	}
	for _, ix := range idx {
		if err := exec("DROP INDEX " + ix.Name); err != nil {
			return err
		}
	}
	t0, records, words := time.Now(), 0, 0
	var after int64
	for {
		rows, err := conn.QueryContext(ctx, `SELECT s.id, s.company_id, `+f.SortExpr+`, `+prefixed("s.", f.Columns)+` FROM `+f.Source+` AS s
			WHERE s.id > ? AND s.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM `+f.Table+` AS w WHERE w.`+f.Key+` = s.id)
			ORDER BY s.id LIMIT ?`, after, wordWindow)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		n := 0
		cols := make([]string, len(f.Columns))
		dest := make([]any, 3+len(cols))
		var id, company int64
		var sortName string
		dest[0], dest[1], dest[2] = &id, &company, &sortName
		for i := range cols {
			dest[3+i] = &nullString{s: &cols[i]}
		}
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				_ = rows.Close()
				return err
			}
			ws := f.Words(cols)
			m := search.MaskOf(ws...)
			head := strconv.FormatInt(id, 10) + "\t"
			tail := "\t" + strconv.FormatInt(company, 10) + "\t" + copyText(sortName) + "\t" + strconv.FormatInt(m[0], 10) + "\t" +
				strconv.FormatInt(m[1], 10) + "\n"
			for _, w := range ws {
				buf.WriteString(head + copyText(w) + tail)
			}
			words += len(ws)
			after, n = id, n+1
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if n == 0 {
			break
		}
		records += n
		if _, err := pgdriver.CopyFrom(ctx, conn, &buf, "COPY "+f.Table+" ("+f.Key+", word, company_id, sort_name, mask1, mask2) FROM STDIN"); err != nil {
			return err
		}
	}
	t1 := time.Now()
	for _, ix := range idx {
		if err := exec(ix.Def); err != nil {
			return fmt.Errorf("%s: %w", ix.Def, err)
		}
	}
	if err := exec("COMMIT"); err != nil {
		return err
	}
	// What autovacuum would do to a table that grew: statistics, and the visibility map that
	// lets a search read the index alone.
	if err := exec("VACUUM ANALYZE " + f.Table); err != nil {
		return err
	}
	Logf("%s: the words of %d records (%d) written in %v, its %d indexes built in %v", f.Table, records, words,
		t1.Sub(t0).Round(time.Millisecond), len(idx), time.Since(t1).Round(time.Millisecond))
	return nil
}

// nullString scans a text column, NULL as "".
type nullString struct{ s *string }

func (n *nullString) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		*n.s = ""
	case string:
		*n.s = x
	case []byte:
		*n.s = string(x)
	default:
		*n.s = fmt.Sprint(x)
	}
	return nil
}

func prefixed(p string, cols []string) string { return p + strings.Join(cols, ", "+p) }

// copyText escapes a value for COPY's text format.
var copyText = strings.NewReplacer(`\`, `\\`, "\t", `\t`, "\n", `\n`, "\r", `\r`).Replace

// CheckWords proves FillWords' words equal to the modules' own: for each fill it keeps the
// words of sample records, deletes them, has the module's indexer write them again and compares
// the two sets row for row (word, company, sort key, masks), all in a transaction rolled back.
func CheckWords(ctx context.Context, bdb *bun.DB, sample int, fills ...WordFill) error {
	for _, f := range fills {
		tx, err := bdb.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		err = checkWords(ctx, tx, sample, f)
		_ = tx.Rollback()
		if err != nil {
			return fmt.Errorf("%s: %w", f.Table, err)
		}
	}
	return nil
}

func checkWords(ctx context.Context, tx bun.Tx, sample int, f WordFill) error {
	if _, err := tx.ExecContext(ctx, `CREATE TEMP TABLE bench_words_sample ON COMMIT DROP AS SELECT w.* FROM `+f.Table+` AS w
		WHERE w.`+f.Key+` IN (SELECT id FROM `+f.Source+` WHERE deleted_at IS NULL ORDER BY random() LIMIT ?)`, sample); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM `+f.Table+` WHERE `+f.Key+` IN (SELECT `+f.Key+` FROM bench_words_sample)`); err != nil {
		return err
	}
	if _, err := f.Index(ctx, tx); err != nil {
		return err
	}
	cols := f.Key + ", word, company_id, sort_name, mask1, mask2"
	mine := `SELECT ` + cols + ` FROM ` + f.Table + ` WHERE ` + f.Key + ` IN (SELECT ` + f.Key + ` FROM bench_words_sample)`
	var diff, rows int
	if err := tx.NewRaw(`SELECT (SELECT count(*) FROM ((SELECT `+cols+` FROM bench_words_sample EXCEPT `+mine+`)
		UNION ALL (`+mine+` EXCEPT SELECT `+cols+` FROM bench_words_sample)) AS d), (SELECT count(*) FROM bench_words_sample)`).
		Scan(ctx, &diff, &rows); err != nil {
		return err
	}
	if diff > 0 || rows == 0 {
		return fmt.Errorf("%d of the %d sample words differ from the module's", diff, rows)
	}
	Logf("%s: the words of %d sample records (%d words) equal the module's indexer's", f.Table, sample, rows)
	return nil
}
