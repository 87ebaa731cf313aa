package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/backoffice/backoffice/modules/archive"
	"github.com/backoffice/backoffice/platform/infra"
)

// purgeCommand is `backoffice purge --older-than 30d`: it removes the advanced delete's archive
// batches older than that (their records stay soft-deleted and can no longer be restored).
// Nothing purges by itself: ops run it when they no longer want to keep what was archived.
func purgeCommand(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("purge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	older := fs.String("older-than", "", "age of the batches to remove: 30d, or a Go duration such as 720h")
	if err := fs.Parse(args); err != nil {
		return usageError{"purge: " + err.Error()}
	}
	age, err := parseAge(*older)
	if err != nil {
		return usageError{"purge: --older-than: " + err.Error()}
	}
	_, _, in, err := boot(ctx, "backoffice-purge", infra.Parts{Migrate: true}, os.Stderr)
	if err != nil {
		return err
	}
	defer in.Close()
	n, err := archive.New(archive.Deps{DB: in.DB}).Purge(ctx, age)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "purged %d archive batches older than %s\n", n, *older)
	return err
}

// parseAge reads "30d" (days) or a Go duration; it must be at least a day.
func parseAge(s string) (time.Duration, error) {
	var d time.Duration
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil {
			return 0, fmt.Errorf("%q is not a number of days", s)
		}
		d = time.Duration(n) * 24 * time.Hour
	} else {
		var err error
		if d, err = time.ParseDuration(s); err != nil {
			return 0, fmt.Errorf("%q is neither 30d nor a duration", s)
		}
	}
	if d < 24*time.Hour {
		return 0, fmt.Errorf("%q is less than a day", s)
	}
	return d, nil
}
