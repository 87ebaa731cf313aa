// Command backoffice is the whole product in one process: the HTTP API, the embedded web UI,
// every module, the outbox relay and (unless told otherwise) the live notifier. Subcommands:
//
//	backoffice [serve]            run the server (default)
//	backoffice migrate            apply database migrations and exit
//	backoffice seed               load the demo company and demo users
//	backoffice user create ...    create a real user, e.g. the first admin of a production install
//	backoffice openapi            print the API's OpenAPI document (no server, no database)
//	backoffice purge --older-than 30d   remove the advanced delete's archive batches older than that
//
// Configuration comes from BACKOFFICE_* environment variables (see README.md).
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		var u usageError
		if errors.As(err, &u) {
			fmt.Fprintln(os.Stderr, err)
			fmt.Fprintln(os.Stderr, usage)
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "backoffice:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  backoffice [serve]
  backoffice migrate
  backoffice seed
  backoffice user create --username NAME --role admin|secretary|user|buyer --company NAME
                         [--first-name X] [--last-name Y] [--email E] [--require-2fa] [--password-stdin]
     (without --password-stdin the password is read from BACKOFFICE_NEW_USER_PASSWORD)
  backoffice openapi       print the API's OpenAPI document
  backoffice purge --older-than 30d   remove archive batches older than that (no longer restorable)`

type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func run(ctx context.Context, args []string) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(ctx)
	case "migrate":
		return migrateOnly(ctx)
	case "seed":
		return seedOnly(ctx)
	case "user":
		return userCommand(ctx, args)
	case "openapi":
		return writeOpenAPI(ctx, os.Stdout)
	case "purge":
		return purgeCommand(ctx, args, os.Stdout)
	case "help", "-h", "--help":
		fmt.Println(usage)
		return nil
	default:
		return usageError{"unknown command " + cmd}
	}
}
