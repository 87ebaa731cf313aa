package db

import (
	"database/sql"
	"errors"
)

// ErrNotFound is what a module's store answers for a row that is missing, deleted or outside
// the caller's scope — one answer for the three, so that another company's ids reveal nothing.
// Each store exports it as its own ErrNotFound, which its use cases test with errors.Is.
var ErrNotFound = errors.New("store: not found")

// NotFound turns a single-row read's sql.ErrNoRows into ErrNotFound; other errors pass.
func NotFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// OneRow turns the result of an UPDATE of one row (by its id, with the store's conditions) into
// ErrNotFound when it changed no row.
func OneRow(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// Found reads the error of a single-row read as whether the row was found: false for
// ErrNotFound, the error for any other failure. A store's Visible-style checks answer with it.
func Found(err error) (bool, error) {
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}
