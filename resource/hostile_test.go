package resource

import (
	"bytes"
	"encoding/binary"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// binWithValue returns a Godot 4.6 binary resource whose main resource has
// one property, v, whose value is the bytes given (a tag and its payload).
func binWithValue(value []byte) []byte {
	le := binary.LittleEndian
	b := []byte(magicPlain)
	for _, v := range []uint32{0, 0, 4, 6, binaryFormat4} {
		b = le.AppendUint32(b, v)
	}
	str := func(s string) {
		b = le.AppendUint32(b, uint32(len(s)+1))
		b = append(append(b, s...), 0)
	}
	str("Resource")
	b = le.AppendUint64(b, 0)
	b = le.AppendUint32(b, flagNamedSceneIDs|flagUIDs)
	b = le.AppendUint64(b, ^uint64(0)) // no UID
	b = append(b, make([]byte, reserved4*4)...)
	b = le.AppendUint32(b, 1) // names
	str("v")
	b = le.AppendUint32(b, 0) // externals
	b = le.AppendUint32(b, 1) // internals
	str("local://Resource_a")
	b = le.AppendUint64(b, uint64(len(b)+8))
	str("Resource")
	b = le.AppendUint32(b, 1)
	b = le.AppendUint32(b, 0)
	b = append(b, value...)
	return append(b, magicPlain...)
}

func words(ws ...uint32) []byte {
	var b []byte
	for _, w := range ws {
		b = binary.LittleEndian.AppendUint32(b, w)
	}
	return b
}

// A binary file is read whole, and each count it declares is checked
// against the bytes left before anything is made of that size: memory
// follows the file's bytes, never a count it declares.
func TestBinaryDeclaredSizes(t *testing.T) {
	nested := bytes.Repeat(words(vArray, 1), maxValueDepth+1)
	for _, tt := range []struct {
		name  string
		value []byte
	}{
		{"an Array of 2^31-1", words(vArray, 1<<31-1)},
		{"a Dictionary of 2^31-1", words(vDictionary, 1<<31-1)},
		{"a PackedInt32Array of 2^31", words(vInt32s, 1<<31)},
		{"a PackedVector3Array of 2^30", words(vVector3s, 1<<30)},
		{"a PackedStringArray of 2^31", words(vStrings, 1<<31)},
		{"a PackedByteArray of 4 GiB", words(vBytes, 1<<32-1)},
		{"a String of 4 GiB", words(vString, 1<<32-1)},
		{"a NodePath of 65535 names", words(vNodePath, 0xffff|0x7fff<<16)},
		{"an object of an internal resource not there", words(vObject, objectSub, 7)},
		{"an unknown tag", words(99)},
		{"Arrays nested too deep", nested},
	} {
		t.Run(tt.name, func(t *testing.T) {
			file := binWithValue(tt.value)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := Read(bytes.NewReader(file))
			runtime.ReadMemStats(&after)
			require.ErrorIs(t, err, errCorrupt)
			assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "allocated for %d bytes of input", len(file))
		})
	}
}

