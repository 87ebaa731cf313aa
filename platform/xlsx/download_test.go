package xlsx_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/xlsx"
)

func TestHeaders(t *testing.T) {
	cols := []xlsx.Header{{"Name", "Nombre"}, {"Created at", "Creado"}}
	for lang, want := range map[string][]string{
		"en": {"Name", "Created at"},
		"es": {"Nombre", "Creado"},
		"":   {"Nombre", "Creado"}, // Spanish is the default
		"fr": {"Nombre", "Creado"},
	} {
		if got := xlsx.Headers(lang, cols); !slices.Equal(got, want) {
			t.Errorf("Headers(%q) = %v, want %v", lang, got, want)
		}
	}
}

func TestFileNameUsesBogotaDate(t *testing.T) {
	// 03:00 UTC on the 23rd is still the 22nd in Bogota (UTC−5).
	if got := xlsx.FileName("stores", time.Date(2026, 11, 23, 3, 0, 0, 0, time.UTC)); got != "stores-20261122.xlsx" {
		t.Fatalf("FileName = %q", got)
	}
	if got := xlsx.Disposition("stores-20261122.xlsx"); got != `attachment; filename="stores-20261122.xlsx"` {
		t.Fatalf("Disposition = %q", got)
	}
}

func TestDownload(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	f, err := xlsx.Download("users", "usuarios", now, []string{"Usuario"}, func(yield func([]any) error) error {
		return yield([]any{"ana"})
	})
	if err != nil {
		t.Fatal(err)
	}
	if f.ContentType != xlsx.ContentType || f.ContentDisposition != `attachment; filename="users-20261122.xlsx"` {
		t.Fatalf("headers: %q, %q", f.ContentType, f.ContentDisposition)
	}
	book, err := excelize.OpenReader(bytes.NewReader(f.Body))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := book.GetCellValue("usuarios", "A2"); v != "ana" {
		t.Fatalf("A2 of sheet usuarios = %q", v)
	}

	// A failure of the rows is an error answer, never a truncated file: an apperror as it is,
	// anything else internal.
	denied := apperror.Forbidden("no")
	if _, err := xlsx.Download("users", "users", now, nil, func(func([]any) error) error { return denied }); !errors.Is(err, denied) {
		t.Fatalf("apperror: got %v", err)
	}
	_, err = xlsx.Download("users", "users", now, nil, func(func([]any) error) error { return errors.New("db down") })
	if !apperror.IsCode(err, apperror.CodeInternal) {
		t.Fatalf("other error: got %v", err)
	}
}
