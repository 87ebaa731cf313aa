package domain

import (
	"maps"
	"strings"
	"testing"
)

func TestCompanyValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Company
		want map[string]string
	}{
		{"valid", Company{Name: "Demo S.A.S.", HasTaxes: true, WithholdingAgent: true, ReteIVAAgent: true}, nil},
		{"autorretenedor with taxes", Company{Name: "Demo S.A.S.", HasTaxes: true, Autorretenedor: true}, nil},
		{"no taxes, no agent", Company{Name: "Tienda"}, nil},
		{"blank name", Company{Name: "   "}, map[string]string{"name": MsgNameRequired}},
		{"long name", Company{Name: strings.Repeat("ñ", MaxNameLength+1), HasTaxes: true}, map[string]string{"name": MsgNameTooLong}},
		{"name at the limit counts characters", Company{Name: strings.Repeat("ñ", MaxNameLength)}, nil},
		{"agent without taxes", Company{Name: "X", WithholdingAgent: true}, map[string]string{"has_taxes": MsgCompanyReteIVAFlag}},
		{"reteiva without taxes", Company{Name: "X", ReteIVAAgent: true}, map[string]string{"has_taxes": MsgCompanyReteIVAFlag}},
		{"autorretenedor without taxes", Company{Name: "X", Autorretenedor: true}, map[string]string{"has_taxes": MsgCompanyAutoFlag}},
		{"agent and autorretenedor without taxes name the agent", Company{Name: "X", WithholdingAgent: true, Autorretenedor: true},
			map[string]string{"has_taxes": MsgCompanyReteIVAFlag}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.in
			c.Normalize()
			if got := c.Validate(); !maps.Equal(got, tc.want) {
				t.Fatalf("Validate() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestStoreValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   Store
		want map[string]string
	}{
		{"valid", Store{Name: " Principal ", CompanyID: 1}, nil},
		{"nothing", Store{}, map[string]string{"name": MsgNameRequired, "company_id": MsgCompanyRequired}},
		{"negative company", Store{Name: "A", CompanyID: -1}, map[string]string{"company_id": MsgCompanyRequired}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.in
			s.Normalize()
			if got := s.Validate(); !maps.Equal(got, tc.want) {
				t.Fatalf("Validate() = %v, want %v", got, tc.want)
			}
		})
	}
}