// Other faults of a binary file's tables.
func TestBinaryTables(t *testing.T) {
	good := binWithValue(words(vInt, 5))
	f, err := Read(bytes.NewReader(good))
	require.NoError(t, err)
	assert.Equal(t, []gdvar.Property{{Name: "v", Value: int64(5)}}, f.Main.Properties)

	tamper := func(at int, w uint32) []byte {
		b := bytes.Clone(good)
		binary.LittleEndian.PutUint32(b[at:], w)
		return b
	}
	bodyAt := bytes.Index(good, []byte("local://Resource_a")) + len("local://Resource_a") + 1
	for _, tt := range []struct {
		name string
		file []byte
	}{
		{"big-endian", tamper(4, 1)},
		{"format 7", tamper(20, 7)},
		{"format 2", tamper(20, 2)},
		{"a body past the end", tamper(bodyAt, uint32(len(good)+10))},
		{"a body in the tables", tamper(bodyAt, 8)},
		{"cut short", good[:len(good)-12]},
		{"a name past the table", func() []byte {
			b := bytes.Clone(good)
			i := bytes.LastIndex(b, words(0, vInt, 5))
			binary.LittleEndian.PutUint32(b[i:], 3)
			return b
		}()},
	} {
		_, err := Read(bytes.NewReader(tt.file))
		assert.ErrorIs(t, err, errCorrupt, tt.name)
	}
	// Two resources whose bodies are one: each body is read once.
	twice := File{Type: "Resource", UID: NoUID, Main: &Resource{Type: "Resource", ID: "B"},
		Resources: []*Resource{{Type: "Resource", ID: "A"}}, dialect: 0}
	twice.Main.Properties = []gdvar.Property{{Name: "a", Value: Sub("A")}}
	b, err := twice.AppendBinary(nil)
	require.NoError(t, err)
	first := bytes.Index(b, []byte("local://A")) + len("local://A") + 1
	second := bytes.Index(b, []byte("local://B")) + len("local://B") + 1
	copy(b[second:second+8], b[first:first+8])
	_, err = Read(bytes.NewReader(b))
	assert.ErrorIs(t, err, errCorrupt)
}

// A compressed file's content is limited by the container reader's limit
// (fileaccess.WithMaxContentSize) too: a file declaring more is refused at
// its header, whatever it holds.
func TestCompressedLimit(t *testing.T) {
	f := &File{Type: "Resource", UID: NoUID, Main: &Resource{Type: "Resource", ID: "A",
		Properties: []gdvar.Property{{Name: "v", Value: make([]byte, 1<<20)}}}}
	var out bytes.Buffer
	require.NoError(t, f.WriteCompressed(&out))
	assert.Less(t, out.Len(), 8<<10, "a MiB of zeros compresses")
	_, err := Read(bytes.NewReader(out.Bytes()), WithMaxContentSize(1<<19))
	assert.ErrorIs(t, err, fileaccess.ErrContentTooLarge)
	g, err := Read(bytes.NewReader(out.Bytes()))
	require.NoError(t, err)
	v, _ := g.Main.Get("v")
	b, ok := v.([]byte)
	assert.True(t, ok && len(b) == 1<<20 && bytes.Count(b, []byte{0}) == len(b), "a MiB of zeros read back")
}

// A compressed file is read as it decompresses: a file that is not a
// resource fails at its first block, one declaring more content than
// maxExpansion times its size at its header, and a resource costs what its
// content does, allocated as it arrives.
func TestCompressedFiles(t *testing.T) {
	const content = 64 << 20
	resource := compressedBytes(t, content, fileaccess.DefaultBlockSize)
	// An eighth of the PackedByteArray, then a block that does not
	// decompress; half of it, then the end of the file.
	table := 16 + 4*(content/fileaccess.DefaultBlockSize+2)
	broken := bytes.Clone(resource)
	copy(broken[table+(len(resource)-table)/8:], "not zstd")
	short := resource[:table+(len(resource)-table)/2]
	for _, c := range []struct {
		name  string
		file  []byte
		want  error
		bound uint64 // the most allocated
	}{
		{"zeros", compressedZeros(t, content, fileaccess.DefaultBlockSize), errCorrupt, 0},
		{"zeros in 64 KiB blocks", compressedZeros(t, content, fileaccess.DefaultMaxBlockSize), fileaccess.ErrContentTooLarge, 0},
		{"a PackedByteArray in 64 KiB blocks", compressedBytes(t, content, fileaccess.DefaultMaxBlockSize), fileaccess.ErrContentTooLarge, 0},
		// Then what arrived counts, not what was declared: a buffer that
		// doubles as it fills.
		{"a PackedByteArray cut short", short, fileaccess.ErrTruncated, 4 * content / 2},
		{"a PackedByteArray with a broken block", broken, fileaccess.ErrCorrupt, 4 * content / 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			hostile.HeapInUse()
			alloc := hostile.Allocated(func() { _, err = Read(bytes.NewReader(c.file)) })
			require.ErrorIs(t, err, c.want)
			t.Logf("%d bytes: %.1f bytes allocated a byte", len(c.file), float64(alloc)/float64(len(c.file)))
			assert.LessOrEqual(t, alloc, max(c.bound, hostile.Bound(len(c.file))))
		})
	}
	t.Run("a PackedByteArray", func(t *testing.T) {
		var f *File
		var err error
		hostile.HeapInUse()
		alloc := hostile.Allocated(func() { f, err = Read(bytes.NewReader(resource)) })
		require.NoError(t, err)
		v, _ := f.Main.Get("v")
		b, ok := v.([]byte)
		require.True(t, ok && len(b) == content && bytes.Count(b, []byte{0}) == content)
		t.Logf("%d bytes of content in %d: %.2f bytes allocated a byte of content", content, len(resource), float64(alloc)/content)
		assert.LessOrEqual(t, alloc, 3*content+hostile.Bound(len(resource)), "the content, and a buffer of it as it arrives")
	})
}

