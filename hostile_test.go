package gdvar_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"testing"
	"unsafe"

	. "github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Hostile input against the value layer: what each entry point allocates
// (runtime.ReadMemStats) and how it ends. The stream package attacks
// GetVar, NextFrame and GetVarFrom the same way.

// entries are the ways to decode an input: each decodes every value in it
// and returns the first error (io.EOF is the clean end).
var entries = []struct {
	name string
	run  func(data []byte) error
}{
	{"Unmarshal", func(data []byte) error {
		var v any
		return Unmarshal(data, &v)
	}},
	{"Decode on bytes", func(data []byte) error { return decodeAll(NewDecoderBytes(data)) }},
	{"Decode on a reader", func(data []byte) error { return decodeAll(NewDecoder(hostile.Stalled(data))) }},
	{"ReadToken", func(data []byte) error {
		dec := NewDecoder(bytes.NewReader(data))
		for {
			if _, err := dec.ReadToken(); err != nil {
				return err
			}
		}
	}},
}

func decodeAll(dec *Decoder) error {
	for {
		var v any
		if err := dec.Decode(&v); err != nil {
			return err
		}
	}
}

// hostileInputs are the adversarial inputs of 1 MiB, and the others the
// issue measured.
func hostileInputs() []hostile.Input {
	return append(hostile.Adversarial(1<<20),
		hostile.Input{Name: "256 KiB of nested Arrays declaring 16M elements", Data: hostile.NestedArrays(1024, 16<<20, 256<<10)},
		hostile.Input{Name: "a 1 MiB PackedByteArray", Data: hostile.PackedBytes(1 << 20)},
		hostile.Input{Name: "64 PackedByteArrays of 16 KiB", Data: bytes.Repeat(hostile.PackedBytes(16<<10), 64)})
}

// Every entry point allocates at most hostile.Bound of the input's size,
// and fails, if it does, with a *DecodeError (or the stalled reader's
// error, wrapped in one).
func TestHostileInputs(t *testing.T) {
	for _, in := range hostileInputs() {
		for _, e := range entries {
			t.Run(in.Name+", "+e.name, func(t *testing.T) {
				var err error
				alloc := hostile.Allocated(func() { err = e.run(in.Data) })
				t.Logf("%d bytes: %d KiB allocated (%.1f per byte)", len(in.Data), alloc>>10, float64(alloc)/float64(len(in.Data)))
				assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)))
				if err != nil && err != io.EOF {
					var se *DecodeError
					assert.ErrorAs(t, err, &se)
				}
			})
		}
	}
}

// Into Go types, a count is paid for in Go bytes (count × element size)
// from the same budget: a PackedByteArray into []Projection (128 bytes an
// element) allocates no more than into []byte, value after value. The
// elements that do decode take their Go size, at most 5 times over as the
// slice grows: 4-byte Nils into 128-byte Projections.
func TestHostileTypedSlices(t *testing.T) {
	const size = int(unsafe.Sizeof(Projection{}))
	for _, c := range []struct {
		in       hostile.Input
		decoded  int // elements that decode
		complete bool
	}{
		{hostile.Input{Name: "a 1 MiB PackedByteArray", Data: hostile.PackedBytes(1 << 20)}, 0, true},
		{hostile.Input{Name: "64 PackedByteArrays of 16 KiB", Data: bytes.Repeat(hostile.PackedBytes(16<<10), 64)}, 0, true},
		{hostile.Input{Name: "1 MiB of Arrays declaring 16M elements", Data: hostile.NestedArrays(2, 16<<20, 1<<20)}, 0, false},
		{hostile.Input{Name: "1 MiB of Nils", Data: hostile.ArrayOf(hostile.Nil, 1<<20)}, (1<<20 - 8) / 4, true},
	} {
		dec := NewDecoderBytes(c.in.Data)
		var err error
		alloc := hostile.Allocated(func() {
			for {
				var ps []Projection
				if err = dec.Decode(&ps); err != nil && !errors.As(err, new(*UnmarshalTypeError)) {
					return
				}
			}
		})
		t.Logf("%s into []Projection: %d KiB allocated", c.in.Name, alloc>>10)
		assert.LessOrEqual(t, alloc, hostile.Bound(len(c.in.Data))+uint64(5*c.decoded*size), c.in.Name)
		if c.complete {
			assert.Equal(t, io.EOF, err, c.in.Name)
		} else {
			assert.ErrorIs(t, err, ErrTruncated, c.in.Name)
		}
	}
}

