package main

import (
	"bytes"
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every command the usage lists dispatches through the one table to a
// command of that name (its help names it), the package's doc lists each,
// and no other.
func TestEveryCommandDispatches(t *testing.T) {
	var help, errOut bytes.Buffer
	require.Equal(t, 0, run([]string{"help"}, nil, &help, &errOut), errOut.String())
	_, list, ok := strings.Cut(help.String(), "Commands:\n")
	require.True(t, ok, help.String())
	list, _, _ = strings.Cut(list, "\n\n")
	var names []string
	for line := range strings.Lines(list) {
		names = append(names, strings.Fields(line)[0])
	}
	var table []string
	for _, c := range commands {
		table = append(table, c.name)
	}
	assert.Equal(t, table, names)
	for _, must := range []string{"inspect", "edit", "debug", "rpc-config", "mcp", "version"} {
		assert.Contains(t, names, must)
	}

	for _, name := range names {
		var out, errOut bytes.Buffer
		code := run([]string{name, "-h"}, bytes.NewReader(nil), &out, &errOut)
		text := out.String() + errOut.String()
		assert.NotContains(t, text, "unknown command", name)
		assert.Contains(t, text, "gdvar "+name, "%s -h: %s", name, text)
		if name != "version" { // which takes no arguments, -h included
			assert.Equal(t, 0, code, "%s -h: %s", name, text)
		}
		out.Reset()
		errOut.Reset()
		code = run([]string{name, "-no-such-flag"}, bytes.NewReader(nil), &out, &errOut)
		assert.Equal(t, 2, code, "%s -no-such-flag", name)
		if name != "version" {
			assert.Contains(t, errOut.String(), "no-such-flag", name)
		}
	}

	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	require.NoError(t, err)
	var documented []string
	for _, m := range regexp.MustCompile(`(?m)^\tgdvar (\S+)`).FindAllStringSubmatch(f.Doc.Text(), -1) {
		documented = append(documented, m[1])
	}
	assert.ElementsMatch(t, names, documented, "the commands main.go's doc lists")
}
