package product_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// No module reads another module's tables in SQL (DESIGN rule 3, issue 9.17): a module asks the
// owner's public read methods, or keeps the names it copied at write time. The owners are the
// modules named by the migrations that create the tables (YYYYMMDDHHMMSS_<module>_….sql); the
// string literals of every module's internal/store must name no table of another module.
func TestNoModuleReadsAnotherModulesTables(t *testing.T) {
	root := filepath.Join("..", "..")
	migs, err := filepath.Glob(filepath.Join(root, "migrations", "*.sql"))
	if err != nil || len(migs) == 0 {
		t.Fatalf("migrations: %v", err)
	}
	owner := map[string]string{}
	create := regexp.MustCompile(`(?i)CREATE TABLE (?:IF NOT EXISTS )?"?(\w+)"?`)
	for _, m := range migs {
		module := strings.SplitN(strings.SplitN(filepath.Base(m), ".", 2)[0], "_", 3)[1]
		b, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range create.FindAllStringSubmatch(string(b), -1) {
			if module != "platform" {
				owner[strings.ToLower(c[1])] = module
			}
		}
	}
	word := regexp.MustCompile(`\w+`)
	stores, _ := filepath.Glob(filepath.Join(root, "modules", "*", "internal", "store", "*.go"))
	for _, f := range stores {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		module := filepath.Base(filepath.Dir(filepath.Dir(filepath.Dir(f))))
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, w := range word.FindAllString(s, -1) {
				if o, ok := owner[strings.ToLower(w)]; ok && o != module {
					t.Errorf("%s reads %s's table %s: %q", f, o, w, s)
				}
			}
			return true
		})
	}
}
