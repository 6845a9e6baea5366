package scan

import (
	"bytes"
	"testing"

	"github.com/gdvar/gdvar"
)

// Scanning time per byte: plain values, an object every 16 bytes (the
// most findings a byte), and objects nested as deep as the default limit,
// each about 1 MB. The scan is linear in the input: compare ns/byte.
func BenchmarkValues(b *testing.B) {
	plain, err := gdvar.MustCodec(gdvar.AllowObjects(true)).Marshal(map[string]any{"gold": 10, "pos": gdvar.Vector2{X: 1}, "items": []any{"a", 2.5}})
	if err != nil {
		b.Fatal(err)
	}
	obj, err := gdvar.MustCodec(gdvar.AllowObjects(true)).Marshal(object("Node"))
	if err != nil {
		b.Fatal(err)
	}
	var deep any = object("Node", "script", "res://n.gd")
	for range 500 {
		deep = object("Node", "child", deep)
	}
	nested, err := gdvar.MustCodec(gdvar.AllowObjects(true)).Marshal(deep)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		one  []byte
	}{{"plain", plain}, {"objects", obj}, {"nested", nested}} {
		input := bytes.Repeat(c.one, 1<<20/len(c.one))
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(input)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Values(bytes.NewReader(input)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
