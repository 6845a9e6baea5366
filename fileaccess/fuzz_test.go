package fileaccess

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzReader reads any bytes as a container: no panic, memory bounded by
// the input (TestDeclaredSizes), and any failure one of the typed errors.
func FuzzReader(f *testing.F) {
	for _, engine := range []string{"godot4", "godot3.2"} {
		for _, mode := range modes {
			if b, err := os.ReadFile(filepath.Join("testdata", engine, mode+".bin")); err == nil && len(b) < 8<<10 {
				f.Add(b)
			}
		}
	}
	f.Add(header(16, 100))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := drain(data, WithKey(testKey()), WithMaxBlockSize(64<<10))
		var fe *FormatError
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("untyped error %T: %v", err, err)
		}
	})
}
