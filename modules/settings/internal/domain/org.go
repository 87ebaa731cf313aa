package domain

import (
	"strings"
	"unicode/utf8"
)

// Messages about companies and stores (English keys the web client translates).
const (
	MsgNameRequired       = "Name is required."
	MsgNameTooLong        = "Name must be at most 120 characters."
	MsgNameTaken          = "The name has already been taken."
	MsgCompanyRequired    = "Company is required."
	MsgCompanyUnknown     = "The selected company does not exist."
	MsgCompanyNotDeleted  = "Company cannot be deleted"
	MsgStoreNotDeleted    = "Store cannot be deleted"
	MsgNotFound           = "The requested information was not found"
	MsgCompanyReteIVAFlag = "A company without taxes cannot be a withholding or ReteIVA agent."
	MsgCompanyAutoFlag    = "A company without taxes cannot be autorretenedor."
)

// MaxNameLength bounds company and store names, in characters.
const MaxNameLength = 120

// Company is a tenant: every record of the product belongs to one. Its tax flags drive the tax
// engine (DESIGN §5): without taxes a company computes no IVA and withholds nothing; as a
// withholding agent it withholds income tax (retención en la fuente) from its suppliers; as a
// ReteIVA agent it also withholds 15 % of the IVA they charge; as autorretenedor it withholds its
// own income tax, so its customers withhold no ReteFuente from its sales (ReteIVA still applies).
type Company struct {
	Name             string
	Active           bool
	HasTaxes         bool
	WithholdingAgent bool
	ReteIVAAgent     bool
	Autorretenedor   bool
}

// Normalize trims the name.
func (c *Company) Normalize() { c.Name = strings.TrimSpace(c.Name) }

// Validate returns the per-field messages, or nil. A company that has no taxes cannot act as a
// withholding agent: the flags would contradict each other in every purchase it records. Nor can
// it be autorretenedor: without taxes its sales bear no withholding at all, so the flag would
// claim a tax status the company does not have.
func (c Company) Validate() map[string]string {
	fields := map[string]string{}
	validateName(fields, c.Name)
	switch {
	case !c.HasTaxes && (c.WithholdingAgent || c.ReteIVAAgent):
		fields["has_taxes"] = MsgCompanyReteIVAFlag
	case !c.HasTaxes && c.Autorretenedor:
		fields["has_taxes"] = MsgCompanyAutoFlag
	}
	if len(fields) == 0 {
		return nil
	}
	return fields
}

// Store is a point of sale or warehouse of a company; purchases and sales name one.
type Store struct {
	Name      string
	CompanyID int64
	Active    bool
}

// Normalize trims the name.
func (s *Store) Normalize() { s.Name = strings.TrimSpace(s.Name) }

// Validate returns the per-field messages, or nil.
func (s Store) Validate() map[string]string {
	fields := map[string]string{}
	validateName(fields, s.Name)
	if s.CompanyID <= 0 {
		fields["company_id"] = MsgCompanyRequired
	}
	if len(fields) == 0 {
		return nil
	}
	return fields
}

func validateName(fields map[string]string, name string) {
	switch {
	case name == "":
		fields["name"] = MsgNameRequired
	case utf8.RuneCountInString(name) > MaxNameLength:
		fields["name"] = MsgNameTooLong
	}
}
