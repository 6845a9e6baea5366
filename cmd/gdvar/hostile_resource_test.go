package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileResources are resource files of about size bytes written to cost
// the most (as package resource's tests make them), and whether they read.
func hostileResources(t *testing.T, size int) []struct {
	name string
	data []byte
	ok   bool
} {
	var lines, paths strings.Builder
	lines.WriteString("[gd_resource type=\"Resource\" format=3]\n\n[resource]\n")
	for i := 0; lines.Len() < size; i++ {
		fmt.Fprintf(&lines, "a%d = 0\n", i)
	}
	paths.WriteString("[gd_scene format=3]\n\n[node name=\"Root\" type=\"Node\" node_paths=PackedStringArray(")
	n := size / 20
	for i := range n {
		fmt.Fprintf(&paths, "\"p%d\", ", i)
	}
	paths.WriteString("\"p\")]\n")
	for i := range n {
		fmt.Fprintf(&paths, "p%d = 0\n", i)
	}
	// A Godot 3 file of sub-resources, and references to the last.
	refs, err := resource.NewFile("Resource", resource.WithText(vartext.WithDialect(vartext.Godot3)))
	require.NoError(t, err)
	refs.Main.ID = "0"
	var all, last []any
	for i := 1; i <= size/80; i++ {
		id := strconv.Itoa(i)
		refs.Resources = append(refs.Resources, &resource.Resource{Type: "Resource", ID: id})
		all = append(all, resource.Sub(id))
		last = append(last, resource.Sub(strconv.Itoa(size/80)), resource.Sub(strconv.Itoa(size/80)))
	}
	refs.Main.Properties = []gdvar.Property{{Name: "all", Value: all}, {Name: "last", Value: last}}
	g3, err := refs.AppendBinary(nil)
	require.NoError(t, err)
	// Zeros, compressed as the engines do: no resource, 215 times its size.
	var zeros bytes.Buffer
	cw, err := fileaccess.NewCompressedResourceWriter(&zeros, fileaccess.Zstd)
	require.NoError(t, err)
	_, err = cw.Write(make([]byte, 64*size))
	require.NoError(t, err)
	require.NoError(t, cw.Close())
	return []struct {
		name string
		data []byte
		ok   bool
	}{
		{"distinct properties", []byte(lines.String()), true},
		{"node_paths", []byte(paths.String()), true},
		{"Godot 3 references", g3, true},
		{"compressed zeros", zeros.Bytes(), false},
		{"compressed zeros in 64 KiB blocks", bigBlocks(t, make([]byte, 64*size)), false},
	}
}

// bigBlocks is content in the compressed container of a resource in
// 64 KiB blocks, the largest a reader takes.
func bigBlocks(t *testing.T, content []byte) []byte {
	const block = fileaccess.DefaultMaxBlockSize
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
	require.NoError(t, err)
	defer enc.Close()
	le := binary.LittleEndian
	b := le.AppendUint32([]byte("RSCC"), uint32(fileaccess.Zstd))
	b = le.AppendUint32(le.AppendUint32(b, block), uint32(len(content)))
	var blocks []byte
	for at := 0; at <= len(content); at += block {
		c := enc.EncodeAll(content[at:min(at+block, len(content))], nil)
		b = le.AppendUint32(b, uint32(len(c)))
		blocks = append(blocks, c...)
	}
	return append(append(b, blocks...), "RSCC"...)
}

// gdvar text, json and convert of hostile resource files allocate within
// hostile.Bound of the file, and fail as they should.
func TestHostileResources(t *testing.T) {
	for _, in := range hostileResources(t, 1<<20) {
		for _, cmd := range []string{"text", "json", "convert"} {
			t.Run(in.name+", "+cmd, func(t *testing.T) {
				var out counter
				var code int
				hostile.HeapInUse()
				alloc := hostile.Allocated(func() { code = run([]string{cmd, "-"}, bytes.NewReader(in.data), &out, io.Discard) })
				t.Logf("%d bytes in, %d out: %.1f bytes allocated a byte", len(in.data), out.n, float64(alloc)/float64(len(in.data)))
				assert.LessOrEqual(t, alloc, hostile.Bound(len(in.data)))
				assert.Equal(t, map[bool]int{true: 0, false: 1}[in.ok], code)
			})
		}
	}
}
