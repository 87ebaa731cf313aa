package reports_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/db"
)

// checkLotLockOrder proves, on PostgreSQL, that a purchase's decision takes its products' rows of
// report_lot_totals in product order before its lots move
// (migrations/20261202060000_reports_lot_lock_order): a pending purchase whose lines name the
// larger product id first is approved while another transaction holds the smaller product's row;
// the approval must wait there without holding the larger one's (in line order it would hold it
// and wait — the half of a deadlock with a purchase naming them the other way round). Every write
// is undone at the end.
func checkLotLockOrder(t *testing.T, b *books) {
	t.Helper()
	if !db.IsPostgres(b.DB) {
		return
	}
	ctx := t.Context()
	small, large := b.goods, b.lots
	if small >= large {
		t.Fatalf("the check needs the lot good's id (%d) above the other good's (%d)", large, small)
	}
	var first struct {
		ID         int64 `bun:"id"`
		PurchaseID int64 `bun:"purchase_id"`
	}
	if err := b.DB.NewRaw("SELECT id, purchase_id FROM purchase_lines WHERE product_id = ? ORDER BY id LIMIT 1", large).Scan(ctx, &first); err != nil {
		t.Fatal(err)
	}
	var second int64 // the newer lot's purchase: its line of the large product comes first
	if err := b.DB.NewRaw("SELECT purchase_id FROM purchase_lines WHERE product_id = ? ORDER BY id DESC LIMIT 1", large).Scan(ctx, &second); err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := b.DB.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	add := func(purchase, product int64, no int) {
		t.Helper()
		exec("INSERT INTO purchase_lines (purchase_id, company_id, line_no, category_id, product_id, category_name, product_code, "+
			"product_name, iva_class, kind, expiry_date, cost_cents, quantity, subtotal_cents, discount_cents, base_cents, iva_cents) "+
			"SELECT ?, company_id, ?, category_id, ?, category_name, product_code, product_name, iva_class, kind, '2027-01-15', cost_cents, 2, "+
			"cost_cents * 2, 0, cost_cents * 2, 0 FROM purchase_lines WHERE id = ?", purchase, no, product, first.ID)
	}
	exec("UPDATE purchases SET approval_status = 'pending' WHERE id = ?", second)
	add(first.PurchaseID, small, 95) // the small product has a lot, so a row of totals
	add(second, small, 96)           // the pending purchase: the large product's line, then the small one's
	defer func() {
		exec("DELETE FROM purchase_lines WHERE product_id = ? AND line_no IN (95, 96)", small)
		checkTables(t, b.DB, "report_lot_lines", "report_lot_totals")
	}()

	holder, err := b.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = holder.Rollback() }()
	if _, err := holder.ExecContext(ctx, "SELECT product_id FROM report_lot_totals WHERE product_id = ? FOR UPDATE", small); err != nil {
		t.Fatal(err)
	}
	approved := make(chan error, 1)
	go func() {
		c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_, err := b.DB.ExecContext(c, "UPDATE purchases SET approval_status = 'approved' WHERE id = ?", second)
		approved <- err
	}()
	// The approval waits on a lock (the small product's row).
	waiting := false
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && !waiting; time.Sleep(20 * time.Millisecond) {
		var n int
		if err := b.DB.NewRaw("SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE purchases SET approval_status%'").
			Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		waiting = n > 0
	}
	if !waiting {
		t.Fatal("the approval did not wait for the small product's row of report_lot_totals")
	}
	// Meanwhile the large product's row is free: the approval took nothing past the first product.
	probe, err := b.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = probe.ExecContext(ctx, "SELECT product_id FROM report_lot_totals WHERE product_id = ? FOR UPDATE NOWAIT", large)
	_ = probe.Rollback()
	if err != nil {
		t.Errorf("while waiting for product %d the approval holds product %d's row of lot totals (taken in line order): %v", small, large, err)
	}
	if err := holder.Rollback(); err != nil && !errors.Is(err, sql.ErrTxDone) {
		t.Fatal(err)
	}
	if err := <-approved; err != nil {
		t.Fatalf("the approval after the wait: %v", err)
	}
	checkTables(t, b.DB, "report_lot_lines", "report_lot_totals")
}
