package main

import (
	"context"
	"log/slog"

	"github.com/backoffice/backoffice/cmd/backoffice/compose"
	"github.com/backoffice/backoffice/modules/auth"
)

// DemoPassword is the password of the four demo users (README states it).
const DemoPassword = "Demo123!"

// DemoCompany is the demo users' company.
const DemoCompany = "Demo S.A.S."

var demoUsers = []auth.NewUser{
	{Username: "admin", FirstName: "Ana", LastName: "Administradora", Email: "admin@demo.co", Phone: "3001112233", Role: auth.RoleAdmin},
	{Username: "secretary", FirstName: "Sara", LastName: "Secretaria", Email: "secretary@demo.co", Phone: "3002223344", Role: auth.RoleSecretary},
	{Username: "user", FirstName: "Ulises", LastName: "Usuario", Email: "user@demo.co", Phone: "3003334455", Role: auth.RoleUser},
	{Username: "buyer", FirstName: "Bruno", LastName: "Comprador", Email: "buyer@demo.co", Phone: "3004445566", Role: auth.RoleBuyer},
}

// seedDemo creates the demo company and users that are missing; running it again changes nothing.
func seedDemo(ctx context.Context, m *compose.Product, logger *slog.Logger) error {
	companyID, err := m.Settings.EnsureCompany(ctx, DemoCompany)
	if err != nil {
		return err
	}
	for _, u := range demoUsers {
		exists, err := m.Auth.UserExists(ctx, u.Username)
		if err != nil {
			return err
		}
		if exists {
			continue
		}
		u.CompanyID, u.Password = companyID, DemoPassword
		if _, err := m.Auth.CreateUser(ctx, u); err != nil {
			return err
		}
		logger.Info("demo user created", "username", u.Username, "role", u.Role)
	}
	return nil
}

func seedOnly(ctx context.Context) error {
	return withProduct(ctx, "backoffice-seed", func(m *compose.Product, logger *slog.Logger) error {
		return seedDemo(ctx, m, logger)
	})
}
