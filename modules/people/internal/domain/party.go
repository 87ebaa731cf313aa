// Package domain holds the pure rules of the people module: what a valid customer or supplier
// record is (contact data and the Colombian tax profile), how identity documents are normalised
// and checked (the NIT check digit of DIAN), and the two kinds of party the module manages.
// Nothing here touches a database or the clock.
package domain

import (
	"net/mail"
	"regexp"
	"strings"
	"unicode/utf8"
)

// PersonType is the tax law's kind of person.
type PersonType string

// Person types: a natural person or a legal entity (persona jurídica).
const (
	Natural  PersonType = "natural"
	Juridica PersonType = "juridica"
)

// DocumentType is the kind of identity document.
type DocumentType string

// Document types accepted in Colombia for commercial parties.
const (
	CC  DocumentType = "CC"  // cédula de ciudadanía
	NIT DocumentType = "NIT" // número de identificación tributaria
	CE  DocumentType = "CE"  // cédula de extranjería
	PAS DocumentType = "PAS" // pasaporte
)

// Messages sent to the client (English keys; the web app translates them).
const (
	MsgNameRequired        = "Name is required."
	MsgCompanyRequired     = "Company is required for a legal entity."
	MsgEmailInvalid        = "The email must be a valid email address."
	MsgPhoneInvalid        = "The phone number is not valid."
	MsgPersonTypeInvalid   = "Choose a person type: natural or juridica."
	MsgDocumentTypeInvalid = "Choose a document type: CC, NIT, CE or PAS."
	MsgJuridicaNeedsNIT    = "A legal entity is identified by its NIT."
	MsgDocumentInvalid     = "The document number is not valid for the document type."
	MsgNITCheckDigit       = "The NIT check digit does not match."
	MsgDocumentTaken       = "The document number has already been taken."
	MsgTooLong             = "This field is too long."
)

// Field limits, in characters.
var maxLen = map[string]int{"name": 200, "company": 200, "email": 320, "phone": 40, "city": 100,
	"address": 300, "note": 2000}

// Profile is the tax profile the purchasing and sales modules read to compute withholdings.
type Profile struct {
	PersonType PersonType
	// Declarante declares income tax (retención en la fuente 2.5 % instead of 3.5 % on goods).
	Declarante bool
	// IVAResponsible charges IVA on its sales (régimen común).
	IVAResponsible bool
	// GranContribuyente is designated by DIAN as a large taxpayer (a ReteIVA agent).
	GranContribuyente bool
	// Autorretenedor withholds its own income tax: nobody withholds from it.
	Autorretenedor bool
	DocumentType   DocumentType
	// DocumentNumber is normalised: no dots or spaces; for a NIT, the base number without the
	// check digit (see VerificationDigit).
	DocumentNumber string
}

// Details is everything a user types for a customer or a supplier.
type Details struct {
	Name    string
	Company string // the party's own company or business name (razón social)
	Email   string
	Phone   string
	City    string
	Address string
	Note    string
	Profile
}

// DisplayName is how the party is named in lists, forms and documents: a legal entity
// (persona jurídica) by its company name (razón social), a natural person by their name. An
// entity without a company name falls back to the name.
func (d Details) DisplayName() string {
	if d.PersonType == Juridica && strings.TrimSpace(d.Company) != "" {
		return d.Company
	}
	return d.Name
}

var (
	phoneRE  = regexp.MustCompile(`^\+?[0-9 ()\-.]{5,40}$`)
	digitsRE = regexp.MustCompile(`^[0-9]+$`)
	alnumRE  = regexp.MustCompile(`^[A-Z0-9]+$`)
)

