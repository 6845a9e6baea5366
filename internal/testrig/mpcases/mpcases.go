// Package mpcases builds the remote calls the multiplayer live tests have
// Godot make (scripts/multiplayer/client.gd): the engine-made golden
// vectors of Godot 4 as arguments, and reads what the engine printed back.
package mpcases

import (
	"bytes"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/require"
)

// maxArg leaves room in a packet (the engine's limit is 65535 bytes) for
// the call's header and the path.
const maxArg = 60000

// Cases returns the arguments of each call: every plain Godot 4 golden
// vector the engine writes back as it came (golden.Echoed) on its own,
// then calls of no argument, of two and of three arguments, and of a lone
// PackedByteArray (which travels raw).
func Cases(t testing.TB) [][][]byte {
	byName := map[string][]byte{}
	var cases [][][]byte
	for _, v := range golden.Load(t, golden.Path("golden", "godot4")) {
		if v.Objects || !golden.Echoed(v) || len(v.Bin) > maxArg {
			continue
		}
		byName[v.Name] = v.Bin
		cases = append(cases, [][]byte{v.Bin})
	}
	cases = append(cases, nil)
	for _, names := range [][]string{
		{"int_7", "string_abc"},
		{"bool_true", "vector3", "dict_nested"},
		{"int_1_shl_40", "float_0_1", "nil"},
		{"int_neg1", "int_i32_max", "int_i64_min"},
		{"packed_byte_5"},
	} {
		var c [][]byte
		for _, n := range names {
			b, ok := byName[n]
			require.True(t, ok, "no golden vector %s", n)
			c = append(c, b)
		}
		cases = append(cases, c)
	}
	return cases
}

// WriteFile writes the cases as client.gd reads them, one call per line,
// and returns the file's path.
func WriteFile(t testing.TB, cases [][][]byte) string {
	var sb strings.Builder
	for _, c := range cases {
		if len(c) == 0 {
			sb.WriteByte('-')
		}
		for i, arg := range c {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(hex.EncodeToString(arg))
		}
		sb.WriteByte('\n')
	}
	path := filepath.Join(t.TempDir(), "cases.txt")
	require.NoError(t, os.WriteFile(path, []byte(sb.String()), 0o644))
	return path
}

// emptyBytes is an empty PackedByteArray: alone, it travels as the raw
// bytes of a call with no argument count, none, and arrives as no
// argument at all (in the engine too).
var emptyBytes = []byte{0x1d, 0, 0, 0, 0, 0, 0, 0}

// Arrived returns the arguments a call the engine made with args arrives
// with: the same, but a lone empty PackedByteArray, which the engine sends
// raw, arrives as no argument.
func Arrived(args [][]byte) [][]byte {
	if len(args) == 1 && bytes.Equal(args[0], emptyBytes) {
		return nil
	}
	return args
}

// Want returns what echo.gd prints of the three arguments of a call the
// engine made with args: Pad of those that arrive.
func Want(args [][]byte) string { return Pad(Arrived(args)) }

// Pad returns what echo.gd prints of three arguments, args and nulls after
// them, each as var_to_bytes hex.
func Pad(args [][]byte) string {
	parts := []string{"00000000", "00000000", "00000000"}
	for i, a := range args {
		parts[i] = hex.EncodeToString(a)
	}
	return strings.Join(parts, ",")
}

// Lines returns what follows prefix on each line of out that starts with
// it.
func Lines(out, prefix string) []string {
	var got []string
	for line := range strings.SplitSeq(out, "\n") {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			got = append(got, rest)
		}
	}
	return got
}
