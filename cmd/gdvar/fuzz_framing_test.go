package main

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
)

// FuzzFraming runs the commands on any input with -framing auto: none
// panics, a frame the input's end cuts is never valid with -framing stream,
// and where both framings read, validate reads one of them, or says they
// tie.
func FuzzFraming(f *testing.F) {
	f.Add(ambiguous)
	f.Add(tie)
	f.Add(clitest.Words(12, 1, 1))                              // a frame declaring 12 bytes, holding a bool's 8
	f.Add(append(clitest.Words(8, 19, 0, 12, 4, 4), "gold"...)) // a Godot 3 save, or a Transform2D
	f.Add(clitest.Words(8, 3, 1, 4, 0))                         // a Rect2i, or a denormal float and a Nil
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, cmd := range []string{"validate", "json", "inspect", "scan"} {
			runGdvar(b, cmd, "-objects", "-")
		}
		code, out, errOut := runGdvar(b, "validate", "-framing", "stream", "-")
		if len(b) >= 4 && int64(binary.LittleEndian.Uint32(b)) > int64(len(b)-4) && (code == 0 || strings.Contains(out, "valid")) {
			t.Fatalf("a cut frame called valid: %q %q", out, errOut)
		}
	})
}