// The targets: 256 KiB of nested Arrays declaring 16M elements
// each into an interface{}, and a 1 MiB PackedByteArray into []Projection,
// allocate at most 8 MiB each.
func TestHostileTargets(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		into any
		want error
	}{
		{"nested Arrays into any", hostile.NestedArrays(1024, 16<<20, 256<<10), new(any), ErrTruncated},
		{"PackedByteArray into []Projection", hostile.PackedBytes(1 << 20), new([]Projection), nil},
	} {
		var err error
		alloc := hostile.Allocated(func() { err = Unmarshal(c.data, c.into) })
		t.Logf("%s: %d KiB allocated", c.name, alloc>>10)
		assert.Less(t, alloc, uint64(8<<20), c.name)
		if c.want != nil {
			assert.ErrorIs(t, err, c.want, c.name)
		} else {
			var te *UnmarshalTypeError
			assert.ErrorAs(t, err, &te, c.name)
		}
	}
}

// gate delivers its pieces one at a time, failing as a read deadline does
// between them.
type gate struct{ pieces [][]byte }

func (g *gate) Read(b []byte) (int, error) {
	if len(g.pieces) == 0 {
		return 0, io.EOF
	}
	if len(g.pieces[0]) == 0 {
		g.pieces = g.pieces[1:]
		return 0, os.ErrDeadlineExceeded
	}
	n := copy(b, g.pieces[0])
	g.pieces[0] = g.pieces[0][n:]
	return n, nil
}

// failing fails after reading its value's first token.
type failing struct{}

var errFailing = errors.New("failing")

func (*failing) UnmarshalGodot(d *Decoder) error {
	if _, err := d.ReadToken(); err != nil {
		return err
	}
	return errFailing
}

// A value-layer call that fails part way through a value (a deadline, an
// Unmarshaler's error) is final and says so (ErrInterrupted, wrapping the
// cause): no later call returns a fragment of the value. Before the value's
// first token, the call can be repeated and reads the whole value.
func TestInterruptedValue(t *testing.T) {
	value, err := Marshal([]any{int64(1), "two", []any{int64(3)}})
	require.NoError(t, err)
	long, err := Marshal(string(bytes.Repeat([]byte("x"), 1000)))
	require.NoError(t, err)
	small := []Option{WithLimits(Limits{ChunkSize: MinChunkSize})}
	calls := []struct {
		name string
		call func(dec *Decoder) error
	}{
		{"Decode", func(dec *Decoder) error {
			var v any
			return dec.Decode(&v)
		}},
		{"SkipValue", (*Decoder).SkipValue},
		{"CopyValue", func(dec *Decoder) error { return CopyValue(NewEncoder(io.Discard), dec) }},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			dec := NewDecoder(&gate{pieces: [][]byte{nil, value[:12], value[12:]}})
			err := c.call(dec)
			assert.ErrorIs(t, err, os.ErrDeadlineExceeded)
			assert.NotErrorIs(t, err, ErrInterrupted, "before the first token")
			err = c.call(dec)
			assert.ErrorIs(t, err, ErrInterrupted, "after the Array's start")
			assert.ErrorIs(t, err, os.ErrDeadlineExceeded, "the cause")
			assert.Contains(t, err.Error(), "the Decoder must be discarded")
			assert.Equal(t, err, c.call(dec), "final")
			_, terr := dec.ReadToken()
			assert.Equal(t, err, terr, "for every call")

			dec = MustCodec(small...).NewDecoder(&gate{pieces: [][]byte{long[:100], long[100:]}})
			assert.ErrorIs(t, c.call(dec), ErrInterrupted, "inside a string's chunks")
		})
	}
	dec := NewDecoderBytes(append(value, value...))
	var f failing
	err = dec.Decode(&f)
	assert.ErrorIs(t, err, ErrInterrupted)
	assert.ErrorIs(t, err, errFailing)
	var v any
	assert.Equal(t, err, dec.Decode(&v), "the second value is not read out of step")

	dec = NewDecoder(&gate{pieces: [][]byte{value[:12], value[12:]}})
	var n int
	err = dec.Decode(&n)
	assert.ErrorIs(t, err, ErrInterrupted, "skipping the rest after a type error")

	dec = NewDecoder(&gate{pieces: [][]byte{nil, value}})
	require.ErrorIs(t, dec.Decode(&v), os.ErrDeadlineExceeded)
	require.NoError(t, dec.Decode(&v), "repeated before the first token")
	assert.Equal(t, []any{int64(1), "two", []any{int64(3)}}, v)
}

