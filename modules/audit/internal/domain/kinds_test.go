package domain

import "testing"

func TestKindOf(t *testing.T) {
	for _, c := range []struct{ action, entity, want string }{
		{"login", "user", "sign_in"},
		{"login_failed", "user", "sign_in"},
		{"login_2fa", "user", "sign_in"},
		{"login_blocked_window", "user", "sign_in"},
		{"purchase_approved", "purchase", "approval"},
		{"user_approved", "user", "approval"},
		{"purchase_order_rejected", "purchase_order", "rejection"},
		{"purchase_return_rejected", "purchase_return", "rejection"},
		{"sale_deleted", "sale", "deletion"},
		{"delete", "attachment", "deletion"},
		{"company_deleted", "company", "deletion"}, // shown as a deletion, found by settings too
		{"purchase_archived", "purchase", "archive"},
		{"archive_restored", "archive", "restore"},
		{"site_status_updated", "site_settings", "settings"},
		{"site_activated", "site_settings", "settings"},
		{"uvt_set", "tax_uvt", "settings"},
		{"store_created", "store", "settings"},
		{"password_changed", "user", "account"},
		{"2fa_enabled", "user", "account"},
		{"product_created", "product", "creation"},
		{"purchase_resubmitted", "purchase", "change"},
		{"category_updated", "category", "change"},
		{"something_else", "thing", Other},
	} {
		if got := KindOf(c.action, c.entity); got != c.want {
			t.Errorf("KindOf(%q, %q) = %q, want %q", c.action, c.entity, got, c.want)
		}
	}
	settings, _ := KindNamed("settings")
	if !settings.Matches("company_deleted", "company") {
		t.Error("the settings kind does not find a company's deletion")
	}
	if _, ok := KindNamed("nope"); ok {
		t.Error("an unknown kind was found")
	}
}