// Faults of text files, as the engine's loader finds them.
func TestTextErrors(t *testing.T) {
	for _, tt := range []struct{ name, text, want string }{
		{"empty", "", "empty"},
		{"a byte order mark", "\ufeff[gd_resource type=\"Resource\" format=3]\n\n[resource]\n", "byte order mark"},
		{"no header", "[resource]\n", "want [gd_resource]"},
		{"no [resource]", "[gd_resource type=\"Resource\" format=3]\n", "no [resource]"},
		{"no type", "[gd_resource format=3]\n\n[resource]\n", "no type"},
		{"a newer format", "[gd_resource type=\"Resource\" format=5]\n\n[resource]\n", "format=5"},
		{"two [resource]", "[gd_resource type=\"Resource\" format=3]\n[resource]\n[resource]\n", "after [resource]"},
		{"an ext_resource late", "[gd_resource type=\"Resource\" format=3]\n[sub_resource type=\"Resource\" id=\"a\"]\n[ext_resource type=\"Script\" path=\"res://a.gd\" id=\"1\"]\n[resource]\n", "after [sub_resource]"},
		{"a reference ahead", "[gd_resource type=\"Resource\" format=3]\n[resource]\nx = SubResource(\"a\")\n", "before its [sub_resource]"},
		{"an unknown external", "[gd_resource type=\"Resource\" format=3]\n[resource]\nx = ExtResource(\"1\")\n", "before its [ext_resource]"},
		{"a node in a resource", "[gd_resource type=\"Resource\" format=3]\n[node name=\"a\"]\n", "in a resource"},
		{"a node without a name", "[gd_scene format=3]\n[node type=\"Node\"]\n", "no name"},
		{"a connection without a method", "[gd_scene format=3]\n[node name=\"a\"]\n[connection signal=\"s\" from=\".\" to=\".\"]\n", "needs a signal"},
		{"a property outside", "[gd_scene format=3]\nx = 1\n", "outside"},
	} {
		_, err := Read(strings.NewReader(tt.text))
		if assert.Error(t, err, tt.name) {
			assert.Contains(t, err.Error(), tt.want, tt.name)
		}
	}
	_, err := Read(strings.NewReader("[gd_resource type=\"Resource\" format=3]\n[resource]\n"), WithText(vartext.WithDialect(vartext.Godot3)))
	assert.ErrorContains(t, err, "Godot 4's")
}

// chainScene returns a binary scene of n nodes, each the child of the one
// before, as pack() writes one: parents by index, one name for all.
func chainScene(t testing.TB, n int) []byte {
	st := &sceneState{names: []string{"abcdefgh", "Node"}, base: -1}
	for i := range n {
		nd := nodeData{parent: int32(i) - 1, owner: -1, typ: 1, instance: -1, index: -1}
		if i > 0 {
			nd.owner = 0
		}
		st.nodes = append(st.nodes, nd)
		st.ids = append(st.ids, 0)
	}
	f := &File{Type: sceneClass, UID: NoUID, Main: &Resource{Type: sceneClass, ID: "PackedScene_a",
		Properties: []gdvar.Property{{Name: bundledProperty, Value: st.dictionary(true)}}}}
	b, err := f.AppendBinary(nil)
	require.NoError(t, err)
	return b
}

