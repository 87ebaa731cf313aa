package domain

import (
	"strings"
	"testing"

	"github.com/backoffice/backoffice/platform/apperror"
)

func validProduct() Product {
	return Product{Code: "SKU-1", Name: "Café 500 g", CategoryID: 1, Unit: "und", CostCents: 1_000_000,
		PriceCents: 1_500_000, Quantity: 3, AlertQuantity: 2, IVAClass: IVA19, Kind: KindGoods}
}

func TestProductValidate(t *testing.T) {
	cases := []struct {
		name   string
		edit   func(*Product)
		field  string
		expect string
	}{
		{"valid", func(*Product) {}, "", ""},
		{"code missing", func(p *Product) { p.Code = "" }, "code", MsgCodeRequired},
		{"code too long", func(p *Product) { p.Code = strings.Repeat("x", 61) }, "code", MsgCodeTooLong},
		{"name missing", func(p *Product) { p.Name = "" }, "name", MsgNameRequired},
		{"name 200 runes ok", func(p *Product) { p.Name = strings.Repeat("ñ", 200) }, "", ""},
		{"name 201 runes", func(p *Product) { p.Name = strings.Repeat("ñ", 201) }, "name", MsgNameTooLong},
		{"no category", func(p *Product) { p.CategoryID = 0 }, "category_id", MsgCategoryRequired},
		{"no unit", func(p *Product) { p.Unit = "" }, "unit", MsgUnitRequired},
		{"negative cost", func(p *Product) { p.CostCents = -1 }, "cost_cents", MsgCostInvalid},
		{"huge price", func(p *Product) { p.PriceCents = MaxMoneyCents + 1 }, "price_cents", MsgPriceInvalid},
		{"max price ok", func(p *Product) { p.PriceCents = MaxMoneyCents }, "", ""},
		{"negative quantity", func(p *Product) { p.Quantity = -1 }, "quantity", MsgQuantityInvalid},
		{"negative alert", func(p *Product) { p.AlertQuantity = -1 }, "alert_quantity", MsgAlertInvalid},
		{"iva 16", func(p *Product) { p.IVAClass = "16" }, "iva_class", MsgIVAClassInvalid},
		{"iva empty", func(p *Product) { p.IVAClass = "" }, "iva_class", MsgIVAClassInvalid},
		{"iva exento", func(p *Product) { p.IVAClass = IVAExento }, "", ""},
		{"iva excluido", func(p *Product) { p.IVAClass = IVAExcluido }, "", ""},
		{"iva 5", func(p *Product) { p.IVAClass = IVA5 }, "", ""},
		{"kind service", func(p *Product) { p.Kind = KindService }, "", ""},
		{"kind other", func(p *Product) { p.Kind = "rental" }, "kind", MsgKindInvalid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := validProduct()
			c.edit(&p)
			got := p.Normalize().Validate()
			if c.field == "" {
				if got != nil {
					t.Fatalf("want valid, got %v", got)
				}
				return
			}
			if got[c.field] != c.expect || len(got) != 1 {
				t.Fatalf("want only %s=%q, got %v", c.field, c.expect, got)
			}
		})
	}
}

func TestNormalizeTrims(t *testing.T) {
	p := Product{Code: "  A1 ", Name: "\tPan ", Unit: " kg "}.Normalize()
	if p.Code != "A1" || p.Name != "Pan" || p.Unit != "kg" {
		t.Fatalf("not trimmed: %+v", p)
	}
	blank := validProduct()
	blank.Name = "   "
	if f := blank.Normalize().Validate(); f["name"] != MsgNameRequired {
		t.Fatalf("blank name accepted: %v", f)
	}
}

func TestCategoryName(t *testing.T) {
	if n, f := CategoryName("  Bebidas "); n != "Bebidas" || f != nil {
		t.Fatalf("got %q %v", n, f)
	}
	if _, f := CategoryName(" "); f["name"] != MsgNameRequired {
		t.Fatalf("blank accepted: %v", f)
	}
	if _, f := CategoryName(strings.Repeat("a", 201)); f["name"] != MsgNameTooLong {
		t.Fatalf("long accepted: %v", f)
	}
}

func TestPercentage(t *testing.T) {
	cases := []struct {
		received, ordered int64
		want              float64
	}{
		{0, 0, 0}, {5, 0, 0}, {0, 10, 0}, {10, 10, 100}, {1, 3, 33.33}, {2, 3, 66.67},
		{1, 8, 12.5}, {15, 10, 150}, {1, 10000, 0.01}, {1, 20000, 0.01}, {1, 20001, 0}, {1, 6, 16.67},
	}
	for _, c := range cases {
		if got := Percentage(c.received, c.ordered); got != c.want {
			t.Errorf("Percentage(%d, %d) = %v, want %v", c.received, c.ordered, got, c.want)
		}
	}
}

func TestProfitAndLowStock(t *testing.T) {
	if Profit(1_000_000, 1_500_000) != 500_000 || Profit(2_000, 1_500) != -500 {
		t.Fatal("profit per unit wrong")
	}
	if !LowStock(KindGoods, 2, 2) || !LowStock(KindGoods, 0, 0) || LowStock(KindGoods, 3, 2) || LowStock(KindService, 0, 0) {
		t.Fatal("low stock is quantity <= alert quantity")
	}
}

func TestImageCount(t *testing.T) {
	if ImageCount(3, 2) != nil || ImageCount(0, 5) != nil {
		t.Fatal("five images refused")
	}
	if ImageCount(4, 2)["images"] != MsgTooManyImages {
		t.Fatal("six images accepted")
	}
}

func TestFirstMessage(t *testing.T) {
	f := map[string]string{"kind": MsgKindInvalid, "name": MsgNameRequired}
	if apperror.Form(f, FieldOrder...).Message != MsgNameRequired {
		t.Fatal("form order not followed")
	}
}
