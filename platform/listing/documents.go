package listing

import (
	"github.com/uptrace/bun"

	"github.com/backoffice/backoffice/platform/apperror"
	"github.com/backoffice/backoffice/platform/calendar"
)

// Live selects the live rows (deleted_at IS NULL) in scope of model's table, aliased alias,
// choosing no column: what a count or an existence check starts from.
func Live(db bun.IDB, model any, alias string, scope Scope) *bun.SelectQuery {
	return Restrict(db.NewSelect().Model(model).Where(alias+".deleted_at IS NULL"), scope, alias+".company_id")
}

// Rows is Live reading whole rows into dst, with the text sort key of sort ("" for the
// default) as column sort_key, which a page's cursor carries back (see Finish).
func (s Spec) Rows(db bun.IDB, dst any, alias string, scope Scope, sort string) *bun.SelectQuery {
	return Live(db, dst, alias, scope).ColumnExpr(alias + ".*").ColumnExpr(s.KeyExpr(sort) + " AS sort_key")
}

// MsgDates is the answer to a date filter that is not a date (spec §5).
const MsgDates = "Please select dates"

// CheckDates checks a list's date range filter: from and to are business dates 'YYYY-MM-DD', or
// "" for an open end.
func CheckDates(from, to string) error {
	for _, d := range []string{from, to} {
		if d == "" {
			continue
		}
		if _, err := calendar.ParseDate(d); err != nil {
			return apperror.Invalid(MsgDates, map[string]string{"from": MsgDates})
		}
	}
	return nil
}

// CheckRange checks a date range that must be whole: from and to both business dates
// 'YYYY-MM-DD' with from not after to, or both "" (no range). Otherwise it answers 422 'Please
// select dates' naming the end that is missing or wrong (to when from is after to) — the
// reports' rule (spec §5), shared by every page with a range.
func CheckRange(from, to string) error {
	if from == "" && to == "" {
		return nil
	}
	for _, end := range []struct{ field, value string }{{"from", from}, {"to", to}} {
		if _, err := calendar.ParseDate(end.value); err != nil {
			return apperror.Field(end.field, MsgDates)
		}
	}
	if from > to {
		return apperror.Field("to", MsgDates)
	}
	return nil
}
