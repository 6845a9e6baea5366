package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Help exits 0, a mistake in the command line exits 2 whatever the
// mistake, and a flag may follow FILE.
func TestCommandLine(t *testing.T) {
	seven := filepath.Join(goldenDir, "int_7.bin")
	for _, c := range []struct {
		args         []string
		code         int
		stdout, errs string
	}{
		{[]string{"-h"}, 0, "usage: gdvar COMMAND", ""},
		{[]string{"help"}, 0, "usage: gdvar COMMAND", ""},
		{[]string{"help", "json"}, 0, "", "usage: gdvar json"},
		{nil, 2, "", "usage: gdvar COMMAND"},
		{[]string{"version"}, 0, "gdvar ", ""},
		{[]string{"version", "extra"}, 2, "", "gdvar version takes no arguments"},
		{[]string{"json", "-framing", "bogus", seven}, 2, "", "want auto, none or stream"},
		{[]string{"text", "-framing", "packets", "-"}, 2, "", `-framing "packets": want auto, none or stream`},
		{[]string{"encode", "-framing", "auto", "-"}, 2, "", `-framing "auto": want none or stream`},
		{[]string{"encode", "-from", "yaml", "-"}, 2, "", "want json or text"},
		{[]string{"copy", "-key", "00", seven}, 2, "", "64 hex digits"},
		{[]string{"encode", "-compress", "zstd", "-password", "x", "-"}, 2, "", "either compressed or encrypted"},
		{[]string{"encode", "-compress", "lz4", "-"}, 2, "", "-compress"},
		{[]string{"encode", "-compress", "brotli", "-"}, 2, "", "-compress brotli: the engines read it but do not write it"},
		{[]string{"encode", "-from", "text", "-like", seven, "-"}, 2, "", "-like: only with -from json"},
		{[]string{"copy", seven, seven}, 2, "", "want at most one FILE, not 2"},
		{[]string{"copy", "-max-depth", "-5", seven}, 2, "", "Limits.MaxDepth is -5"},
		{[]string{"validate", seven, "-engine", "3"}, 0, "8 bytes: valid int", ""},
		{[]string{"inspect", seven, "-max-depth", "2"}, 0, "Int32(7)", ""},
		{[]string{"validate", seven, "-engine"}, 2, "", "flag needs an argument"},
		{[]string{"validate", "--", "-engine"}, 1, "", "open -engine"},
	} {
		var out, errOut bytes.Buffer
		code := run(c.args, bytes.NewReader(nil), &out, &errOut)
		assert.Equal(t, c.code, code, "%q: %s", c.args, errOut.String())
		assert.Contains(t, out.String(), c.stdout, "%q", c.args)
		assert.Contains(t, errOut.String(), c.errs, "%q", c.args)
	}
}

// gdvar version prints the version the build recorded, and the Go version.
func TestVersion(t *testing.T) {
	code, out, _ := runGdvar(nil, "version")
	require.Equal(t, 0, code)
	assert.Regexp(t, `^gdvar \S+ \(.*`+runtime.Version()+`\)\n$`, out)
}

// inspect and copy take -framing: a save file's frames are shown, each
// with its length, and copied byte for byte; an empty input fails as the
// other commands do.
func TestInspectAndCopyFraming(t *testing.T) {
	var saved []byte
	for _, name := range []string{"int_7", "gamestate_3", "string_long_ascii"} {
		v, err := os.ReadFile(filepath.Join(goldenDir, name+".bin"))
		require.NoError(t, err)
		saved = append(append(saved, byte(len(v)), byte(len(v)>>8), byte(len(v)>>16), byte(len(v)>>24)), v...)
	}
	code, out, errOut := runGdvar(saved, "copy", "-framing", "stream", "-")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, saved, []byte(out))

	code, out, errOut = runGdvar(saved, "inspect", "-", "-framing", "stream")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^\s+0\s+4  Frame\(8 bytes\)$`, out)
	assert.Regexp(t, `(?m)^\s+4\s+8  Int32\(7\)\s+\$$`, out)
	assert.Regexp(t, `(?m)^\s+12\s+4  Frame\(\d+ bytes\)$`, out)
	assert.Regexp(t, `(?m)^\s+16\s+8  ArrayStart\(3\)\s+\$$`, out)

	twice := append([]byte{16, 0, 0, 0}, saved[4:12]...)
	twice = append(twice, saved[4:12]...)
	for _, cmd := range []string{"inspect", "copy"} {
		code, _, errOut = runGdvar(twice, cmd, "-framing", "stream", "-")
		assert.Equal(t, 1, code, cmd)
		assert.Contains(t, errOut, "the frame holds more than one value\n", cmd)
		for _, framing := range []string{"none", "stream"} {
			if cmd == "copy" && framing == "none" {
				continue // copy of nothing is nothing, as cat's
			}
			code, _, errOut = runGdvar(nil, cmd, "-framing", framing, "-")
			assert.Equal(t, 1, code, cmd)
			assert.Contains(t, errOut, "no value: the input is empty", cmd, framing)
		}
	}
}
