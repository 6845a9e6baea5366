package vartext

import (
	"math"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// throughBinary prints v as Encode did before it printed leaves directly:
// through v's binary form, read back token by token.
func throughBinary(v any, cfg config) ([]byte, error) {
	codec := cfg.marshalCodec()
	b, err := codec.Marshal(v)
	if err != nil {
		return nil, err
	}
	var w appendWriter
	err = newEncoder(&w, cfg).CopyValue(codec.Unbounded().NewDecoderBytes(b))
	return w.b, err
}

// leafConfigs are the settings that change how leaves print: every dialect,
// values as decoded and as read from text, exact strings and floats, and
// the syntax of resource files.
func leafConfigs() []config {
	var cs []config
	for d := Godot4; d <= Godot2; d++ {
		for _, held := range []bool{false, true} {
			for _, exact := range []bool{false, true} {
				for _, format := range []int8{0, 3, 4} {
					cs = append(cs, config{dialect: d, asHeld: held, exactText: exact, exactFloats: exact, resource: format})
				}
			}
		}
	}
	return cs
}

// leafValue makes a leaf of each kind appendLeaf prints, from fuzzed parts.
func leafValue(kind byte, s string, n int64, x float64) any {
	switch kind % 9 {
	case 0:
		return nil
	case 1:
		return n%2 == 0
	case 2:
		return int(n)
	case 3:
		return n
	case 4:
		return x
	case 5:
		return s
	case 6:
		return gdvar.StringName(s)
	case 7:
		return gdvar.ParseNodePath(s)
	}
	names := strings.Split(s, "\x00")
	return gdvar.NodePath{Absolute: n%2 == 0, Names: names, SubNames: names[len(names)/2:]}
}

// checkLeaf checks that v prints the same directly as through its binary
// form, under every setting that changes the print; a value appendLeaf
// does not take goes through the binary form.
func checkLeaf(t *testing.T, v any) {
	t.Helper()
	for _, cfg := range leafConfigs() {
		want, wantErr := throughBinary(v, cfg)
		got, ok := cfg.appendLeaf([]byte("x"), v)
		if !ok {
			continue
		}
		require.NoError(t, wantErr, "%#v in %+v: printed directly, yet refused through binary", v, cfg)
		require.Equal(t, "x"+string(want), string(got), "%#v in %+v", v, cfg)
	}
}

// The leaves print directly as they print through their binary form.
func TestLeavesAsThroughBinary(t *testing.T) {
	const bom = "\ufeff"
	values := []any{
		nil, true, false,
		0, -1, math.MaxInt32, math.MaxInt32 + 1, math.MinInt32 - 1, int64(math.MaxInt64), int64(math.MinInt64),
		0.0, math.Copysign(0, -1), 0.1, 1.5, 16777217.0, 1e300, -1e-300, 5e-324, float64(float32(0.1)),
		math.Inf(1), math.Inf(-1), math.NaN(), -5.75179e+32,
		"", "a", `a "quoted" \ string`, "tab\tnew\nline\r", "nul\x00after", bom + "a", bom, bom + bom, "a" + bom, "é ✓ 𝄞",
		"\x7f\x01", "'?", strings.Repeat("long ", 20000),
		gdvar.StringName(""), gdvar.StringName("name"), gdvar.StringName("a\"b\\c\n'?"), gdvar.StringName(bom + "n"),
		gdvar.NodePath{}, gdvar.ParseNodePath("/root/Main:position:x"), gdvar.ParseNodePath("a/b"), gdvar.ParseNodePath(":sub"),
		gdvar.NodePath{Absolute: true}, gdvar.NodePath{Names: []string{bom}}, gdvar.NodePath{Names: []string{bom, "a"}, SubNames: []string{bom}},
		gdvar.NodePath{Names: []string{`q"uote`, "back\\slash", "nul\x00x"}},
		"a\xffb", gdvar.StringName("\xff"), gdvar.NodePath{Names: []string{"\xff"}}, // not UTF-8: through binary, which refuses them
	}
	for _, v := range values {
		checkLeaf(t, v)
	}
	_, ok := (&config{}).appendLeaf(nil, "a\xffb")
	assert.False(t, ok, "text that is not UTF-8 goes through the binary form")
	_, err := Marshal("a\xffb")
	assert.ErrorIs(t, err, gdvar.ErrInvalidUTF8)
}

// Any leaf prints directly as it prints through its binary form.
func FuzzLeaf(f *testing.F) {
	f.Add(byte(5), "\ufeffa\"b\\c\x00d", int64(0), 0.1)
	f.Add(byte(7), "/root/a:b:c", int64(1), math.Inf(-1))
	f.Add(byte(8), "\ufeff\x00a\x00\ufeff", int64(2), math.Copysign(0, -1))
	f.Add(byte(3), "", int64(math.MaxInt32+1), 1e300)
	f.Add(byte(4), "", int64(0), -5.75179e+32)
	f.Fuzz(func(t *testing.T, kind byte, s string, n int64, x float64) {
		checkLeaf(t, leafValue(kind, s, n, x))
	})
}

// Marshal prints a string without going through its binary form: two
// allocations, the text and the settings its options make; a Codec's
// Append into a buffer with room, none.
func TestMarshalStringAllocs(t *testing.T) {
	var s any = `say "hi" to C:\games`
	allocs := testing.AllocsPerRun(100, func() {
		if _, err := Marshal(s); err != nil {
			t.Fatal(err)
		}
	})
	assert.LessOrEqual(t, allocs, 2.0)
	b := make([]byte, 0, 64)
	var godot4 *Codec
	allocs = testing.AllocsPerRun(100, func() {
		if _, err := godot4.Append(b[:0], s); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs, "a Codec's, into a buffer with room")
}

// A leaf printed directly holds its text, nothing of the binary form: a
// string of the characters that cost most (escaped quotes and
// backslashes, byte order marks, which a value as read from text doubles)
// allocates at most 4 bytes a byte of it, within hostile.Bound.
func TestLeafMemory(t *testing.T) {
	const size = 1 << 20
	for _, tt := range []struct {
		name string
		v    any
		opts []Option
	}{
		{"quotes", strings.Repeat(`"`, size), nil},
		{"backslashes", strings.Repeat(`\`, size), nil},
		{"byte order marks, exact", strings.Repeat("\ufeff", size/3), []Option{AsReadFromText(true), WithExactStrings(true)}},
		{"a StringName of quotes", gdvar.StringName(strings.Repeat(`"`, size)), nil},
		{"a NodePath of quotes", gdvar.NodePath{Names: []string{strings.Repeat(`"`, size)}}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hostile.Collect()
			var err error
			alloc := hostile.Allocated(func() { _, err = Marshal(tt.v, tt.opts...) })
			require.NoError(t, err)
			t.Logf("%.2f bytes allocated a byte", float64(alloc)/size)
			assert.LessOrEqual(t, alloc, uint64(4*size))
			assert.LessOrEqual(t, alloc, hostile.Bound(size))
		})
	}
}

// BenchmarkMarshalString quotes a string as the debugger quotes one for an
// Expression: directly, with no binary form (TestMarshalStringAllocs).
func BenchmarkMarshalString(b *testing.B) {
	var s any = `say "hi" to C:\games`
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Marshal(s); err != nil {
			b.Fatal(err)
		}
	}
}
