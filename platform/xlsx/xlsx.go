// Package xlsx writes the Excel exports of the lists (GET /api/x/export.xlsx): one sheet, a bold
// frozen header row, then one row per record, streamed so that exporting a large list keeps
// memory flat whatever its length.
//
// Cells are made safe for the person who opens the file: a text cell that starts with = + - @,
// TAB or CR is prefixed with a single quote, so that Excel (or LibreOffice, or a re-export to
// CSV) never reads it as a formula (DESIGN §8, "CSV/formula injection"). Numbers stay numbers,
// so that totals and filters work; times are written as date cells in the business time zone
// (America/Bogota), and calendar days (Day: a purchase or due date) as date cells too, never
// as text; money passed as Centavos is written in pesos with two decimals.
//
// Dates follow the web app's rule (webapp/src/lib/dates, issue 9 §14): Spanish day first
// (24/11/2026), English ISO (2026-11-24), 24-hour times; the language is the export's ?lang=
// (InLanguage). Enumerated values are written as words of that language (Words), never as the
// API's codes.
package xlsx

import (
	"archive/zip"
	"compress/flate"
	"fmt"
	"io"
	"strconv"
	"time"
	_ "time/tzdata" // Bogota's zone must load on machines without a zone database

	"github.com/xuri/excelize/v2"
)

// BusinessTimeZone is where times are shown: the users' wall clock (DESIGN §4).
const BusinessTimeZone = "America/Bogota"

// ContentType is the media type of the files Write produces.
const ContentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// dateFormats are the number formats of day and time cells per language (Lang).
var dateFormats = map[string]struct{ day, dateTime string }{
	"en": {"yyyy-mm-dd", "yyyy-mm-dd hh:mm"},
	"es": {"dd/mm/yyyy", "dd/mm/yyyy hh:mm"},
}

// Lang is the export language of a ?lang= value: "en", or "es" (the default) for anything else.
func Lang(lang string) string {
	if lang == "en" {
		return "en"
	}
	return "es"
}

// Option adjusts a workbook written by Write or Download.
type Option func(*options)

type options struct{ lang string }

// InLanguage writes the dates in lang's format (Lang): es 24/11/2026, en 2026-11-24. Without
// it, Write uses ISO, the format that cannot be misread.
func InLanguage(lang string) Option { return func(o *options) { o.lang = Lang(lang) } }

// Day is a calendar day "YYYY-MM-DD" (a purchase or due date, already a Bogota date): written as
// a date cell, not moved through a time zone. An empty Day is an empty cell; a malformed one is
// written as its text.
type Day string

// Words translates an export's enumerated values: value → {English, Spanish}. Pass the
// result of In to a row instead of the raw code ("pending" → "Pendiente").
type Words map[string]Header

// In returns value as a word of lang (Lang); a value without a word is returned as it is.
func (w Words) In(lang, value string) string {
	h, ok := w[value]
	if !ok {
		return value
	}
	if Lang(lang) == "en" {
		return h[0]
	}
	return h[1]
}

// moneyFormat is the number format of Centavos cells: thousands separator, two decimals.
const moneyFormat = "#,##0.00"

// Centavos is an amount of money in integer centavos (COP). Pass it instead of a bare int64 to
// have the cell show pesos with two decimals.
type Centavos int64

// pesos returns the amount in pesos as the spreadsheet's number. The cell format stores IEEE
// doubles, so the conversion cannot be avoided; parsing the exact decimal text gives the double
// nearest to the true amount, which Excel displays back exactly (amounts stay far below 2^53).
func (c Centavos) pesos() float64 {
	n := int64(c)
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	f, _ := strconv.ParseFloat(fmt.Sprintf("%s%d.%02d", sign, n/100, n%100), 64)
	return f
}

