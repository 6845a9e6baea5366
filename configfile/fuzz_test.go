package configfile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar/internal/golden"
	"github.com/gdvar/gdvar/vartext"
)

// FuzzRead: Read takes any input without panicking, in every dialect, and
// a file it read without error writes text that reads back (but in Godot
// 3.2, which writes keys it cannot read). The text need not come back the
// same: the engine reads some floats' digits to a neighbouring double, as
// Read does after it.
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
		cf, err := Read(bytes.NewReader(text), vartext.WithDialect(dialect))
		if err != nil {
			return
		}
		out, err := cf.Bytes()
		if err != nil {
			return // a value with no text form in this dialect
		}
		if _, err := Read(bytes.NewReader(out), vartext.WithDialect(dialect)); err != nil && dialect != vartext.Godot32 {
			t.Fatalf("%q read, written as %q, which does not read: %v", text, out, err)
		}
	})
}
