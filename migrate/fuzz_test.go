package migrate

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
)

// FuzzSave migrates any bytes as a Godot 3 save file: it never panics,
// and what it writes is a Godot 4 save file of as many records, each at
// most 3 times its Godot 3 size (and a few bytes of a renamed class or
// property).
func FuzzSave(f *testing.F) {
	// Small seeds: the fuzzer minimizes what it finds, slowly when large.
	f.Add(save3(f, gdvar.RID(0), []any{gdvar.Quaternion{W: 1}, gdvar.ParseNodePath("/a:b")}, gdvar.NewDictionary("k", []int32{1})))
	f.Add(save3(f, event("InputEventJoypadButton", "button_index", int64(6), "pressed", true), event("InputEventKey", "scancode", int64(16777217))))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out bytes.Buffer
		if err := Save(&out, bytes.NewReader(data)); err != nil {
			return
		}
		in, got := records(t, data), records(t, out.Bytes(), objects)
		for {
			frame3, err3 := in.ReadFrame()
			var v any
			err4 := got.GetVar(&v)
			if err3 == io.EOF && err4 == io.EOF {
				return
			}
			if err3 != nil || err4 != nil {
				t.Fatalf("Godot 3 record: %v; Godot 4 record: %v", err3, err4)
			}
			if n := got.FrameLen(); n > 3*int64(len(frame3))+64 {
				t.Fatalf("a record of %d bytes became %d", len(frame3), n)
			}
		}
	})
}

// FuzzFiles migrates any text as a Godot 3 ConfigFile, and any bytes as a
// Godot 3 resource: it never panics, and what it makes writes.
func FuzzFiles(f *testing.F) {
	for _, name := range []string{"ext_0.tres", "ext_1.res"} {
		data, err := os.ReadFile(filepath.Join("..", "resource", "testdata", "godot3.6", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("[s]\n\nk=Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 )\ne=Object(InputEventKey,\"scancode\":65,\"script\":null)\n"))
	f.Add([]byte("[gd_resource type=\"Resource\" format=2]\n\n[resource]\n__meta__ = {\n\"a\": Quat( 0, 0, 0, 1 )\n}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if c, err := configfile.Read(bytes.NewReader(data), configfile.WithText(vartext.WithDialect(vartext.Godot3))); err == nil {
			if g, err := ConfigFile(c); err == nil {
				if _, err := g.Bytes(); err != nil {
					t.Fatalf("a migrated ConfigFile does not write: %v", err)
				}
			}
		}
		r, err := resource.Read(bytes.NewReader(data), resource.WithText(vartext.WithDialect(vartext.Godot3)))
		if err != nil {
			return
		}
		g, err := Resource(r)
		if err != nil {
			return
		}
		if _, err := g.AppendText(nil); err != nil {
			t.Fatalf("a migrated resource does not write: %v", err)
		}
		if b, err := g.SavedAs("res://fuzz.res", resource.Binary); err == nil {
			if _, err := b.AppendBinary(nil); err != nil {
				t.Fatalf("a migrated resource does not write in binary: %v", err)
			}
		}
	})
}
