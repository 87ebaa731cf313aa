package migrations_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/migrations"
	dbdriver "github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/db/dbtest"
	"github.com/backoffice/backoffice/platform/search"
)

// The migration that gave the rows written before masks theirs computes the bits in SQL: they
// must be the bits Put gives, on both databases, for any character.
func TestMaskBitIsTheMasksBit(t *testing.T) {
	words := []string{"a", "co", "maria", "gomez", "9001234567", "n", "nu", "жук", "中文字", "😀ab", "straße"}
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ty := migrations.Types{PG: dbdriver.IsPostgres(db)}
		for _, w := range words {
			var positions [4]int
			err := db.NewRaw("SELECT "+ty.MaskBit("v.word", 0)+", "+ty.MaskBit("v.word", 1)+", "+
				ty.MaskBit("v.word", 2)+", "+ty.MaskBit("v.word", 3)+" FROM (SELECT ? AS word) AS v", w).
				Scan(context.Background(), &positions[0], &positions[1], &positions[2], &positions[3])
			if err != nil {
				t.Fatal(err)
			}
			var got search.Mask
			for _, b := range positions {
				got[b/63] |= 1 << (b % 63)
			}
			if want := search.MaskOf(w); got != want {
				t.Errorf("%q: SQL bit %b, Mask %b", w, got, want)
			}
		}
	})
}
