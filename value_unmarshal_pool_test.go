package gdvar

import (
	"encoding/binary"
	"fmt"
	"testing"
)

// A Decoder that Unmarshal gives back to the pool does not keep the table
// of strings boxed into interface{} values: it is the Decoder's own, not
// part of the value, and a few times the input's bytes (here over 20 KiB
// for an input under pooledMax), which the pool would keep alive until the
// Decoder's next use.
func TestUnmarshalPoolDropsBoxTable(t *testing.T) {
	// An Array of 900 distinct short Strings, under 16 KiB: past boxAfter
	// strings, each goes in the table.
	b := binary.LittleEndian.AppendUint32(nil, 28)
	b = binary.LittleEndian.AppendUint32(b, 900)
	for i := range 900 {
		s := fmt.Sprintf("k%07d", i)
		b = binary.LittleEndian.AppendUint32(b, 4)
		b = binary.LittleEndian.AppendUint32(b, uint32(len(s)))
		b = append(b, s...)
	}
	if len(b) > pooledMax {
		t.Fatalf("input of %d bytes", len(b))
	}
	d := new(Decoder)
	d.ResetBytes(b)
	var v any
	if err := unmarshalWith(d, &v); err != nil {
		t.Fatal(err)
	}
	if len(d.ds.boxes.m) == 0 {
		t.Fatal("no table made: the test no longer tests")
	}
	putUnmarshalDecoder(d, b)
	unmarshalPool.Get() // taken back, to leave the pool as it was
	if d.ds.boxes.m != nil {
		t.Errorf("a pooled Decoder keeps the table of %d strings", len(d.ds.boxes.m))
	}
	if got := v.([]any)[899]; got != "k0000899" {
		t.Errorf("the value changed: %v", got)
	}
}

// Nor does it keep the room a NodePath of many names took: up to 16K names
// within MaxNameBytes, 320 KiB of slices, kept from an input of 64 KiB.
func TestUnmarshalPoolDropsLongNodePath(t *testing.T) {
	names := make([]string, 8000)
	for i := range names {
		names[i] = "n"
	}
	b, err := Marshal(NodePath{Names: names})
	if err != nil {
		t.Fatal(err)
	}
	for _, into := range []any{new(any), new(NodePath), new(string)} {
		d := new(Decoder)
		d.ResetBytes(b)
		if err := unmarshalWith(d, into); err != nil {
			t.Fatal(err)
		}
		putUnmarshalDecoder(d, b)
		if pooled, _ := unmarshalPool.Get().(*Decoder); pooled == d && cap(d.ext.path.names) > 64 {
			t.Errorf("into %T: a pooled Decoder keeps room for %d names", into, cap(d.ext.path.names))
		}
	}
}

// Nor a table of many short names: 7000 names of 2 bytes, under 16 KiB
// of bytes, take a map of over 300 KiB.
func TestUnmarshalPoolDropsManyNames(t *testing.T) {
	var paths []any
	for i := range 1750 {
		var p NodePath
		for j := range 4 {
			k := 4*i + j
			p.Names = append(p.Names, string([]byte{'!' + byte(k/94), '!' + byte(k%94)}))
		}
		paths = append(paths, p)
	}
	b, err := Marshal(paths)
	if err != nil {
		t.Fatal(err)
	}
	d := new(Decoder)
	d.ResetBytes(b)
	var v any
	if err := unmarshalWith(d, &v); err != nil {
		t.Fatal(err)
	}
	if len(d.names.m) < 7000 {
		t.Fatalf("%d names kept: the test no longer tests", len(d.names.m))
	}
	putUnmarshalDecoder(d, b)
	if pooled, _ := unmarshalPool.Get().(*Decoder); pooled == d {
		t.Errorf("a pooled Decoder keeps %d names (%d bytes)", len(d.names.m), d.names.bytes)
	}
}
