package httpx_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/backoffice/backoffice/platform/httpx"
	"github.com/backoffice/backoffice/platform/listing"
)

func TestDataOfAndListOf(t *testing.T) {
	out, err := httpx.DataOf("x", nil)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(out.Body); string(b) != `{"data":"x"}` {
		t.Fatalf("DataOf body %s", b)
	}
	boom := errors.New("boom")
	if out, err := httpx.DataOf("x", boom); out != nil || !errors.Is(err, boom) {
		t.Fatalf("DataOf with an error: %v, %v", out, err)
	}
	page := listing.Page[int]{Data: []int{1, 2}, Meta: listing.Meta{Page: 1, PerPage: 25, Total: 2, TotalPages: 1}}
	list, err := httpx.ListOf(page, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(list.Body); string(b) != `{"data":[1,2],"meta":{"page":1,"per_page":25,"total":2,"total_pages":1}}` {
		t.Fatalf("ListOf body %s", b)
	}
	if list, err := httpx.ListOf(page, boom); list != nil || !errors.Is(err, boom) {
		t.Fatalf("ListOf with an error: %v, %v", list, err)
	}
}

func TestCaller(t *testing.T) {
	if p := httpx.Caller(context.Background()); p != (httpx.Principal{}) {
		t.Fatalf("no principal: %+v", p)
	}
	want := httpx.Principal{UserID: 7, CompanyID: 2, Role: "admin"}
	if p := httpx.Caller(httpx.WithPrincipal(context.Background(), want)); p != want {
		t.Fatalf("Caller = %+v", p)
	}
}
