package scan

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
	"github.com/gdvar/gdvar/vartext"
)

func object(class string, props ...any) *gdvar.Object {
	o := &gdvar.Object{Class: class}
	for i := 0; i < len(props); i += 2 {
		o.Properties = append(o.Properties, gdvar.Property{Name: props[i].(string), Value: props[i+1]})
	}
	return o
}

func marshal(t *testing.T, vs ...any) []byte {
	var b []byte
	for _, v := range vs {
		one, err := gdvar.MustCodec(gdvar.AllowObjects(true)).Marshal(v)
		require.NoError(t, err)
		b = append(b, one...)
	}
	return b
}

// Each kind of finding, where it is, and what it says.
func TestValues(t *testing.T) {
	long := "res://" + strings.Repeat("a", 300) + ".gd"
	typedDict := gdvar.NewDictionary()
	typedDict.ValueType = gdvar.ContainerType{Kind: gdvar.TypedScript, Name: "res://v.gd"}
	for _, c := range []struct {
		name  string
		value any
		want  []string
	}{
		{"plain", []any{int64(1), "a", gdvar.NewDictionary("k", gdvar.Vector2{X: 1})}, nil},
		{"an object id", gdvar.ObjectID(7), nil},
		{"an object", object("Node", "name", "n"), []string{"value 1 $: object Node"}},
		{"a script class", object("CSharpScript"), []string{"value 1 $: script CSharpScript"}},
		{"embedded source", object("Node", "script", object("GDScript", "script/source", "x")),
			[]string{"value 1 $: object Node", "value 1 $.script: script GDScript (embedded source)"}},
		{"a script by path", object("Node", "script", "res://n.gd"),
			[]string{"value 1 $: object Node", "value 1 $.script: script (loads res://n.gd)"}},
		{"no script", object("Node", "script", nil), []string{"value 1 $: object Node"}},
		{"a resource by path", object("Resource", "resource_path", "res://r.tres"), []string{"value 1 $: resource (loads res://r.tres)"}},
		{"resource_path of another class", object("Texture", "resource_path", "res://t.png"), []string{"value 1 $: object Texture"}},
		{"a long path", object("Node", "script", long),
			[]string{"value 1 $: object Node", "value 1 $.script: script (loads " + long[:MaxDetail] + "…)"}},
		{"an Array typed with a script", gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedScript, Name: "res://a.gd"}, Values: []any{}},
			[]string{"value 1 $: script (typed with res://a.gd)"}},
		{"a Dictionary typed with a script", []any{typedDict}, []string{"value 1 $[0]: script (typed with res://v.gd)"}},
		{"an object as a key", gdvar.NewDictionary(object("Node"), int64(1)), []string{"value 1 ${#0}: object Node"}},
	} {
		found, err := Values(bytes.NewReader(marshal(t, c.value)))
		require.NoError(t, err, c.name)
		var lines []string
		for _, f := range found {
			lines = append(lines, f.String())
		}
		assert.Equal(t, c.want, lines, c.name)
	}
}

// A sequence of values, and a save file of framed ones, give each
// finding's value.
func TestSequences(t *testing.T) {
	vs := []any{int64(1), object("Node"), "x", object("Node")}
	found, err := Values(bytes.NewReader(marshal(t, vs...)))
	require.NoError(t, err)
	assert.Equal(t, []string{"value 2 $: object", "value 4 $: object"}, places(found))

	var save bytes.Buffer
	w, err := stream.NewWriter(&save, stream.WithCodec(gdvar.MustCodec(gdvar.AllowObjects(true))))
	require.NoError(t, err)
	for _, v := range vs {
		require.NoError(t, w.PutVar(v))
	}
	found, err = Save(&save)
	require.NoError(t, err)
	assert.Equal(t, []string{"value 2 $: object", "value 4 $: object"}, places(found))
}

// A ConfigFile's findings name the section and key.
func TestConfigFile(t *testing.T) {
	text := "[a]\n\nplain=1\nres=Resource(\"res://x.tres\")\n\n[b]\n\nn=[Object(Node,\"script\":Object(GDScript,\"script/source\":\"\"))\n]\n"
	found, err := ConfigFile(strings.NewReader(text))
	require.NoError(t, err)
	assert.Equal(t, []string{"[a] res $: resource", "[b] n $[0]: object", "[b] n $[0].script: script"}, places(found))
	found, err = ConfigFile(strings.NewReader("[a]\n\nres=Resource( \"res://x.tres\")\n"), WithText(vartext.WithDialect(vartext.Godot3)))
	require.NoError(t, err)
	assert.Equal(t, []string{"[a] res $: resource"}, places(found))
	_, err = ConfigFile(strings.NewReader("[a]\nk=Vector2(\n"))
	assert.Error(t, err)
}

