package configfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/gdvar/gdvar/vartext"
)

// FuzzRead: Read takes any input without panicking, in every dialect, and
// a file it read without error writes text that reads back, with the same
// sections (but in Godot 3.2, which writes keys it cannot read). The text
// need not come back the same: the engine reads some floats' digits to a
// neighbouring double, as Read does after it.
func FuzzRead(f *testing.F) {
	for _, set := range []string{"godot4", "godot3.6", "godot3.2"} {
		names, _ := filepath.Glob(golden.Path("configfile", set, "config_000*.cfg"))
		for _, name := range names {
			if b, err := os.ReadFile(name); err == nil {
				f.Add(b[:min(len(b), 2048)], uint8(len(set))) // small inputs fuzz faster
			}
		}
	}
	f.Add([]byte("[s]\nk=1 ; c\n\"q k\"=[1, {\"a\": Vector2(1, 2)}]\n[t\\]]\n"), uint8(1))
	f.Fuzz(func(t *testing.T, text []byte, d uint8) {
		dialect := []vartext.Dialect{vartext.Godot4, vartext.Godot3, vartext.Godot32}[d%3]
		cf, err := Read(bytes.NewReader(text), WithText(vartext.WithDialect(dialect)))
		if err != nil {
			return
		}
		out, err := cf.Bytes()
		if err != nil {
			return // a value with no text form in this dialect
		}
		if dialect == vartext.Godot32 {
			return
		}
		back, err := Read(bytes.NewReader(out), WithText(vartext.WithDialect(dialect)))
		if err != nil {
			t.Fatalf("%q read, written as %q, which does not read: %v", text, out, err)
		}
		require.Equal(t, cf.Sections(), back.Sections(), "%q read, written as %q", text, out)
	})
}

// FuzzSet: any sequence of keys set and erased leaves a File as the plain
// model of the engine's set_value leaves it (TestSetAsTheModel), in every
// dialect, its removed entries dropped once they outnumber those held, and
// a Clone of it the same. Each op is three bytes: the section, the key,
// and whether to erase (odd) or set (even, the value the op's number).
func FuzzSet(f *testing.F) {
	f.Add([]byte{0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 2, 3, 0}, uint8(0))
	f.Add(bytes.Repeat([]byte{1, 2, 0, 1, 2, 1}, 40), uint8(1))
	f.Fuzz(func(t *testing.T, ops []byte, d uint8) {
		dialect := []vartext.Dialect{vartext.Godot4, vartext.Godot3}[d%2]
		file := mustNew(t, WithText(vartext.WithDialect(dialect)))
		m := model{godot4: dialect == vartext.Godot4}
		for i := 0; i+3 <= len(ops); i += 3 {
			name := strconv.Itoa(int(ops[i] % 8))
			if name == "0" {
				name = ""
			}
			key := strconv.Itoa(int(ops[i+1] % 16))
			var v any = int64(i)
			if ops[i+2]%2 == 1 {
				v = nil
			}
			file.Set(name, key, v)
			m.set(name, key, v)
			require.LessOrEqual(t, file.s.entries.n, 2*file.s.live+17)
		}
		checkModel(t, file, &m)
		checkModel(t, mustClone(t, file, WithText(vartext.WithDialect(dialect))), &m)
	})
}