// Normalize trims d, fills the defaults (natural person; CC for a person, NIT for an entity),
// normalises the document number and checks every field. It returns the clean details and the
// message of each invalid field (empty when d is valid).
func Normalize(d Details) (Details, map[string]string) {
	fields := map[string]string{}
	trim := func(s string) string { return strings.TrimSpace(s) }
	d.Name, d.Company, d.Email, d.Phone = trim(d.Name), trim(d.Company), trim(d.Email), trim(d.Phone)
	d.City, d.Address, d.Note = trim(d.City), trim(d.Address), trim(d.Note)
	for name, v := range map[string]string{"name": d.Name, "company": d.Company, "email": d.Email, "phone": d.Phone,
		"city": d.City, "address": d.Address, "note": d.Note} {
		if utf8.RuneCountInString(v) > maxLen[name] {
			fields[name] = MsgTooLong
		}
	}
	if d.Name == "" {
		fields["name"] = MsgNameRequired
	}
	if d.Email != "" && fields["email"] == "" {
		if a, err := mail.ParseAddress(d.Email); err != nil || a.Address != d.Email || !strings.Contains(a.Address, ".") {
			fields["email"] = MsgEmailInvalid
		}
	}
	if d.Phone != "" && fields["phone"] == "" && !phoneRE.MatchString(d.Phone) {
		fields["phone"] = MsgPhoneInvalid
	}

	switch d.PersonType = PersonType(strings.ToLower(trim(string(d.PersonType)))); d.PersonType {
	case "":
		d.PersonType = Natural
	case Natural, Juridica:
	default:
		fields["person_type"] = MsgPersonTypeInvalid
	}
	if d.PersonType == Juridica && d.Company == "" {
		fields["company"] = MsgCompanyRequired
	}
	switch d.DocumentType = DocumentType(strings.ToUpper(trim(string(d.DocumentType)))); d.DocumentType {
	case "":
		d.DocumentType = CC
		if d.PersonType == Juridica {
			d.DocumentType = NIT
		}
	case CC, NIT, CE, PAS:
	default:
		fields["document_type"] = MsgDocumentTypeInvalid
	}
	if d.PersonType == Juridica && d.DocumentType != NIT && fields["document_type"] == "" {
		fields["document_type"] = MsgJuridicaNeedsNIT
	}
	if fields["document_type"] == "" {
		number, msg := NormalizeDocument(d.DocumentType, d.DocumentNumber)
		if msg != "" {
			fields["document_number"] = msg
		}
		d.DocumentNumber = number
	}
	return d, fields
}

// NormalizeDocument removes the separators people type (dots, spaces, commas) and checks the
// number's form for its type. A NIT may carry its check digit after a dash ("900.123.456-7"):
// the digit must be right and is dropped, because the base number identifies the party (the
// same person must not be entered twice as "900123456" and "900123456-7"). An empty number is
// allowed: a walk-in customer has none. The second result is the field's message, or "".
func NormalizeDocument(t DocumentType, raw string) (string, string) {
	n := strings.ToUpper(strings.NewReplacer(".", "", " ", "", ",", "", "\t", "").Replace(raw))
	if n == "" {
		return "", ""
	}
	switch t {
	case CC:
		if !digitsRE.MatchString(n) || len(n) < 3 || len(n) > 10 {
			return n, MsgDocumentInvalid
		}
	case NIT:
		base, dv, hasDV := strings.Cut(n, "-")
		if !digitsRE.MatchString(base) || len(base) < 3 || len(base) > 15 {
			return n, MsgDocumentInvalid
		}
		if hasDV {
			if len(dv) != 1 || !digitsRE.MatchString(dv) {
				return n, MsgDocumentInvalid
			}
			if dv != VerificationDigit(base) {
				return n, MsgNITCheckDigit
			}
		}
		n = base
	case CE, PAS:
		n = strings.ReplaceAll(n, "-", "")
		if !alnumRE.MatchString(n) || len(n) < 3 || len(n) > 20 {
			return n, MsgDocumentInvalid
		}
	}
	return n, ""
}

// nitWeights are DIAN's weights for the NIT check digit, from the rightmost digit leftwards.
var nitWeights = []int{3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71}

// VerificationDigit is the NIT check digit (dígito de verificación) of a base number of digits,
// by DIAN's modulo-11 rule; "" when base is not 1 to 15 digits.
func VerificationDigit(base string) string {
	if !digitsRE.MatchString(base) || len(base) > len(nitWeights) {
		return ""
	}
	sum := 0
	for i := 0; i < len(base); i++ {
		sum += int(base[len(base)-1-i]-'0') * nitWeights[i]
	}
	r := sum % 11
	if r > 1 {
		r = 11 - r
	}
	return string(rune('0' + r))
}