type node struct {
	Next *node `gdvar:",omitempty"`
}

type selfMarshaler struct{}

func (s selfMarshaler) MarshalGodot(e *Encoder) error { return e.Encode(s) }

type pointsToItself *pointsToItself

// Go values nested deeper than Godot allows, or containing themselves,
// fail with ErrTooDeep or ErrCycle from every encoding entry point: no
// stack overflow. As deep as Godot allows is fine.
func TestMarshalNesting(t *testing.T) {
	nest := func(n int, wrap func(any) any) any {
		var v any
		for range n {
			v = wrap(v)
		}
		return v
	}
	inSlice := func(v any) any { return []any{v} }
	slice := []any{nil}
	slice[0] = slice
	m := map[string]any{}
	m["m"] = m
	var iface any
	iface = &iface
	var n node
	n.Next = &n
	d := NewDictionary()
	d.Set("d", d)
	arr := Array{Values: []any{nil}}
	arr.Values[0] = arr
	obj := &Object{Class: "Node", Properties: []Property{{Name: "self"}}}
	obj.Properties[0].Value = obj
	var p pointsToItself
	p = &p
	tests := []struct {
		name string
		v    any
		want error
	}{
		{"10^6 nested slices", nest(1e6, inSlice), ErrTooDeep},
		{"10^6 nested maps", nest(1e6, func(v any) any { return map[string]any{"a": v} }), ErrTooDeep},
		{"10^6 pointers to interfaces", nest(1e6, func(v any) any { return &v }), ErrTooDeep},
		{"a Marshaler that encodes itself", selfMarshaler{}, ErrTooDeep},
		{"a slice holding itself", slice, ErrCycle},
		{"a map holding itself", m, ErrCycle},
		{"an interface pointing to itself", &iface, ErrCycle},
		{"a struct pointing to itself", &n, ErrCycle},
		{"a Dictionary holding itself", d, ErrCycle},
		{"an Array holding itself", arr, ErrCycle},
		{"an Object holding itself", obj, ErrCycle},
		{"a pointer type pointing to itself", p, ErrCycle},
		{"1024 nested slices", nest(1024, inSlice), nil},
		{"1025 nested slices", nest(1025, inSlice), ErrTooDeep},
		{"1024 nested structs", func() *node {
			var n *node
			for range 1024 {
				n = &node{Next: n}
			}
			return n
		}(), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Marshal(tt.v)
			_, aerr := AppendMarshal(nil, tt.v)
			eerr := NewEncoder(io.Discard).Encode(tt.v)
			for _, err := range []error{err, aerr, eerr} {
				if tt.want == nil {
					assert.NoError(t, err)
					continue
				}
				assert.ErrorIs(t, err, tt.want)
				var ee *EncodeError
				assert.ErrorAs(t, err, &ee)
				assert.Less(t, len(err.Error()), 300, "the message stays short")
			}
		})
	}
	var q pointsToItself
	var te *UnmarshalTypeError
	assert.ErrorAs(t, Unmarshal([]byte{2, 0, 0, 0, 1, 0, 0, 0}, &q), &te, "decoding into it ends")
}

// benchmarkInputs are 1 MiB of ordinary data (the game state's first
// players) and the adversarial inputs of the same size.
func benchmarkInputs() []hostile.Input {
	ordinary := gamestate.Bytes(6350)
	return append([]hostile.Input{{Name: "ordinary", Data: ordinary}}, hostile.Adversarial(len(ordinary))...)
}

// BenchmarkHostile compares the time per byte of adversarial inputs with
// ordinary data of the same size, for each entry point.
func BenchmarkHostile(b *testing.B) {
	for _, e := range entries {
		for _, in := range benchmarkInputs() {
			b.Run(e.name+"/"+in.Name, func(b *testing.B) {
				b.SetBytes(int64(len(in.Data)))
				b.ReportAllocs()
				for b.Loop() {
					_ = e.run(in.Data)
				}
			})
		}
	}
}

// Unmarshal has no Decoder to discard: an Unmarshaler's error part way
// through a value is returned as it is.
func TestUnmarshalerErrorAsItIs(t *testing.T) {
	value, err := Marshal([]any{int64(1)})
	require.NoError(t, err)
	var f failing
	assert.Equal(t, errFailing, Unmarshal(value, &f))
}
