package domain

import (
	"maps"
	"strings"
	"testing"
)

func TestVerificationDigit(t *testing.T) {
	t.Parallel()
	// Published NITs with their check digits: DIAN, SENA, Ecopetrol, Bancolombia.
	for base, want := range map[string]string{"800197268": "4", "899999034": "1", "899999068": "1",
		"890903938": "8", "1": "8", "": "", "12a": "", strings.Repeat("9", 16): ""} {
		if got := VerificationDigit(base); got != want {
			t.Errorf("VerificationDigit(%q) = %q, want %q", base, got, want)
		}
	}
}

func TestNormalizeDocument(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		t        DocumentType
		raw      string
		want     string
		wantMsg  string
		describe string
	}{
		{NIT, "800.197.268-4", "800197268", "", "dots and a right check digit"},
		{NIT, "800197268", "800197268", "", "no check digit"},
		{NIT, "800 197 268-5", "800197268-5", MsgNITCheckDigit, "wrong check digit"},
		{NIT, "800197268-45", "800197268-45", MsgDocumentInvalid, "two check digits"},
		{NIT, "80019726A", "80019726A", MsgDocumentInvalid, "letter"},
		{CC, "1.020.304.050", "1020304050", "", "cédula with dots"},
		{CC, "10203040501", "10203040501", MsgDocumentInvalid, "11 digits"},
		{CC, "12", "12", MsgDocumentInvalid, "too short"},
		{CC, "", "", "", "empty is allowed"},
		{CE, "e-12345", "E12345", "", "foreigner id upper-cased"},
		{PAS, "AB12 3456", "AB123456", "", "passport"},
		{PAS, "AB#1234", "AB#1234", MsgDocumentInvalid, "symbol"},
	} {
		got, msg := NormalizeDocument(tc.t, tc.raw)
		if got != tc.want || msg != tc.wantMsg {
			t.Errorf("%s: NormalizeDocument(%s, %q) = %q, %q; want %q, %q", tc.describe, tc.t, tc.raw, got, msg, tc.want, tc.wantMsg)
		}
	}
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	ok := Details{Name: "  Ana Gómez ", Email: "ana@example.co", Phone: "+57 300 123-4567", City: " Bogotá ",
		Profile: Profile{DocumentNumber: "52.123.456"}}
	for _, tc := range []struct {
		name   string
		in     Details
		fields map[string]string
		check  func(t *testing.T, d Details)
	}{
		{name: "defaults for a person", in: ok, fields: map[string]string{}, check: func(t *testing.T, d Details) {
			if d.Name != "Ana Gómez" || d.City != "Bogotá" || d.PersonType != Natural || d.DocumentType != CC || d.DocumentNumber != "52123456" {
				t.Fatalf("normalized %+v", d)
			}
		}},
		{name: "entity defaults to NIT", in: Details{Name: "Contact", Company: "Acme S.A.S.",
			Profile: Profile{PersonType: "JURIDICA", DocumentNumber: "800197268-4"}}, fields: map[string]string{},
			check: func(t *testing.T, d Details) {
				if d.PersonType != Juridica || d.DocumentType != NIT || d.DocumentNumber != "800197268" {
					t.Fatalf("normalized %+v", d)
				}
			}},
		{name: "entity needs a company and a NIT", in: Details{Name: "X", Profile: Profile{PersonType: Juridica, DocumentType: CC}},
			fields: map[string]string{"company": MsgCompanyRequired, "document_type": MsgJuridicaNeedsNIT}},
		{name: "required name", in: Details{Name: "   "}, fields: map[string]string{"name": MsgNameRequired}},
		{name: "bad email and phone", in: Details{Name: "X", Email: "ana@", Phone: "call me"},
			fields: map[string]string{"email": MsgEmailInvalid, "phone": MsgPhoneInvalid}},
		{name: "display-name email refused", in: Details{Name: "X", Email: "Ana <ana@example.co>"},
			fields: map[string]string{"email": MsgEmailInvalid}},
		{name: "unknown enums", in: Details{Name: "X", Profile: Profile{PersonType: "company", DocumentType: "RUT"}},
			fields: map[string]string{"person_type": MsgPersonTypeInvalid, "document_type": MsgDocumentTypeInvalid}},
		{name: "too long", in: Details{Name: strings.Repeat("ñ", 201), Note: strings.Repeat("x", 2001)},
			fields: map[string]string{"name": MsgTooLong, "note": MsgTooLong}},
		{name: "bad document", in: Details{Name: "X", Profile: Profile{DocumentType: NIT, DocumentNumber: "800197268-0"}},
			fields: map[string]string{"document_number": MsgNITCheckDigit}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, fields := Normalize(tc.in)
			if !maps.Equal(fields, tc.fields) {
				t.Fatalf("fields %v, want %v", fields, tc.fields)
			}
			if tc.check != nil {
				tc.check(t, d)
			}
		})
	}
}

func TestDisplayName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		d    Details
		want string
	}{
		{Details{Name: "Ana Pérez", Company: "Andina S.A.S.", Profile: Profile{PersonType: Juridica}}, "Andina S.A.S."},
		{Details{Name: "Ana Pérez", Company: "  ", Profile: Profile{PersonType: Juridica}}, "Ana Pérez"},
		{Details{Name: "Ana Pérez", Company: "Tienda de Ana", Profile: Profile{PersonType: Natural}}, "Ana Pérez"},
		{Details{Name: "Ana Pérez"}, "Ana Pérez"},
	} {
		if got := c.d.DisplayName(); got != c.want {
			t.Errorf("%+v.DisplayName() = %q, want %q", c.d, got, c.want)
		}
	}
}
