// Package filemap keeps a package's map of its files true. The map is a
// table in docs/internals.md, under the package's heading, whose "file"
// (or "files") column names each file of the package, beside the rules
// that file owns: a maintainer looks up which file decides what there. A
// package's test calls Check, which fails on a file the map names that is
// gone, and on a .go file of the package (not a test) that no row names.
package filemap

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Doc is the document that holds the maps, from the module's root.
const Doc = "docs/internals.md"

// Map is a package's map: the names in its tables' file columns, each a
// file's name or a pattern of path.Match's ("websocket_*.go").
type Map struct {
	Names []string
}

// headingLine is a Markdown heading: its #s, then its text.
var headingLine = regexp.MustCompile(`^(#+)\s+(.*)$`)

// quoted is a name in backquotes.
var quoted = regexp.MustCompile("`([^`]+)`")

// Read returns the map under the heading of doc whose text starts with
// heading: the names in the file column of every table under it, up to
// the next heading of its level or a higher one. A table without a column
// headed "file" or "files" is not the map's. A row whose file cell names
// no .go file ("the rest") is an error: a catch-all row would place every
// new file, and the map could never fail on one.
func Read(doc []byte, heading string) (Map, error) {
	var m Map
	level := 0   // the heading's, once found
	column := -1 // the file column of the table being read, or -1
	found, header := false, false
	sc := bufio.NewScanner(bytes.NewReader(doc))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if h := headingLine.FindStringSubmatch(line); h != nil {
			if found && len(h[1]) <= level {
				break
			}
			if !found && strings.HasPrefix(h[2], heading) {
				found, level = true, len(h[1])
			}
			continue
		}
		if !found {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			column, header = -1, false // a table ends at the first line that is not a row
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		switch {
		case !header: // the header row
			header, column = true, slices.IndexFunc(cells, func(c string) bool {
				c = strings.TrimSpace(c)
				return c == "file" || c == "files"
			})
		case column < 0 || column >= len(cells) || strings.Trim(cells[column], " -:") == "":
			// not the map's table, or the row under the header
		default:
			n := len(m.Names)
			for _, q := range quoted.FindAllStringSubmatch(cells[column], -1) {
				if strings.HasSuffix(q[1], ".go") {
					m.Names = append(m.Names, q[1])
				}
			}
			if len(m.Names) == n {
				return Map{}, fmt.Errorf("under %q, the row %q names no .go file: name the files it places", heading, strings.TrimSpace(cells[column]))
			}
		}
	}
	switch {
	case sc.Err() != nil:
		return Map{}, sc.Err()
	case !found:
		return Map{}, fmt.Errorf("no heading %q in the document", heading)
	case len(m.Names) == 0:
		return Map{}, fmt.Errorf("no file named in a table under %q", heading)
	}
	return m, nil
}

// Problems returns what is wrong with m for a package whose .go files are
// files (tests among them): a name that is no file of the package (but a
// test), and a file (not a test) that no name matches.
func (m Map) Problems(files []string) []string {
	var code []string
	for _, f := range files {
		if strings.HasSuffix(f, ".go") && !strings.HasSuffix(f, "_test.go") {
			code = append(code, f)
		}
	}
	var bad []string
	placed := map[string]bool{}
	for _, name := range m.Names {
		matched := false
		for _, f := range code {
			if ok, _ := path.Match(name, f); ok {
				placed[f], matched = true, true
			}
		}
		if !matched {
			bad = append(bad, name+" is in the map, but no file of the package: take it out of the map, or rename it there")
		}
	}
	for _, f := range code {
		if !placed[f] {
			bad = append(bad, f+" is in no row of the map: name it in the row of the rules it owns")
		}
	}
	slices.Sort(bad)
	return bad
}

// Check reads the map under heading in the module's Doc, and fails t on
// each of its Problems with the .go files of the test's working
// directory, which go test makes the package's.
func Check(t testing.TB, heading string) {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, Doc))
	if err != nil {
		t.Fatal(err)
	}
	m, err := Read(doc, heading)
	if err != nil {
		t.Fatalf("%s: %v", Doc, err)
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range m.Problems(files) {
		t.Errorf("%s, under %q: %s", Doc, heading, p)
	}
}

// moduleRoot returns the folder of the go.mod above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = up
	}
}
