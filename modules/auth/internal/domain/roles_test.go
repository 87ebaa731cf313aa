package domain

import "testing"

func TestParseRole(t *testing.T) {
	tests := []struct {
		in      string
		want    Role
		wantErr bool
	}{
		{"admin", RoleAdmin, false},
		{"secretary", RoleSecretary, false},
		{"user", RoleUser, false},
		{"buyer", RoleBuyer, false},
		{" Admin ", RoleAdmin, false},
		{"BUYER", RoleBuyer, false},
		{"", "", true},
		{"root", "", true},
		{"admins", "", true},
		{"secretaria", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseRole(tt.in)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Fatalf("ParseRole(%q) = %q, %v; want %q, error %v", tt.in, got, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestRoleValid(t *testing.T) {
	want := map[Role]string{RoleAdmin: "admin", RoleSecretary: "secretary", RoleUser: "user", RoleBuyer: "buyer"}
	roles := Roles()
	if len(roles) != len(want) {
		t.Fatalf("Roles() = %v", roles)
	}
	for _, r := range roles {
		if !r.Valid() || string(r) != want[r] {
			t.Fatalf("role %q invalid or misspelt", r)
		}
	}
	for _, r := range []Role{"", "Admin", " admin", "guest"} {
		if r.Valid() {
			t.Fatalf("Role(%q).Valid() = true", r)
		}
	}
}
