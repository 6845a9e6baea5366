//go:build linux

package gdvar

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"syscall"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/require"
)

// guarded is memory whose last page before a PROT_NONE guard page holds
// the input: a read past the input's end faults.
type guarded struct {
	mem  []byte
	data int // bytes usable before the guard
}

func newGuarded(t *testing.T, size int) *guarded {
	page := syscall.Getpagesize()
	n := (size + page - 1) / page * page
	mem, err := syscall.Mmap(-1, 0, n+page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	require.NoError(t, err)
	require.NoError(t, syscall.Mprotect(mem[n:], syscall.PROT_NONE))
	t.Cleanup(func() { syscall.Munmap(mem) })
	return &guarded{mem: mem, data: n}
}

// at copies b to end right before the guard page, its capacity its length.
func (g *guarded) at(b []byte) []byte {
	s := g.mem[g.data-len(b) : g.data : g.data]
	copy(s, b)
	return s
}

// Every prefix of golden and random values, placed right before a guard
// page, decodes through ReadToken, SkipValue and Unmarshal (into interface{},
// structs and array structs) without reading a byte past the input: the
// fast path's unchecked loads stay within it.
func TestGuardPageNoOverRead(t *testing.T) {
	var inputs [][]byte
	for _, set := range goldenSets {
		for _, v := range golden.Load(t, set.dir) {
			if len(v.Bin) <= 4096 {
				inputs = append(inputs, v.Bin)
			}
		}
	}
	r := rand.New(rand.NewPCG(24, 7))
	for i := range 400 {
		var b []byte
		if i%2 == 0 {
			n := 1 + r.IntN(6)
			b = binary.LittleEndian.AppendUint32(nil, 28)
			b = binary.LittleEndian.AppendUint32(b, uint32(n))
			for range n {
				b = appendRandomValue(r, b, 3)
			}
		} else {
			b = appendRandomValue(r, nil, 3)
		}
		if len(b) <= 4096 {
			inputs = append(inputs, b)
		}
	}
	// Strings of 0 to 12 bytes, keys of a Dictionary and alone.
	for n := range 13 {
		s := string(bytes.Repeat([]byte{'k'}, n))
		for _, v := range []any{s, map[string]any{s: int64(n)}, []any{s, int64(1), 2.5, Vector2{1, 2}},
			triple{N: int64(n), S: s, V: Vector2{3, 4}}, map[string]any{"name": s, "n": int64(n)}} {
			b, err := Marshal(v)
			require.NoError(t, err)
			inputs = append(inputs, b)
		}
	}
	type rec struct {
		Name  string
		Phone string
		N     int64
		B     bool
		F     float64
		K     string `gdvar:""`
	}
	for n := range 13 {
		b, err := Marshal(rec{Name: string(bytes.Repeat([]byte{'n'}, n)), Phone: "12345", N: 7, B: true, F: 1.5})
		require.NoError(t, err)
		inputs = append(inputs, b)
		b, err = Marshal(nested{Head: triple{S: "ab"}, Rest: []triple{{N: 1, S: string(bytes.Repeat([]byte{'r'}, n))}}})
		require.NoError(t, err)
		inputs = append(inputs, b)
	}
	g := newGuarded(t, 8192)
	optSets := [][]Option{nil, {WithEngine(Godot3)}, {AllowObjects(true)}}
	for _, in := range inputs {
		for k := 0; k <= len(in); k++ {
			data := g.at(in[:k])
			for _, opts := range optSets {
				d := MustCodec(opts...).NewDecoderBytes(data)
				for {
					if _, err := d.ReadToken(); err != nil {
						break
					}
				}
				d = MustCodec(opts...).NewDecoderBytes(data)
				for d.SkipValue() == nil {
				}
				var a any
				_ = MustCodec(opts...).Unmarshal(data, &a)
				var m map[string]any
				_ = MustCodec(opts...).Unmarshal(data, &m)
				var tr triple
				_ = MustCodec(opts...).Unmarshal(data, &tr)
				var ne nested
				_ = MustCodec(opts...).Unmarshal(data, &ne)
				var rc rec
				_ = MustCodec(opts...).Unmarshal(data, &rc)
				var sl []any
				_ = MustCodec(opts...).Unmarshal(data, &sl)
				d = MustCodec(opts...).NewDecoderBytes(data)
				var a2 any
				for d.Decode(&a2) == nil {
				}
				_, _ = d.ReadToken()
				_ = io.EOF
			}
		}
	}
}
