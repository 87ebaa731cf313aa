package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"github.com/backoffice/backoffice/modules/auth"
	"github.com/backoffice/backoffice/modules/product"
	"github.com/backoffice/backoffice/platform/apperror"
)

// userCommand is `backoffice user create ...`: the way to make the first real admin of a
// production install (demo users exist only on the embedded default or after `seed`).
func userCommand(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "create" {
		return usageError{"user: want `user create`"}
	}
	fs := flag.NewFlagSet("user create", flag.ContinueOnError)
	username := fs.String("username", "", "login name")
	role := fs.String("role", "", "admin, secretary, user or buyer")
	company := fs.String("company", "", "company name (created when missing)")
	first := fs.String("first-name", "", "first name")
	last := fs.String("last-name", "", "last name")
	email := fs.String("email", "", "e-mail")
	fromStdin := fs.Bool("password-stdin", false, "read the password from standard input")
	require2FA := fs.Bool("require-2fa", false, "the user must enroll an authenticator app at first sign-in")
	if err := fs.Parse(args[1:]); err != nil {
		return usageError{err.Error()}
	}
	if *username == "" || *role == "" || *company == "" {
		return usageError{"user create: --username, --role and --company are required"}
	}
	password, err := readPassword(*fromStdin, os.Stdin)
	if err != nil {
		return err
	}

	return withProduct(ctx, "backoffice-user", func(m *product.Product, _ *slog.Logger) error {
		companyID, err := m.Settings.EnsureCompany(ctx, *company)
		if err != nil {
			return err
		}
		u, err := m.Auth.CreateUser(ctx, auth.NewUser{CompanyID: companyID, Username: *username, Password: password,
			FirstName: *first, LastName: *last, Email: *email, Role: *role, Enable2FA: *require2FA})
		if err != nil {
			if ae := apperror.As(err); ae != nil && len(ae.Fields) > 0 {
				var parts []string
				for f, msg := range ae.Fields {
					parts = append(parts, f+": "+msg)
				}
				return fmt.Errorf("user not created: %s", strings.Join(parts, "; "))
			}
			return err
		}
		fmt.Printf("created user %q (id %d, role %s, company %q)\n", u.Username, u.ID, u.Role, u.CompanyName)
		return nil
	})
}

func readPassword(fromStdin bool, stdin io.Reader) (string, error) {
	if !fromStdin {
		p := os.Getenv("BACKOFFICE_NEW_USER_PASSWORD")
		if p == "" {
			return "", usageError{"user create: give the password on standard input with --password-stdin, or in BACKOFFICE_NEW_USER_PASSWORD"}
		}
		return p, nil
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}
