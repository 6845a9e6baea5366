package filemap

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// doc has a map in each form the module's doc uses: the file column
// first or not, patterns, names of other things in the cells, and tables
// that are not the map's; and a catch-all row, which is refused.
const doc = "# Internals\n\n" +
	"## The `a` package\n\n" +
	"Text, and `notes.go` outside a table.\n\n" +
	"| file | owns |\n|---|---|\n" +
	"| `a.go`, `b.go` (its `helper`) | the rules |\n" +
	"| `c_*.go` | the c's |\n\n" +
	"| path | what |\n|---|---|\n| `x.go` | not the map's |\n\n" +
	"### The `a/sub` part\n\n" +
	"| layer | files | what |\n|---|---|---|\n| 0 | `d.go` | the d |\n\n" +
	"## The `b` package\n\n" +
	"| files | what |\n|---|---|\n| `e.go` | e |\n| the rest | shared |\n\n" +
	"## The `c` package\n\nIts files, in prose: `f.go`.\n"

func TestRead(t *testing.T) {
	tests := []struct {
		heading string
		want    Map
		err     string
	}{
		{"The `a` package", Map{Names: []string{"a.go", "b.go", "c_*.go", "d.go"}}, ""},
		{"The `a/sub`", Map{Names: []string{"d.go"}}, ""},
		{"The `b` package", Map{}, `the row "the rest" names no .go file`},
		{"The `c` package", Map{}, "no file named in a table"},
		{"The `d` package", Map{}, `no heading "The ` + "`d`" + ` package"`},
	}
	for _, tt := range tests {
		t.Run(tt.heading, func(t *testing.T) {
			m, err := Read([]byte(doc), tt.heading)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, m)
		})
	}
}

// Each rule catches what it is for, and nothing else.
func TestProblems(t *testing.T) {
	m := Map{Names: []string{"a.go", "c_*.go", "gone.go", "c_none*.go"}}
	files := []string{"a.go", "a_test.go", "c_x.go", "c_y.go", "new.go", "new_test.go", "README.md"}
	assert.Equal(t, []string{
		"c_none*.go is in the map, but no file of the package: take it out of the map, or rename it there",
		"gone.go is in the map, but no file of the package: take it out of the map, or rename it there",
		"new.go is in no row of the map: name it in the row of the rules it owns",
	}, m.Problems(files))
	assert.Empty(t, Map{Names: []string{"a.go"}}.Problems([]string{"a.go", "a_test.go"}))
	assert.NotEmpty(t, Map{Names: []string{"a_test.go"}}.Problems([]string{"a.go", "a_test.go"}), "a test is not the package's code")
}

// The maps the module's doc has already, the root's and multiplayer's,
// read in the same way.
func TestReadsTheDoc(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", Doc))
	require.NoError(t, err)
	root, err := Read(doc, "The root package")
	require.NoError(t, err)
	assert.Contains(t, root.Names, "token*.go")
	mp, err := Read(doc, "The multiplayer package")
	require.NoError(t, err)
	assert.Subset(t, mp.Names, []string{"peerid.go", "websocket_*.go", "doc.go"})
}

// largePackage is the most files (not tests) a package may have without
// a map: docs/internals.md's rule.
const largePackage = 8

// Every package of the module with more than largePackage files (not
// tests) has a test that checks its map; a package that grows past the
// rule fails here until its map is written.
func TestEveryLargePackageHasAMap(t *testing.T) {
	root, err := moduleRoot()
	require.NoError(t, err)
	checked := 0
	err = filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		name := d.Name()
		if dir != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		code, tests := 0, []string{}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			return err
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				tests = append(tests, f)
			} else {
				code++
			}
		}
		if code <= largePackage {
			return nil
		}
		checked++
		rel, _ := filepath.Rel(root, dir)
		for _, f := range tests {
			src, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			if bytes.Contains(src, []byte("filemap.Check(")) {
				return nil
			}
		}
		t.Errorf("%s has %d files and no map: write its table in %s (a heading \"The `%s` package\") and a TestFileMap calling filemap.Check",
			rel, code, Doc, filepath.ToSlash(rel))
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, checked, 10, "the walk found the module's large packages")
}
