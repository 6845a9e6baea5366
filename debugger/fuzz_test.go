package debugger

import (
	"bytes"
	"encoding/binary"
	"errors"

	"github.com/gdvar/gdvar"
	"os"
	"testing"
)

// FuzzMessages reads any bytes as a debugger stream, in the framing the
// first frame says, and parses every message with its parser: nothing
// panics, and reading ends.
func FuzzMessages(f *testing.F) {
	b, err := os.ReadFile("testdata/stream4.bin")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add(b[:len(b)/2])
	var three bytes.Buffer
	for _, v := range []any{"message:scene_tree", int64(4), int64(0), "root", "Viewport", int64(1), "error", int64(1), []any{}} {
		frame3(&three, v)
	}
	f.Add(three.Bytes())
	f.Fuzz(func(t *testing.T, in []byte) {
		c, err := Detect(&rw{Reader: bytes.NewReader(in)})
		if err != nil {
			return
		}
		for range len(in) + 1 {
			m, err := c.Read()
			if err != nil && !errors.Is(err, ErrMalformed) {
				return
			}
			_ = parse(m)                    // only that it does not panic
			m.Thread = 1 - min(m.Thread, 1) // the other engine's parsers
			_ = parse(m)
		}
		t.Fatal("more messages than bytes")
	})
}

func frame3(w *bytes.Buffer, v any) {
	b, _ := gdvar.Marshal(v, gdvar.WithEngine(gdvar.Godot3))
	_ = binary.Write(w, binary.LittleEndian, uint32(len(b)))
	w.Write(b)
}
