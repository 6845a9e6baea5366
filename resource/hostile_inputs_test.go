package resource

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/vartext"
	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The inputs of about size bytes that cost the resource readers and
// writers the most per byte, and ordinary files of the same size.

// ordinaryText and ordinaryBinary are a resource of sub-resources of
// metadata, about size bytes in each form.
func ordinaryText(t testing.TB, size int) []byte {
	b, err := manyResources(t, size/2).AppendText(nil)
	require.NoError(t, err)
	return b
}

func ordinaryBinary(t testing.TB, size int) []byte {
	b, err := manyResources(t, size*5/8).AppendBinary(nil)
	require.NoError(t, err)
	return b
}

// propertyLines is a text resource of short property lines, each name its
// own ("a17 = 0") or all the same ("abc = 0", each a property given again).
func propertyLines(size int, distinct bool) []byte {
	b := []byte("[gd_resource type=\"Resource\" format=3]\n\n[resource]\n")
	for i := 0; len(b) < size; i++ {
		if distinct {
			b = append(strconv.AppendInt(append(b, 'a'), int64(i), 10), " = 0\n"...)
		} else {
			b = append(b, "abc = 0\n"...)
		}
	}
	return b
}

// godot3References is a Godot 3 binary resource of sub-resources and five
// references to the last for every two of them: Godot 3 names internal
// resources by number, which a reference gives.
func godot3References(t testing.TB, size int) []byte {
	n := size / 80
	f := &File{Type: "Resource", UID: NoUID, Main: &Resource{Type: "Resource", ID: strconv.Itoa(n + 1)}, dialect: vartext.Godot3}
	all := make([]any, n)
	for i := range n {
		id := strconv.Itoa(i + 1)
		f.Resources = append(f.Resources, &Resource{Type: "Resource", ID: id})
		all[i] = Sub(id)
	}
	last := make([]any, 5*n/2)
	for i := range last {
		last[i] = Sub(strconv.Itoa(n))
	}
	f.Main.Properties = []gdvar.Property{{Name: "all", Value: all}, {Name: "last", Value: last}}
	b, err := f.AppendBinary(nil)
	require.NoError(t, err)
	return b
}

// nodePathsScene is a text scene of one node whose every property is
// listed in its node_paths, as NodePaths standing for nodes are. The
// values are ints, as cheap as values come: what the scene costs is its
// node_paths.
func nodePathsScene(size int) []byte {
	n := size / 20
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n\n[node name=\"Root\" type=\"Node\" node_paths=PackedStringArray(")
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "\"p%d\"", i)
	}
	b.WriteString(")]\n")
	for i := range n {
		fmt.Fprintf(&b, "p%d = 0\n", i)
	}
	return []byte(b.String())
}

// subResourceChain is a text resource of sub-resources, each referring
// to the one before: a walk of what the main resource refers to goes all
// the way down.
func subResourceChain(size int) []byte {
	b := []byte("[gd_resource type=\"Resource\" format=3]\n\n[sub_resource type=\"Resource\" id=\"0\"]\n")
	i := 1
	for ; len(b) < size; i++ {
		b = fmt.Appendf(b, "\n[sub_resource type=\"Resource\" id=\"%d\"]\nnext = SubResource(\"%d\")\n", i, i-1)
	}
	return fmt.Appendf(b, "\n[resource]\nnext = SubResource(\"%d\")\n", i-1)
}

// compressedContainer is an RSCC container of blocks of content, each
// block of the size given (the last may be shorter), compressed with Zstd.
func compressedContainer(t testing.TB, content []byte, block int) []byte {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	require.NoError(t, err)
	defer enc.Close()
	le := binary.LittleEndian
	b := le.AppendUint32([]byte(magicCompressed), uint32(fileaccess.Zstd))
	b = le.AppendUint32(le.AppendUint32(b, uint32(block)), uint32(len(content)))
	var blocks []byte
	cache := map[string][]byte{} // blocks alike compress alike
	for at := 0; at <= len(content); at += block {
		raw := content[at:min(at+block, len(content))]
		c, ok := cache[string(raw)]
		if !ok {
			c = enc.EncodeAll(raw, nil)
			cache[string(raw)] = c
		}
		b = le.AppendUint32(b, uint32(len(c)))
		blocks = append(blocks, c...)
	}
	return append(append(b, blocks...), magicCompressed...)
}

// compressedZeros is a compressed resource of zeros in blocks of the size
// given: no resource, but a great deal of content per byte.
func compressedZeros(t testing.TB, content, block int) []byte {
	return compressedContainer(t, make([]byte, content), block)
}

// compressedBytes is a compressed resource whose one property is a
// PackedByteArray of zeros: a resource, and as much content a byte as the
// block size lets.
func compressedBytes(t testing.TB, content, block int) []byte {
	f := &File{Type: "Resource", UID: NoUID, Main: &Resource{Type: "Resource", ID: "Resource_a",
		Properties: []gdvar.Property{{Name: "v", Value: make([]byte, content)}}}}
	w, err := newBinWriter(f, len(magicPlain))
	require.NoError(t, err)
	b, err := w.file(nil)
	require.NoError(t, err)
	return compressedContainer(t, b[len(magicPlain):], block)
}

