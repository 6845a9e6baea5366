package resource

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
)

// BenchmarkRead reads 1 MiB files, ordinary and made to be slow: reading
// is linear in the file, and a file made to be slow is no slower a byte
// (on a busy machine, compare cpu-ns/byte).
//
//	go test -run '^$' -bench Read -benchmem ./resource
func BenchmarkRead(b *testing.B) {
	resources := manyResources(b, 1<<20)
	text, err := resources.AppendText(nil)
	if err != nil {
		b.Fatal(err)
	}
	bin, err := resources.AppendBinary(nil)
	if err != nil {
		b.Fatal(err)
	}
	crlf := *resources
	crlf.crlf = true
	textCRLF, err := crlf.AppendText(nil)
	if err != nil {
		b.Fatal(err)
	}
	var nested []byte // Arrays 1000 deep, one after another in an Array
	for len(nested) < 1<<20 {
		nested = append(nested, words(vArray, 1)...)
		nested = append(append(nested, bytes.Repeat(words(vArray, 1), 1000)...), words(vNil)...)
	}
	for _, c := range []struct {
		name string
		file []byte
		ok   bool
	}{
		{"text", text, true},
		{"text-crlf", textCRLF, true},
		{"binary", bin, true},
		{"binary-nested", binWithValue(append(words(vArray, uint32(len(nested)/4004)), nested...)), false},
		{"binary-wide-scene", wideScene(b, 1<<20), true},
		{"binary-deep-scene", chainScene(b, 40000), false},
		{"text-float-scene", floatScene(1 << 20), true},
	} {
		b.Run(c.name, func(b *testing.B) {
			cputime.PerByte(b, len(c.file), func() error {
				if _, err := Read(bytes.NewReader(c.file)); (err == nil) != c.ok {
					return fmt.Errorf("read: %v", err)
				}
				return nil
			})
		})
	}
}

// BenchmarkWrite writes 1 MiB files in each form, and reads the JSON
// form back: resources of metadata, and materials, whose class lists
// more properties than they set (the binary form names them all). Bytes
// are counted in the JSON form, so that each form's figures compare.
//
//	go test -run '^$' -bench Write -benchmem ./resource
func BenchmarkWrite(b *testing.B) {
	for _, f := range []struct {
		name string
		file *File
	}{{"resources", manyResources(b, 1<<20)}, {"materials", manyMaterials(1 << 20)}, {"resources-crlf", manyResources(b, 1<<20)}} {
		f.file.crlf = strings.HasSuffix(f.name, "-crlf")
		js, err := f.file.MarshalJSON()
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name  string
			write func() ([]byte, error)
		}{
			{"text", func() ([]byte, error) { return f.file.AppendText(nil) }},
			{"binary", func() ([]byte, error) { return f.file.AppendBinary(nil) }},
			{"json", f.file.MarshalJSON},
			{"from json", func() ([]byte, error) { var g File; return nil, g.UnmarshalJSON(js) }},
		} {
			b.Run(f.name+"/"+c.name, func(b *testing.B) {
				cputime.PerByte(b, len(js), func() error {
					_, err := c.write()
					return err
				})
			})
		}
	}
}

// manyMaterials is a resource holding StandardMaterial3Ds of a few
// properties each, about size bytes in binary form.
func manyMaterials(size int) *File {
	f := &File{Type: "Resource", UID: NoUID, Main: &Resource{Type: "Resource", ID: "Resource_main"}}
	for i := 0; i*120 < size; i++ {
		id := "StandardMaterial3D_" + strconv.Itoa(i)
		f.Resources = append(f.Resources, &Resource{Type: "StandardMaterial3D", ID: id, Properties: []gdvar.Property{
			{Name: "transparency", Value: int64(i % 4)}, {Name: "albedo_color", Value: gdvar.Color{R: 1, G: 0.5, B: float32(i%7) / 7, A: 1}},
			{Name: "metallic", Value: 0.5}, {Name: "roughness", Value: float64(i%10) / 10}}})
		f.Main.Properties = append(f.Main.Properties, gdvar.Property{Name: "metadata/m" + strconv.Itoa(i), Value: Sub(id)})
	}
	return f
}

// manyResources is a resource holding sub-resources of metadata, about
// size bytes in binary form.
func manyResources(b testing.TB, size int) *File {
	f := &File{Type: "Resource", UID: NoUID, Main: &Resource{Type: "Resource", ID: "Resource_main"}}
	for i := 0; i*100 < size; i++ {
		id := "Resource_" + strconv.Itoa(i)
		f.Resources = append(f.Resources, &Resource{Type: "Resource", ID: id, Properties: []gdvar.Property{
			{Name: "metadata/n", Value: int64(i)}, {Name: "metadata/s", Value: "a string " + id},
			{Name: "metadata/v", Value: gdvar.Vector3{X: 1, Y: 2, Z: float64(i)}}}})
		f.Main.Properties = append(f.Main.Properties, gdvar.Property{Name: "metadata/r" + strconv.Itoa(i), Value: Sub(id)})
	}
	return f
}

// wideScene is a binary scene of nodes under its root, about size bytes.
// floatScene returns a text scene of size bytes or so: nodes of float
// properties, in digits of every kind (a 32-bit float's, which a read
// prints twice to tell; a 64-bit float's; a whole number's).
func floatScene(size int) []byte {
	b := []byte("[gd_scene format=3]\n\n[node name=\"Root\" type=\"Control\"]\n")
	for i := 0; len(b) < size; i++ {
		b = fmt.Appendf(b, "\n[node name=\"n%d\" type=\"Control\" parent=\".\"]\n", i)
		b = fmt.Appendf(b, "offset_left = -26.359985\noffset_top = 0.671209\noffset_right = %d.25\n", i)
		b = fmt.Appendf(b, "offset_bottom = 0.12345678901234\nrotation = 0.1\nscale_x = %d.0\n", i)
	}
	return b
}

func wideScene(b testing.TB, size int) []byte {
	st := &sceneState{names: []string{"Root", "Node2D", "position"}, base: -1}
	for i := 0; i*48 < size; i++ {
		nd := nodeData{parent: 0, owner: 0, typ: 1, name: 0, instance: -1, index: -1}
		if i == 0 {
			nd.parent, nd.owner = -1, -1
		} else {
			st.names = append(st.names, "n"+strconv.Itoa(i))
			nd.name = int32(len(st.names) - 1)
			st.variants = append(st.variants, gdvar.Vector2{X: float64(i), Y: 1})
			nd.props = [][2]int32{{2, int32(len(st.variants) - 1)}}
		}
		st.nodes = append(st.nodes, nd)
		st.ids = append(st.ids, int32(i+1))
	}
	f := &File{Type: sceneClass, UID: NoUID, Main: &Resource{Type: sceneClass, ID: "PackedScene_a",
		Properties: []gdvar.Property{{Name: bundledProperty, Value: st.dictionary(true)}}}}
	out, err := f.AppendBinary(nil)
	if err != nil {
		b.Fatal(err)
	}
	return out
}
