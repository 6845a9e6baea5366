package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/internal/testrig/jq16"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gdvar json, then jq 1.6, then gdvar encode -from json -like (the JSON
// before jq) gives back the engines' bytes, where without -like the
// numbers whose type jq lost come back as the other type.
func TestEncodeLikeUndoesJQ16(t *testing.T) {
	dir := t.TempDir()
	lost := 0
	var all []string // the vectors' JSON, for the real jq 1.6
	for _, set := range engineSets {
		for _, v := range vectors(t, set) {
			code, js, errOut := runGdvar(nil, args("json", set, v, path(set, v))...)
			require.Equal(t, 0, code, "%s: %s", v.Name, errOut)
			ref := filepath.Join(dir, "ref.json")
			require.NoError(t, os.WriteFile(ref, []byte(js), 0o600))
			edited := clitest.JQPrint(t, js)
			if jqDepth(t, js) <= 256 { // jq 1.6 parses no deeper
				all = append(all, js)
			}

			code, out, errOut := runGdvar([]byte(edited), "encode", "-engine", set.engine, "-from", "json", "-like", ref, "-")
			require.Equal(t, 0, code, "%s/%s: %s", set.dir, v.Name, errOut)
			assert.Equal(t, v.Bin, []byte(out), "%s/%s: %s", set.dir, v.Name, edited)

			code, out, _ = runGdvar([]byte(edited), "encode", "-engine", set.engine, "-from", "json", "-")
			if code != 0 || !bytes.Equal(v.Bin, []byte(out)) {
				lost++
			}
		}
	}
	assert.Positive(t, lost, "jq 1.6 changes some values, which -like restores")

	// jq16 prints the vectors' JSON as the real jq 1.6 does, where it is
	// installed.
	jq := jq16.Require(t)
	cmd := exec.Command(jq, "-c", ".")
	cmd.Stdin = strings.NewReader(strings.Join(all, ""))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	// Strings escaped as jsontext escapes them, numbers as printed.
	same, err := jq16.Reformat(out, func(raw []byte) ([]byte, error) { return raw, nil })
	require.NoError(t, err)
	want := strings.Split(strings.TrimSuffix(string(same), "\n"), "\n")
	require.Len(t, want, len(all))
	t.Logf("%d values printed as jq 1.6 prints them", len(all))
	for i, js := range all {
		assert.Equal(t, want[i], strings.TrimSuffix(clitest.JQPrint(t, js), "\n"), "%s", js)
	}
}

// A save file of many records, printed with -pretty, edited with jq 1.6
// (a value changed, a record's shape changed: an entry added, one
// removed), comes back with the types of the record it was edited from
// where a number is at the same place, and as Unmarshal reads it where
// none is.
func TestEncodeLikeEditedSave(t *testing.T) {
	ref := `{"hp":100.0,"lives":3,"pos":[1.0,2,3.5],"big":123456789012345678}
{"speed":2.0,"gone":1.0}
{"n":1.0}
`
	edited := clitest.JQPrint(t, `{"hp":50.0,"lives":3,"pos":[1.0,2,3.5,4.0],"big":123456789012345678}
{"speed":2.0,"added":6.0}
["not a Dictionary",1.0]
{"n":1.0}
`)
	require.Contains(t, edited, `"hp":50,`, "jq 1.6 drops the point")
	want := `{"hp":50.0,"lives":3,"pos":[1.0,2,3.5,4],"big":123456789012345678}
{"speed":2.0,"added":6}
["not a Dictionary",1]
{"n":1}
`
	file := filepath.Join(t.TempDir(), "ref.json")
	code, refSave, errOut := runGdvar([]byte(ref), "encode", "-from", "json", "-framing", "stream", "-")
	require.Equal(t, 0, code, errOut)
	code, refJSON, errOut := runGdvar([]byte(refSave), "json", "-pretty", "-framing", "stream", "-")
	require.Equal(t, 0, code, errOut)
	require.NoError(t, os.WriteFile(file, []byte(refJSON), 0o600))

	code, got, errOut := runGdvar([]byte(edited), "encode", "-from", "json", "-framing", "stream", "-like", file, "-")
	require.Equal(t, 0, code, errOut)
	code, wantSave, errOut := runGdvar([]byte(want), "encode", "-from", "json", "-framing", "stream", "-")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, wantSave, got)
}

// jqDepth returns how deep js nests as jq 1.6 counts it: an Array one
// level, an object two.
func jqDepth(t *testing.T, js string) int {
	dec := jsontext.NewDecoder(strings.NewReader(js), jsontext.AllowDuplicateNames(true))
	var open []int
	depth, most := 0, 0
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			return most
		}
		require.NoError(t, err)
		switch tok.Kind() {
		case '[', '{':
			w := 1
			if tok.Kind() == '{' {
				w = 2
			}
			open = append(open, w)
			depth += w
			most = max(most, depth)
		case ']', '}':
			depth -= open[len(open)-1]
			open = open[:len(open)-1]
		}
	}
}
