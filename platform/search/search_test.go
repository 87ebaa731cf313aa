package search

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Gómez":         "gomez",
		"ÑAME":          "name",
		"Pingüino Café": "pinguino cafe",
		"ÁÉÍÓÚ àèìòù":   "aeiou aeiou",
		"Straße 12":     "straße 12",
		"":              "",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWords(t *testing.T) {
	cases := []struct {
		name string
		add  func(w *Words)
		want []string
	}{
		{"text", func(w *Words) { w.Text("Arroz Diana 500 g") }, []string{"500", "arroz", "diana", "g"}},
		{"accents and repeats", func(w *Words) { w.Text("Café café CAFÉ") }, []string{"cafe"}},
		{"hyphenated chunk also whole", func(w *Words) { w.Text("María Gómez-Restrepo") },
			[]string{"gomez", "gomezrestrepo", "maria", "restrepo"}},
		{"identifier whole", func(w *Words) { w.Identifier("ARZ-000123") }, []string{"000123", "arz", "arz000123"}},
		{"document with dots", func(w *Words) { w.Identifier("900.123.456-7") },
			[]string{"123", "456", "7", "900", "9001234567"}},
		{"identifier with spaces", func(w *Words) { w.Identifier("900 123") }, []string{"123", "900", "900123"}},
		{"email", func(w *Words) { w.Identifier("ana.maria@correo.co") },
			[]string{"ana", "anamariacorreoco", "co", "correo", "maria"}},
		{"empty fields", func(w *Words) { w.Text("").Identifier("  ").Text("--") }, []string{}},
		{"several fields", func(w *Words) { w.Text("Ñame").Identifier("P1") }, []string{"name", "p1"}},
	}
	for _, c := range cases {
		var w Words
		c.add(&w)
		if got := w.List(); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

func TestLongWordsAreCutOnACharacter(t *testing.T) {
	var w Words
	// "ñ" folds to "n" (40 bytes, kept whole); "ж" stays two bytes (80 bytes, cut at 64).
	w.Text(strings.Repeat("ñ", 40) + " " + strings.Repeat("ж", 40))
	for _, word := range w.List() {
		if len(word) > maxWordBytes {
			t.Errorf("word of %d bytes", len(word))
		}
		if !strings.HasPrefix(strings.Repeat("ж", 40), word) && !strings.HasPrefix(strings.Repeat("n", 40), word) {
			t.Errorf("word %q is not a beginning of the text", word)
		}
	}
}

func TestTerms(t *testing.T) {
	for q, want := range map[string][]string{
		"":                       nil,
		"   ":                    nil,
		"-- ..":                  nil,
		"arroz":                  {"arroz"},
		"Arroz DIANA":            {"arroz", "diana"},
		"arroz arr":              {"arroz"},
		"arr arroz":              {"arroz"},
		"gómez":                  {"gomez"},
		"ARZ-000123":             {"arz000123"},
		"900.123.456":            {"900123456"},
		"a b c d e f g h":        {"a", "b", "c", "d", "e", "f"},
		"yogur 1 kg colanta 025": {"colanta", "yogur", "025", "kg", "1"},
	} {
		got := Terms(q)
		// Equal lengths keep the text's order or not; compare as sets, and check the length order.
		if !slices.Equal(sorted(got), sorted(want)) {
			t.Errorf("Terms(%q) = %q, want %q", q, got, want)
		}
		for i := 1; i < len(got); i++ {
			if len(got[i]) > len(got[i-1]) {
				t.Errorf("Terms(%q) = %q: not longest first", q, got)
			}
		}
	}
}

// A term finds a record when it begins one of the record's words: the rule the SQL ranges apply.
func TestTermsFindTheirRecords(t *testing.T) {
	matches := func(words []string, q string) bool {
		for _, term := range Terms(q) {
			if !slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, term) }) {
				return false
			}
		}
		// What the SQL checks first: a record that matches has every term's bit.
		if !MaskOf(words...).has(termsMask(Terms(q))) {
			t.Errorf("%q matches %q but its mask lacks the terms' bits", q, words)
		}
		return true
	}
	var product Words
	p := product.Text("Yogur Colanta 1 L 004512").Identifier("YOG-0004512").List()
	var person Words
	c := person.Text("José Gómez-Restrepo").Text("Gómez Comercial S.A.S.").Identifier("jose.gomez@correo.co").Identifier("9001234567").List()
	for _, q := range []string{"yogur", "YOG", "colanta yog", "yog-000", "yog0004512", "0045"} {
		if !matches(p, q) {
			t.Errorf("%q should find the product %q", q, p)
		}
	}
	for _, q := range []string{"ogur", "yogurt", "colanta arroz"} {
		if matches(p, q) {
			t.Errorf("%q should not find the product %q", q, p)
		}
	}
	for _, q := range []string{"jose", "JOSÉ gómez", "gomez-rest", "restrepo", "comercial", "sas", "s.a.s", "900.123.456", "9001234567", "jose.gomez@"} {
		if !matches(c, q) {
			t.Errorf("%q should find the person %q", q, c)
		}
	}
}

