package testrig

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// internal/ holds production code and, under testrig, test rigs: no
// package's code imports a rig but a test's, or that of a program only
// tests and benchmarks run (a package of test helpers, such as
// debuggertest, a benchmark, a script); and a package under internal/ that
// only those import is a rig, so belongs under testrig.
func TestInternalLayout(t *testing.T) {
	root := filepath.Join("..", "..")
	_, err := os.Stat(filepath.Join(root, "go.mod"))
	require.NoError(t, err, "the module's root")
	importers := map[string][]string{} // an internal package: the directories whose code (not tests) imports it
	var internal []string              // the internal packages outside testrig
	files := 0
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			if path.Dir(rel) == "internal" && d.Name() != "testrig" {
				internal = append(internal, rel)
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, spec := range f.Imports {
			imp, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			pkg, ok := strings.CutPrefix(imp, "github.com/gdvar/gdvar/")
			if !ok || !strings.HasPrefix(pkg, "internal/") {
				continue
			}
			importers[pkg] = append(importers[pkg], path.Dir(rel))
			if strings.HasPrefix(pkg, "internal/testrig/") && !testOnly(path.Dir(rel)) {
				t.Errorf("%s imports the test rig %s", rel, pkg)
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, files, 100, "the module's files")
	require.NotEmpty(t, internal)
	for _, pkg := range internal {
		production := false
		for _, dir := range importers[pkg] {
			production = production || !testOnly(dir)
		}
		assert.True(t, production, "%s: only tests import it: a test rig belongs under internal/testrig", pkg)
	}
}

// testOnly says whether the code in dir runs only in tests and
// benchmarks: a rig, a package of test helpers (debuggertest, the
// command's clitest), a benchmark, a script. (loadtest is no test helper:
// gdvar load runs it.)
func testOnly(dir string) bool {
	return strings.HasPrefix(dir, "internal/testrig/") || dir == "debugger/debuggertest" || dir == "cmd/gdvar/internal/clitest" ||
		strings.HasPrefix(dir, "bench/") || strings.HasPrefix(dir, "scripts/")
}