// conversions are what the command does with a resource file: read it,
// and print it as text, binary or JSON.
var conversions = []struct {
	name string
	run  func(data []byte) error
}{
	{"read", func(data []byte) error { _, err := Read(bytes.NewReader(data)); return err }},
	{"text", func(data []byte) error {
		f, err := Read(bytes.NewReader(data))
		if err == nil && f.Form() == Binary {
			f, err = f.SavedAs("res://a.tres", Text)
		}
		if err == nil {
			_, err = f.AppendText(nil)
		}
		return err
	}},
	{"binary", func(data []byte) error {
		f, err := Read(bytes.NewReader(data))
		if err == nil {
			f, err = f.SavedAs("res://a.res", Binary)
		}
		if err == nil {
			_, err = f.AppendBinary(nil)
		}
		return err
	}},
	{"json", func(data []byte) error {
		f, err := Read(bytes.NewReader(data))
		if err == nil {
			_, err = f.MarshalJSON()
		}
		return err
	}},
}

// fromJSON is what the command does with the JSON form of a file: read it,
// and write the file as text.
func fromJSON(js []byte, d vartext.Dialect) error {
	f, err := NewFile("", WithText(vartext.WithDialect(d)))
	if err != nil {
		return err
	}
	err = f.UnmarshalJSON(js)
	if err == nil {
		_, err = f.AppendText(nil)
	}
	return err
}

// hostileFiles are the files of about size bytes that cost the most, and
// whether they read.
func hostileFiles(t testing.TB, size int) []struct {
	name string
	data []byte
	ok   bool
} {
	return []struct {
		name string
		data []byte
		ok   bool
	}{
		{"ordinary text", ordinaryText(t, size), true},
		{"ordinary binary", ordinaryBinary(t, size), true},
		{"a property again and again", propertyLines(size, false), true},
		{"distinct properties", propertyLines(size, true), true},
		{"Godot 3 references", godot3References(t, size), true},
		{"node_paths", nodePathsScene(size), true},
		{"a chain of sub-resources", subResourceChain(size), true},
		{"compressed zeros", compressedZeros(t, 96*size, fileaccess.DefaultBlockSize), false},
		{"compressed zeros in 64 KiB blocks", compressedZeros(t, 96*size, fileaccess.DefaultMaxBlockSize), false},
		{"compressed PackedByteArray in 64 KiB blocks", compressedBytes(t, 96*size, fileaccess.DefaultMaxBlockSize), false},
	}
}

// Reading a hostile file and converting it allocate within hostile.Bound
// of the file's bytes, and fail as they should.
func TestHostileFiles(t *testing.T) {
	for _, in := range hostileFiles(t, 1<<20) {
		for _, c := range conversions {
			t.Run(in.name+"/"+c.name, func(t *testing.T) {
				var err error
				hostile.HeapInUse()
				alloc := hostile.Allocated(func() { err = c.run(in.data) })
				if in.ok {
					require.NoError(t, err)
				} else {
					require.Error(t, err)
				}
				t.Logf("%d bytes: %.1f bytes allocated a byte", len(in.data), float64(alloc)/float64(len(in.data)))
				assert.LessOrEqual(t, alloc, hostile.Bound(len(in.data)))
			})
		}
		if !in.ok {
			continue
		}
		t.Run(in.name+"/from json", func(t *testing.T) {
			f, err := Read(bytes.NewReader(in.data))
			require.NoError(t, err)
			js, err := f.MarshalJSON()
			require.NoError(t, err)
			hostile.HeapInUse()
			alloc := hostile.Allocated(func() { err = fromJSON(js, f.Dialect()) })
			require.NoError(t, err)
			t.Logf("%d bytes: %.1f bytes allocated a byte", len(js), float64(alloc)/float64(len(js)))
			assert.LessOrEqual(t, alloc, hostile.Bound(len(js)))
		})
	}
}

// BenchmarkHostileFiles reads and converts each hostile file, next to
// ordinary files of the same size, at 1 MiB and 8 MiB: the ratios of their
// CPU times per byte are what a hostile file costs, and a cost per byte
// that grows with the size is quadratic. On a busy machine compare
// cpu-ns/byte, the process's CPU time (the collector's included).
//
//	go test -run '^$' -bench HostileFiles -benchtime 3x ./resource
func BenchmarkHostileFiles(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range hostileFiles(b, size) {
			for _, c := range conversions {
				b.Run(fmt.Sprintf("%dMiB/%s/%s", size>>20, in.name, c.name), func(b *testing.B) {
					cputime.PerByte(b, len(in.data), func() error {
						if err := c.run(in.data); (err == nil) != in.ok {
							return fmt.Errorf("read: %v", err)
						}
						return nil
					})
				})
			}
			if !in.ok {
				continue
			}
			f, err := Read(bytes.NewReader(in.data))
			require.NoError(b, err)
			js, err := f.MarshalJSON()
			require.NoError(b, err)
			if len(js) < size/16 { // a property given again and again is one
				continue
			}
			b.Run(fmt.Sprintf("%dMiB/%s/from json", size>>20, in.name), func(b *testing.B) {
				cputime.PerByte(b, len(js), func() error { return fromJSON(js, f.Dialect()) })
			})
		}
	}
}