func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// The mask keeps every match (a term's bit is its words' bit) and sorts out most records that
// lack a term: over the words of many different records, a term of three characters that begins
// none of a record's ten words finds the record's mask without its bit in most cases.
func TestMaskSortsOutMostNonMatches(t *testing.T) {
	first := []string{"maria", "jose", "luis", "ana", "carlos", "luz", "juan", "diana", "andres", "sandra"}
	last := []string{"gomez", "rodriguez", "martinez", "garcia", "lopez", "gonzalez", "hernandez", "perez", "sanchez", "ramirez"}
	kept, lacking := 0, 0
	for i, f := range first {
		for j, l := range last {
			var w Words
			words := w.Text(f + " " + l + " " + last[(i+j+1)%len(last)]).Identifier(f + "." + l + "@correo.co").Identifier("100200" + strconv.Itoa(i*10+j)).List()
			mask := MaskOf(words...)
			for _, term := range append(slices.Clone(first), last...) {
				m := termsMask([]string{term[:3]})
				if m == (Mask{}) {
					t.Fatalf("term %q has no bit", term[:3])
				}
				has := slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, term[:3]) })
				switch {
				case has && !mask.has(m):
					t.Fatalf("%q begins a word of %q but the mask lacks its bit", term[:3], words)
				case !has:
					lacking++
					if mask.has(m) {
						kept++
					}
				}
			}
		}
	}
	t.Logf("the mask kept %d of %d records lacking a term", kept, lacking)
	// About ten beginnings per record set at most forty of 126 bits: a term's four bits are all
	// among them about once in a hundred.
	if kept*50 > lacking {
		t.Errorf("the mask kept %d of %d records lacking a term", kept, lacking)
	}
}

func TestShortTermsHaveNoBit(t *testing.T) {
	if m := termsMask([]string{"ma", "gomez"}); m != MaskOf("gomez") {
		t.Errorf("termsMask(ma, gomez) = %b", m)
	}
	if m := termsMask([]string{"ñus", "жук"}); m != MaskOf("ñus", "жук") {
		t.Errorf("termsMask of non-ASCII terms = %b", m)
	}
	for _, w := range []string{"a", "co", "maria", "9001234567", "жук", "😀ab"} {
		m := MaskOf(w)
		if n := bitsSet(m[0]) + bitsSet(m[1]); m[0] < 0 || m[1] < 0 || n == 0 || n > len(maskHashes) {
			t.Errorf("MaskOf(%q) = %b: want one to four bits in positive BIGINTs", w, m)
		}
	}
}

func bitsSet(m int64) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// TestWordsText: a words column holds the folded words each preceded by a space, so that
// `LIKE '% term%'` is "the term begins a word".
func TestWordsText(t *testing.T) {
	for in, want := range map[string]string{
		"Gómez-Restrepo": " gomez gomezrestrepo restrepo",
		"Ñame  ":         " name",
		"":               " ",
		"%_":             " ",
	} {
		if got := WordsText(in); got != want {
			t.Errorf("WordsText(%q) = %q, want %q", in, got, want)
		}
	}
}
