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
// panics, reading ends, every error is short, and a scene tree's nodes are
// found at their paths.
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
			short(t, err)
			if err != nil && !errors.Is(err, ErrMalformed) {
				return
			}
			short(t, parse(m))
			m.Thread = 1 - min(m.Thread, 1) // the other engine's parsers
			short(t, parse(m))
			if root, err := ParseTree(m); err == nil {
				for n := range root.All() {
					if found := root.Find(n.Path()); found == nil || found.Path() != n.Path() {
						t.Fatalf("%q found as %v", n.Path(), found)
					}
				}
			}
		}
		t.Fatal("more messages than bytes")
	})
}

// short fails the test if err is longer than maxErrorText.
func short(t *testing.T, err error) {
	if err != nil && len(err.Error()) > maxErrorText {
		t.Fatalf("a %d-byte error: %.200s", len(err.Error()), err)
	}
}

func frame3(w *bytes.Buffer, v any) {
	b, _ := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)).Marshal(v)
	_ = binary.Write(w, binary.LittleEndian, uint32(len(b)))
	w.Write(b)
}
