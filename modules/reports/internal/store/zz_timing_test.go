package store

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/listing"
)

func TestZZTiming(t *testing.T) {
	dsn := os.Getenv("RP_DSN")
	if dsn == "" {
		t.Skip()
	}
	ctx := context.Background()
	d, err := db.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	s := New(d)
	f := Filter{Scope: listing.Scope{All: true}, From: "2026-10-01", To: "2026-10-31"}
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		r, err := s.ranged(ctx, f, Sale, 0)
		t1 := time.Now()
		err2 := s.balancesAt(ctx, f, Sale, 0, f.To, r)
		t2 := time.Now()
		p, err3 := s.Parties(ctx, f.Scope, Sale)
		t3 := time.Now()
		y, err4 := s.PaymentsByParty(ctx, f)
		t4 := time.Now()
		t.Logf("ranged %v (%d) balances %v parties %v (%d) payments %v (%d) %v %v %v %v", t1.Sub(t0), len(r), t2.Sub(t1), t3.Sub(t2), len(p), t4.Sub(t3), len(y), err, err2, err3, err4)
	}
}