// A deep tree of nodes is short in the binary form, which names parents by
// index, and long once each node's parent is spelled out from the root:
// reading one spells out no more than 8 times the file's size.
func TestDeepScene(t *testing.T) {
	f, err := Read(bytes.NewReader(chainScene(t, 100)))
	require.NoError(t, err)
	require.Len(t, f.Nodes, 100)
	assert.Equal(t, "./"+strings.Repeat("abcdefgh/", 97)+"abcdefgh", f.Nodes[99].Parent)

	deep := chainScene(t, 20000) // its paths would take 1.8 GB
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = Read(bytes.NewReader(deep))
	runtime.ReadMemStats(&after)
	assert.ErrorIs(t, err, errPathsTooLong)
	// 8 times the file in paths, the rest the scene's tables and nodes.
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(32*len(deep)), "allocated for %d bytes", len(deep))
}

// A chain of sub-resources, each referring to the one before, is walked on
// a stack of the walker's own, whatever its length: a walk that recursed
// would need a KB of the goroutine's stack for each, which stops the
// program at 1 GB (a 64 MiB file).
func TestSubResourceChain(t *testing.T) {
	f, err := Read(bytes.NewReader(subResourceChain(2 << 20))) // 40 000 deep
	require.NoError(t, err)
	defer debug.SetMaxStack(debug.SetMaxStack(8 << 20))
	text, err := f.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, len(f.Resources), bytes.Count(text, []byte("[sub_resource ")))
	g, err := f.SavedAs("res://chain.res", Binary)
	require.NoError(t, err)
	_, err = g.AppendBinary(nil)
	require.NoError(t, err)
}

// Values are walked where they are: checking a value's references, or its
// text form's format, copies nothing (each Dictionary was rebuilt, which
// about doubled what reading a property of empty Dictionaries costs).
func TestValuesWalkedInPlace(t *testing.T) {
	value := []byte("[" + strings.Repeat("{}, ", 1<<18) + "{}]")
	file := append([]byte("[gd_resource type=\"Resource\" format=3]\n\n[resource]\na = "), value...)
	var v any
	decode := hostile.Allocated(func() { require.NoError(t, vartext.Unmarshal(value, &v, vartext.WithResourceFormat(format4))) })
	var f *File
	var err error
	read := hostile.Allocated(func() { f, err = Read(bytes.NewReader(file)) })
	require.NoError(t, err)
	text := hostile.Allocated(func() { _, err = f.AppendText(nil) })
	require.NoError(t, err)
	n := float64(len(file))
	t.Logf("bytes allocated a byte: decoding the value %.1f, reading the file %.1f, writing its text %.1f", float64(decode)/n, float64(read)/n, float64(text)/n)
	assert.Less(t, read, decode+uint64(4*len(file)), "reading is decoding the value")
	assert.Less(t, text, uint64(16*len(file)), "the text as written, and the value's binary form")
}

// What a File read holds is a small multiple of the file: values, and a
// scene's sections beside its _bundled.
func TestReadMemory(t *testing.T) {
	resources := manyResources(t, 1<<20)
	text, err := resources.AppendText(nil)
	require.NoError(t, err)
	bin, err := resources.AppendBinary(nil)
	require.NoError(t, err)
	for _, c := range []struct {
		name  string
		file  []byte
		ratio float64 // the most bytes held a byte of the file
	}{
		{"text", text, 5},
		{"binary", bin, 5},
		{"binary scene", wideScene(t, 1<<20), 10},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f, err := Read(bytes.NewReader(c.file))
		require.NoError(t, err)
		runtime.GC()
		runtime.ReadMemStats(&after)
		held := float64(after.HeapAlloc-before.HeapAlloc) / float64(len(c.file))
		t.Logf("%s: %d bytes, %.1f bytes held a byte", c.name, len(c.file), held)
		assert.Less(t, held, c.ratio, c.name)
		runtime.KeepAlive(f)
	}
}
