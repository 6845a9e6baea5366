package varjson

import (
	"bytes"
	"io"
	"strconv"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// strayPadded is NodePath("a") with stray bytes in its name's padding, as
// Godot 3 writes it: only a $Raw holds it.
var strayPadded = []byte{22, 0, 0, 0, 1, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 'a', 'z', 'z', 'z'}

// leafInputs are Arrays of about size bytes of the smallest values the
// Encoder prints from one token of several parts (NodePaths, Signals,
// Callables) and of StringNames, each value printed alone: what costs it
// most per byte. Ordinary data of the same size (game-state players)
// comes first, to compare.
func leafInputs(tb testing.TB, size int) []hostile.Input {
	bin := func(v any) []byte {
		b, err := gdvar.Marshal(v)
		require.NoError(tb, err)
		return b
	}
	return []hostile.Input{
		{Name: "ordinary", Data: gamestate.Bytes(size / 165)},
		{Name: "NodePaths", Data: hostile.ArrayOf(bin(gdvar.NodePath{Names: []string{"a"}}), size)},
		{Name: "long NodePaths", Data: hostile.ArrayOf(bin(gdvar.ParseNodePath("/root/Main/Player:position:x")), size)},
		{Name: "stray-padded NodePaths", Data: hostile.ArrayOf(strayPadded, size)},
		{Name: "StringNames", Data: hostile.ArrayOf(bin(gdvar.StringName("a")), size)},
		{Name: "Signals", Data: hostile.ArrayOf(bin(gdvar.Signal{Name: "a", Object: 1}), size)},
		{Name: "Callables", Data: hostile.ArrayOf(bin(gdvar.Callable{}), size)},
	}
}

// The ways a binary value becomes JSON: Marshal of its generic form,
// FromBinary (gdvar json), and an Encoder after LookAhead.
var printers = []struct {
	name  string
	print func(bin []byte, v any) error
}{
	{"Marshal", func(_ []byte, v any) error {
		_, err := Marshal(v)
		return err
	}},
	{"FromBinary", func(bin []byte, _ any) error { return FromBinary(io.Discard, bytes.NewReader(bin)) }},
	{"Encoder after LookAhead", func(bin []byte, _ any) error {
		enc := NewEncoder(io.Discard)
		if err := enc.LookAhead(gdvar.NewDecoderBytes(bin)); err != nil {
			return err
		}
		return enc.CopyValue(gdvar.NewDecoderBytes(bin))
	}},
}

// Printing NodePaths, Signals and Callables allocates within the bound of
// every entry point, at 1 MiB and at 8 MiB of them. Each was printed
// through its generic form, a NodePath besides through gdvar.Marshal
// twice: 50 bytes allocated per byte of NodePath("a").
func TestLeafMemory(t *testing.T) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range leafInputs(t, size) {
			var v any
			require.NoError(t, gdvar.Unmarshal(in.Data, &v), in.Name)
			for _, p := range printers {
				var err error
				alloc := hostile.Allocated(func() { err = p.print(in.Data, v) })
				require.NoError(t, err, "%s of %s", p.name, in.Name)
				t.Logf("%s of %s: %d bytes, %.1f allocated per byte", p.name, in.Name, len(in.Data), float64(alloc)/float64(len(in.Data)))
				assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)), "%s of %s, %d bytes", p.name, in.Name, len(in.Data))
			}
		}
	}
}

// The streaming Encoder prints these values without allocating for each
// (1 MiB of NodePath("a") took 917 548 allocations): a count that
// does not depend on the time the machine takes.
func TestLeafAllocations(t *testing.T) {
	for _, in := range leafInputs(t, 1<<20)[1:] {
		allocs := testing.AllocsPerRun(10, func() {
			enc := NewEncoder(io.Discard)
			enc.Guess()
			require.NoError(t, enc.CopyValue(gdvar.NewDecoderBytes(in.Data)))
		})
		t.Logf("%s: %d bytes, %.0f allocations", in.Name, len(in.Data), allocs)
		assert.LessOrEqual(t, allocs, 64.0, "%s: %d bytes", in.Name, len(in.Data))
	}
}

// BenchmarkLeafHostile compares the time per byte of printing leafInputs
// with that of ordinary data of the same size, at 1 MiB and at 8 MiB: the
// ratios are what such values cost, and a cost per byte that grows with
// the size would be quadratic. On a busy machine compare cpu-ns/byte, the
// process's CPU time (the collector's included).
func BenchmarkLeafHostile(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range leafInputs(b, size) {
			var v any
			require.NoError(b, gdvar.Unmarshal(in.Data, &v), in.Name)
			for _, p := range printers[:2] {
				b.Run(p.name+"/"+sizeName(size)+"/"+in.Name, func(b *testing.B) {
					cputime.PerByte(b, len(in.Data), func() error {
						return p.print(in.Data, v)
					})
				})
			}
		}
	}
}

// sizeName is a size in MiB, for a benchmark's name.
func sizeName(size int) string { return strconv.Itoa(size>>20) + "MiB" }
