package product_test

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"strings"
	"testing"
)

const modulePath = "github.com/backoffice/backoffice"

// The import direction is cmd → modules → platform (DESIGN rule 1), tests included: nothing
// outside cmd/ imports cmd/ (the API test harness builds the product from this package, not from
// cmd/backoffice), platform/ imports no module, and the migration history imports nothing of the
// product (the packages it migrates for test through it). Use cases (a module's internal/app,
// domain and store) know their caller through platform/caller, never the HTTP layer.
func TestImportDirection(t *testing.T) {
	out, err := exec.Command("go", "list", "-json", modulePath+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p struct {
			ImportPath                         string
			Imports, TestImports, XTestImports []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, modulePath), "/")
		layer := strings.SplitN(rel, "/", 2)[0]
		all := append(append(append([]string{}, p.Imports...), p.TestImports...), p.XTestImports...)
		for _, imp := range all {
			if !strings.HasPrefix(imp, modulePath+"/") {
				continue
			}
			to := strings.SplitN(strings.TrimPrefix(imp, modulePath+"/"), "/", 2)[0]
			switch {
			case to == "cmd" && layer != "cmd":
				t.Errorf("%s imports %s: only cmd/ imports cmd/", rel, imp)
			case layer == "platform" && to == "modules":
				t.Errorf("%s imports %s: platform imports no module", rel, imp)
			case imp == modulePath+"/platform/httpx" && useCase(rel):
				t.Errorf("%s imports %s: use cases read their caller from platform/caller", rel, imp)
			case layer == "migrations" && to != "migrations" && contains(p.Imports, imp):
				t.Errorf("%s imports %s: the migration history imports nothing of the product", rel, imp)
			}
		}
	}
}

// useCase tells whether the package at rel holds use cases, domain rules or SQL.
func useCase(rel string) bool {
	for _, part := range []string{"/internal/app", "/internal/domain", "/internal/store"} {
		if strings.Contains(rel, part) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