// Write writes a workbook with one sheet named sheet to w: headers in the first row, then every
// row rows yields, in order; rows beyond a sheet's 1,048,576 go on to further sheets named
// "sheet (2)", "sheet (3)"…, each headed again, so that no export is cut short. rows calls
// yield once per record; an error from yield (the writer failed) must be returned by rows, and
// any error of rows aborts the export.
//
// Cell values may be nil (empty cell), string, bool, any integer or float type, Centavos,
// time.Time or *time.Time (nil: empty), Day. Other values are written as their fmt.Sprint text. Every
// text cell is neutralised against formula injection (see the package doc).
func Write(w io.Writer, sheet string, headers []string, rows func(yield func(row []any) error) error, opts ...Option) (err error) {
	o := options{lang: "en"}
	for _, opt := range opts {
		opt(&o)
	}
	f := excelize.NewFile()
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("xlsx: close: %w", cerr)
		}
	}()
	if sheet == "" {
		sheet = "Sheet1"
	}
	if err := f.SetSheetName(f.GetSheetName(0), sheet); err != nil {
		return fmt.Errorf("xlsx: sheet name %q: %w", sheet, err)
	}
	st, err := newStyles(f, o.lang)
	if err != nil {
		return err
	}
	var sw *excelize.StreamWriter
	// begin starts sheet name: its column widths (set before the first row: the stream has
	// already written them after that), the frozen header row, and the next row's number.
	next := 1
	begin := func(name string) error {
		var err error
		if sw, err = f.NewStreamWriter(name); err != nil {
			return fmt.Errorf("xlsx: stream: %w", err)
		}
		next = 1
		if len(headers) == 0 {
			return nil
		}
		for i, h := range headers {
			if err := sw.SetColWidth(i+1, i+1, columnWidth(h)); err != nil {
				return fmt.Errorf("xlsx: column width: %w", err)
			}
		}
		if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
			return fmt.Errorf("xlsx: freeze header: %w", err)
		}
		head := make([]any, len(headers))
		for i, h := range headers {
			head[i] = excelize.Cell{StyleID: st.header, Value: Neutralize(h)}
		}
		if err := sw.SetRow("A1", head); err != nil {
			return fmt.Errorf("xlsx: header row: %w", err)
		}
		next = 2
		return nil
	}
	if err := begin(sheet); err != nil {
		return err
	}
	sheets := 1
	cells := make([]any, 0, len(headers))
	yield := func(row []any) error {
		if next > sheetRows {
			// A sheet holds 1,048,576 rows: the rest go on to the next sheet, headed again.
			if err := sw.Flush(); err != nil {
				return fmt.Errorf("xlsx: flush: %w", err)
			}
			sheets++
			name := continuedName(sheet, sheets)
			if _, err := f.NewSheet(name); err != nil {
				return fmt.Errorf("xlsx: sheet %q: %w", name, err)
			}
			if err := begin(name); err != nil {
				return err
			}
		}
		cells = cells[:0]
		for _, v := range row {
			cells = append(cells, st.cell(v))
		}
		ref, err := excelize.CoordinatesToCellName(1, next)
		if err != nil {
			return fmt.Errorf("xlsx: row %d: %w", next, err)
		}
		if err := sw.SetRow(ref, cells); err != nil {
			return fmt.Errorf("xlsx: row %d: %w", next, err)
		}
		next++
		return nil
	}
	if err := rows(yield); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return fmt.Errorf("xlsx: flush: %w", err)
	}
	// excelize's Write first assembles the whole ZIP in a bytes.Buffer and then copies it to w.
	// Handing it a ZIP writer bound to w instead makes the archive go straight to w: the buffer
	// it passes stays empty (it is only patched for ZIP64 entries over 4 GB, which an export
	// never has), so memory no longer grows with the size of the file. Its entries are
	// compressed at deflate's fastest level: the default level spent a quarter of a
	// 1,000,000-row export's CPU compressing, for a file about a tenth smaller.
	f.SetZipWriter(func(io.Writer) excelize.ZipWriter {
		zw := zip.NewWriter(w)
		zw.RegisterCompressor(zip.Deflate, func(out io.Writer) (io.WriteCloser, error) { return flate.NewWriter(out, flate.BestSpeed) })
		return zw
	})
	if err := f.Write(w); err != nil {
		return fmt.Errorf("xlsx: write: %w", err)
	}
	return nil
}

// sheetRows is how many rows a sheet holds (Excel's limit; a variable for the tests).
var sheetRows = excelize.TotalRows

// continuedName is the name of an export's n-th sheet (n ≥ 2): the first's, cut to keep within
// Excel's 31 characters, and " (n)".
func continuedName(sheet string, n int) string {
	suffix := " (" + strconv.Itoa(n) + ")"
	r := []rune(sheet)
	return string(r[:min(len(r), excelize.MaxSheetNameLength-len(suffix))]) + suffix
}

// Neutralize returns s made safe to put in a spreadsheet cell: text that a spreadsheet would
// take for a formula (starting with = + - @, TAB or CR) gets a leading single quote.
func Neutralize(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// columnWidth sizes a column to its header, within readable bounds (in characters).
func columnWidth(header string) float64 {
	n := len([]rune(header)) + 4
	return float64(min(max(n, 12), 60))
}

// styles are the workbook's cell styles, created once per file.
type styles struct {
	header, day, dateTime, money int
}

func newStyles(f *excelize.File, lang string) (styles, error) {
	var s styles
	var err error
	if s.header, err = f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}}); err != nil {
		return s, fmt.Errorf("xlsx: header style: %w", err)
	}
	formats := dateFormats[lang]
	if s.day, err = f.NewStyle(&excelize.Style{CustomNumFmt: &formats.day}); err != nil {
		return s, fmt.Errorf("xlsx: day style: %w", err)
	}
	if s.dateTime, err = f.NewStyle(&excelize.Style{CustomNumFmt: &formats.dateTime}); err != nil {
		return s, fmt.Errorf("xlsx: date style: %w", err)
	}
	mf := moneyFormat
	if s.money, err = f.NewStyle(&excelize.Style{CustomNumFmt: &mf}); err != nil {
		return s, fmt.Errorf("xlsx: money style: %w", err)
	}
	return s, nil
}

// bogota is loaded once; with time/tzdata embedded the lookup cannot fail.
var bogota = func() *time.Location {
	loc, err := time.LoadLocation(BusinessTimeZone)
	if err != nil {
		panic("xlsx: load " + BusinessTimeZone + ": " + err.Error())
	}
	return loc
}()

// cell converts one value to what the stream writer takes, neutralising every text.
func (s styles) cell(v any) any {
	switch v := v.(type) {
	case nil:
		return nil
	case string:
		return Neutralize(v)
	case bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, float32, float64:
		return v
	case Centavos:
		return excelize.Cell{StyleID: s.money, Value: v.pesos()}
	case time.Time:
		return s.timeCell(v)
	case *time.Time:
		if v == nil {
			return nil
		}
		return s.timeCell(*v)
	case Day:
		if v == "" {
			return nil
		}
		d, err := time.Parse(time.DateOnly, string(v))
		if err != nil {
			return Neutralize(string(v))
		}
		return excelize.Cell{StyleID: s.day, Value: d}
	default:
		// Anything else (a Stringer, a named string type, []byte...) is written as its text,
		// and text is always neutralised: nothing reaches the sheet unchecked.
		return Neutralize(fmt.Sprint(v))
	}
}

func (s styles) timeCell(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return excelize.Cell{StyleID: s.dateTime, Value: t.In(bogota)}
}
