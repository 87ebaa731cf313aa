package reports_test

import (
	"fmt"
	"maps"
	"net/url"
	"testing"
)

// checkActsPages reads users_report/{id} with query q (its range and filters) page by page in
// pages of 1, 2 and 7 rows and checks that they are the whole list's rows in order (its pages
// are found from report_user_days' counts per day, so a page starts and ends inside a day).
func checkActsPages(t *testing.T, b *books, id int64, query url.Values, whole report) {
	t.Helper()
	for _, per := range []int{1, 2, 7} {
		var numbers []any
		for page := 1; page <= len(whole.Rows)/per+1; page++ {
			q := maps.Clone(query)
			q.Set("per_page", fmt.Sprint(per))
			q.Set("page", fmt.Sprint(page))
			got := b.get(t, b.Admin, fmt.Sprintf("users_report/%d", id), q)
			if got.Meta.Total != len(whole.Rows) {
				t.Errorf("users_report/%d page %d of %d rows: total %d, want %d", id, page, per, got.Meta.Total, len(whole.Rows))
			}
			for _, r := range got.Rows {
				numbers = append(numbers, fmt.Sprint(r["date"], r["kind"], r["number"], r["role"]))
			}
		}
		if len(numbers) != len(whole.Rows) {
			t.Errorf("users_report/%d in pages of %d: %d rows, want %d", id, per, len(numbers), len(whole.Rows))
			continue
		}
		for i, r := range whole.Rows {
			if want := fmt.Sprint(r["date"], r["kind"], r["number"], r["role"]); numbers[i] != want {
				t.Errorf("users_report/%d in pages of %d: row %d is %v, want %v", id, per, i, numbers[i], want)
				break
			}
		}
	}
}
