package db_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	dbdriver "github.com/backoffice/backoffice/platform/db"
	"github.com/backoffice/backoffice/platform/db/dbtest"
)

func TestNotFoundAndOneRow(t *testing.T) {
	if err := dbdriver.NotFound(sql.ErrNoRows); !errors.Is(err, dbdriver.ErrNotFound) {
		t.Fatalf("NotFound(ErrNoRows) = %v", err)
	}
	other := errors.New("boom")
	if err := dbdriver.NotFound(other); err != other {
		t.Fatalf("NotFound(other) = %v", err)
	}
	dbtest.Each(t, func(t *testing.T, db *bun.DB) {
		ctx := context.Background()
		id := dbtest.Company(t, db, "Uno")
		res, err := db.NewUpdate().Table("companies").Set("name = 'Dos'").Where("id = ?", id).Exec(ctx)
		if err := dbdriver.OneRow(res, err); err != nil {
			t.Fatalf("one row changed: %v", err)
		}
		res, err = db.NewUpdate().Table("companies").Set("name = 'Tres'").Where("id = ?", id+1000).Exec(ctx)
		if err := dbdriver.OneRow(res, err); !errors.Is(err, dbdriver.ErrNotFound) {
			t.Fatalf("no row changed: %v", err)
		}
	})
}

func TestFound(t *testing.T) {
	boom := errors.New("boom")
	for _, c := range []struct {
		err   error
		found bool
		fail  error
	}{{nil, true, nil}, {dbdriver.ErrNotFound, false, nil}, {boom, false, boom}} {
		if found, err := dbdriver.Found(c.err); found != c.found || err != c.fail {
			t.Errorf("Found(%v) = %v, %v; want %v, %v", c.err, found, err, c.found, c.fail)
		}
	}
}
