package resource

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/vartext"
)

// FuzzRead reads any input as a resource file: never a panic, and what
// reads is written in both forms; the binary form written reads back and
// writes the same bytes again.
func FuzzRead(f *testing.F) {
	for _, name := range []string{"ext_0.tres", "ext_1.res", "sub_0.tscn", "sub_1.scn", "res_0001.tres", "scene_0000.scn"} {
		for _, dir := range []string{"godot4", "godot3.6"} {
			if b, err := os.ReadFile(filepath.Join("testdata", dir, name)); err == nil {
				f.Add(b, false)
			}
		}
	}
	f.Add(binWithValue(words(vArray, 2, vInt, 1, vNodePath, 1, 0)), true)
	f.Fuzz(readsBack)
}

// readsBack is FuzzRead's check of one input.
func readsBack(t *testing.T, data []byte, godot3 bool) {
	opts := []gdvar.Option{fileaccess.WithMaxContentSize(1 << 20)}
	if godot3 {
		opts = append(opts, vartext.WithDialect(vartext.Godot3))
	}
	file, err := Read(bytes.NewReader(data), opts...)
	if err != nil {
		return
	}
	if _, err := file.AppendText(nil); err != nil {
		t.Logf("no text form: %v", err)
	}
	g, err := file.SavedAs("res://fuzz.res", Binary)
	if err != nil {
		return
	}
	b, err := g.AppendBinary(nil)
	if err != nil {
		return
	}
	h, err := Read(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the binary form written does not read back: %v", err)
	}
	again, err := h.AppendBinary(nil)
	if err != nil {
		t.Fatalf("the binary form read back does not write: %v", err)
	}
	if !bytes.Equal(b, again) {
		t.Fatalf("the binary form written, read back and written again differs")
	}
}