// Broken input fails with the findings before the break.
func TestBrokenInput(t *testing.T) {
	b := marshal(t, object("Node"), []any{object("Node", "script", "res://n.gd")})
	for n := 1; n < len(b); n++ {
		if n == len(marshal(t, object("Node"))) {
			continue // a whole first value
		}
		found, err := Values(bytes.NewReader(b[:n]))
		assert.Error(t, err, "cut at %d", n)
		assert.LessOrEqual(t, len(found), 3)
	}
	_, err := Values(bytes.NewReader([]byte{0xff, 0, 0, 0}))
	assert.Error(t, err)
	_, err = Save(bytes.NewReader([]byte{8, 0, 0, 0, 2, 0, 0, 0}))
	assert.True(t, errors.Is(err, io.ErrUnexpectedEOF) || err != nil)
}

// Memory follows the bytes received: 100 000 objects of 16 bytes each
// hold their findings (a Finding is 72 bytes), not more; a declared length
// of 1 GiB holds nothing.
func TestMemory(t *testing.T) {
	one := marshal(t, object("Node"))
	input := bytes.Repeat(one, 100_000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	found, err := Values(bytes.NewReader(input))
	runtime.GC()
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.Len(t, found, 100_000)
	perByte := float64(after.HeapAlloc-before.HeapAlloc) / float64(len(input))
	t.Logf("%d bytes of %d objects: %.1f bytes held a byte of input", len(input), len(found), perByte)
	assert.Less(t, perByte, 12.0)
	runtime.KeepAlive(input)

	huge := []byte{4, 0, 0, 0, 0, 0, 0, 0x40} // a String of 1 GiB, then nothing
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = Values(bytes.NewReader(huge))
	runtime.ReadMemStats(&after)
	assert.Error(t, err)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20))
}

// errWrongEngine stands for the error of reading Godot 3's bytes as Godot
// 4's.
var errWrongEngine = errors.New("the wrong engine")

// Every invalid option is refused before anything is read, and a codec's
// settings reach the values scanned: a Godot 3 codec reads Godot 3's
// values, its limits bound them.
func TestOptions(t *testing.T) {
	node3, err := gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3), gdvar.AllowObjects(true)).Marshal(object("Node"))
	require.NoError(t, err)
	var save bytes.Buffer
	w, err := stream.NewWriter(&save, stream.WithCodec(gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3), gdvar.AllowObjects(true))))
	require.NoError(t, err)
	require.NoError(t, w.PutVar(object("Node")))
	godot3 := WithCodec(gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3)))
	tiny := WithCodec(gdvar.MustCodec(gdvar.WithEngine(gdvar.Godot3), gdvar.WithLimits(gdvar.Limits{MaxNameBytes: 3})))
	scans := map[string]struct {
		scan  func(io.Reader, ...Option) ([]Finding, error)
		input []byte
	}{
		"Values": {Values, node3},
		"Save":   {Save, save.Bytes()},
		// A Godot 3 ConfigFile and resource: their text's dialect, Godot
		// 3's codec's limits.
		"ConfigFile":   {ConfigFile, []byte("[a]\n\nk=Object(Node,\"script\":null)\n")},
		"ResourceFile": {ResourceFile, []byte("[gd_resource type=\"Resource\" format=2]\n\n[resource]\nk = Object(Node,\"script\":null)\n")},
	}
	tests := []struct {
		name string
		opts []Option
		want error // nil: the object is found
	}{
		{"max frame 0", []Option{godot3, WithMaxFrame(0)}, gdvar.ErrInvalidOption},
		{"max frame negative", []Option{WithMaxFrame(-1), godot3}, gdvar.ErrInvalidOption},
		{"max content 0", []Option{godot3, WithMaxContentSize(0)}, gdvar.ErrInvalidOption},
		{"an unknown dialect", []Option{WithText(vartext.WithDialect(7))}, gdvar.ErrInvalidOption},
		{"an unknown precision", []Option{godot3, WithText(vartext.WithDialect(vartext.Godot3), vartext.WithMathPrecision(3))}, gdvar.ErrInvalidOption},
		{"a Godot 3 codec", []Option{godot3}, nil},
		{"a Godot 3 codec's limits", []Option{tiny}, gdvar.ErrLimit},
		{"a Godot 4 codec", nil, errWrongEngine},
	}
	for name, sc := range scans {
		for _, tt := range tests {
			t.Run(name+"/"+tt.name, func(t *testing.T) {
				opts := tt.opts
				if name == "ConfigFile" || name == "ResourceFile" {
					opts = append(opts[:len(opts):len(opts)], WithText(vartext.WithDialect(vartext.Godot3)))
					if tt.want == errWrongEngine {
						return // the text says its version
					}
				}
				in := bytes.NewReader(sc.input)
				found, err := sc.scan(in, opts...)
				if tt.want == nil {
					require.NoError(t, err)
					require.Len(t, found, 1)
					assert.Equal(t, Finding{Kind: Object, Class: "Node"}, Finding{Kind: found[0].Kind, Class: found[0].Class})
					return
				}
				if tt.want == errWrongEngine { // Godot 3's object reads as another type, here cut short
					assert.Error(t, err)
					assert.Empty(t, found)
					return
				}
				assert.ErrorIs(t, err, tt.want)
				if errors.Is(tt.want, gdvar.ErrInvalidOption) {
					assert.Equal(t, len(sc.input), in.Len(), "nothing read")
				}
			})
		}
	}
}
