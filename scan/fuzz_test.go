package scan

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/vartext"
)

// Any input scans without a panic, as binary values, a save and a
// ConfigFile, and every finding's path and detail keep their bounds.
func FuzzScan(f *testing.F) {
	for _, d := range engineDirs {
		paths, _ := filepath.Glob(filepath.Join("testdata", d.dir, "*.*"))
		for _, p := range paths {
			if b, err := os.ReadFile(p); err == nil && !strings.Contains(p, "_pass.") {
				f.Add(b[:min(len(b), 2048)])
			}
		}
	}
	engines := []*gdvar.Codec{gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot4)), gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3))}
	f.Fuzz(func(t *testing.T, b []byte) {
		check := func(found []Finding) {
			for _, x := range found {
				if len(x.Path) > MaxDetail+8 || len(x.Detail) > MaxDetail+32 || x.Kind < Object || x.Kind > Resource {
					t.Fatalf("a finding out of bounds: %+v", x)
				}
			}
		}
		for _, c := range engines {
			found, _ := Values(bytes.NewReader(b), WithCodec(c))
			check(found)
			found, _ = Save(bytes.NewReader(b), WithCodec(c))
			check(found)
		}
		for _, d := range []vartext.Dialect{vartext.Godot4, vartext.Godot3} {
			found, _ := ConfigFile(bytes.NewReader(b), WithText(vartext.WithDialect(d)))
			check(found)
		}
	})
}
