package clitest

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/gdvar/gdvar/internal/testrig/jq16"
	"github.com/stretchr/testify/require"
)

// VectorFlags are the flags a golden vector's var_to_bytes file reads
// with: -objects for full objects, and -framing none for the one that reads
// as a save file too (var_to_bytes(""): a frame of 4 bytes holding a Nil),
// of which gdvar asks which it is.
func VectorFlags(v golden.Vector) []string {
	var flags []string
	if v.Objects {
		flags = append(flags, "-objects")
	}
	if v.Name == "string_empty" {
		flags = append(flags, "-framing", "none")
	}
	return flags
}

// Words is the little-endian bytes of ws.
func Words(ws ...uint32) []byte {
	var b []byte
	for _, w := range ws {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

// BothWays is an engine-made file of scripts/gen-framing-both.sh that reads
// both as a save file and as values one after another.
type BothWays struct {
	Name    string // KIND.CONTAINER.A.B
	Framing string // as written: stream for store_var and put_var, none for var_to_bytes
	Flags   []string
	Content []byte
}

// LoadBothWays reads scripts/gen-framing-both.sh's files of an engine, in
// framingDir (cmd/gdvar/testdata/framing).
func LoadBothWays(t *testing.T, framingDir, engine string) []BothWays {
	var out []BothWays
	for _, fields := range FieldLines(t, filepath.Join(framingDir, "both", engine+".txt")) {
		name := fields[0]
		b, err := hex.DecodeString(fields[len(fields)-1])
		require.NoError(t, err)
		kind, rest, _ := strings.Cut(name, ".")
		container, _, _ := strings.Cut(rest, ".")
		w := BothWays{Name: name, Framing: "stream", Content: b, Flags: []string{"-engine", map[string]string{"godot4": "4", "godot3.6": "3", "godot3.2": "3"}[engine]}}
		if kind == "bin" {
			w.Framing = "none"
		}
		if container == "pass" {
			w.Flags = append(w.Flags, "-password", "gdvar")
		}
		out = append(out, w)
	}
	return out
}

// FieldLines returns the fields of each line of a file of engine-made
// cases: a name, and the bytes in hex last.
func FieldLines(t *testing.T, path string) [][]string {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out = append(out, strings.Fields(sc.Text()))
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out, path)
	return out
}

// JQPrint rewrites the numbers of the JSON values js as jq 1.6 prints
// them, one value a line.
func JQPrint(t *testing.T, js string) string {
	out, err := jq16.Print([]byte(js))
	require.NoError(t, err)
	return string(out)
}

// MigrateKey is the key of the encrypted cases (scripts/migrate/make3.gd).
const MigrateKey = "01080f161d242b323940474e555c636a71787f868d949ba2a9b0b7bec5ccd3da"

// MigrateCase is a file of package migrate's engine-made cases
// (scripts/gen-migrate.sh): a file Godot 3 wrote, its kind and container.
type MigrateCase struct{ Dir, Name, Kind, Container string }

// MigrateCases are package migrate's engine-made cases, root being the
// module's root from the test's folder.
func MigrateCases(t *testing.T, root string) []MigrateCase {
	var cases []MigrateCase
	for _, v := range []string{"godot3.6", "godot3.2"} {
		dir := filepath.Join(root, "migrate", "testdata", v)
		index, err := os.ReadFile(filepath.Join(dir, "index.txt"))
		require.NoError(t, err)
		sc := bufio.NewScanner(bytes.NewReader(index))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			cases = append(cases, MigrateCase{dir, f[0], f[1], f[2]})
		}
	}
	require.NotEmpty(t, cases)
	return cases
}

// Args are the arguments of gdvar migrate for the case, the command's
// name first.
func (c MigrateCase) Args() []string {
	args := []string{"migrate"}
	switch c.Kind {
	case "save":
		args = append(args, "-framing", "stream")
	case "objects":
		args = append(args, "-framing", "stream", "-objects")
	case "res", "events": // where the engines saved it, from which Godot 4 draws IDs
		args = append(args, "-path", "/tmp/gdvar-migrate/"+filepath.Base(c.Dir)+"/"+c.Name)
	}
	if filepath.Base(c.Dir) == "godot3.2" {
		args = append(args, "-engine", "3.2")
	}
	switch c.Container {
	case "pass":
		args = append(args, "-password", "gdvar migrate")
	case "key":
		args = append(args, "-key", MigrateKey)
	}
	return append(args, filepath.Join(c.Dir, c.Name))
}
