package peers

import (
	stdjson "encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/fxamacker/cbor/v2"
	jsonv2 "github.com/go-json-experiment/json"
	shamaton "github.com/shamaton/msgpack/v2"
	"github.com/stretchr/testify/require"
	"github.com/tinylib/msgp/msgp"
	"github.com/vmihailenco/msgpack/v5"

	"github.com/gdvar/gdvar"
)

// smallPicks is how many records each shape has; benchmarks take them in
// turn, so that no one record's bytes stay hot in the branch predictor.
const smallPicks = 1000

// smallCodec is one codec of the small-message comparison.
type smallCodec struct {
	name      string
	marshal   func(v any) ([]byte, error)
	appendTo  func(dst []byte, v any) ([]byte, error) // nil: the codec has no append form
	unmarshal func(data []byte, v any) error
	toAny     func(data []byte) (any, error) // decode into interface{}
	floor     bool                           // generated code: a reference, not a target
}

// anyOf makes a codec's decode into interface{} from its Unmarshal.
func anyOf(unmarshal func([]byte, any) error) func([]byte) (any, error) {
	return func(data []byte) (any, error) {
		var v any
		err := unmarshal(data, &v)
		return v, err
	}
}

// smallCodecs is the peers in the order of the report, gdvar first. For
// array shapes shamaton/msgpack writes structs as arrays through its
// AsArray functions (it has no tag for it).
func smallCodecs(array bool) []smallCodec {
	shMarshal, shUnmarshal := shamaton.Marshal, shamaton.Unmarshal
	if array {
		shMarshal, shUnmarshal = shamaton.MarshalAsArray, shamaton.UnmarshalAsArray
	}
	return []smallCodec{
		{name: "gdvar",
			marshal:   func(v any) ([]byte, error) { return gdvar.Marshal(v) },
			appendTo:  func(dst []byte, v any) ([]byte, error) { return gdvar.AppendMarshal(dst, v) },
			unmarshal: func(b []byte, v any) error { return gdvar.Unmarshal(b, v) },
		},
		{name: "msgpack", marshal: msgpack.Marshal, unmarshal: msgpack.Unmarshal},
		{name: "shamaton", marshal: shMarshal, unmarshal: shUnmarshal},
		{name: "cbor", marshal: cbor.Marshal, unmarshal: cbor.Unmarshal},
		{name: "json", marshal: stdjson.Marshal, unmarshal: stdjson.Unmarshal},
		{name: "jsonv2",
			marshal:   func(v any) ([]byte, error) { return jsonv2.Marshal(v) },
			unmarshal: func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) },
		},
		{name: "msgp", floor: true,
			marshal:   func(v any) ([]byte, error) { return v.(msgp.Marshaler).MarshalMsg(nil) },
			appendTo:  func(dst []byte, v any) ([]byte, error) { return v.(msgp.Marshaler).MarshalMsg(dst) },
			unmarshal: func(b []byte, v any) error { _, err := v.(msgp.Unmarshaler).UnmarshalMsg(b); return err },
			toAny:     func(b []byte) (any, error) { v, _, err := msgp.ReadIntfBytes(b); return v, err },
		},
	}
}

// smallForm is one codec's side of a shape: the records as it writes them,
// their encodings, and a Go value to decode into, reused.
type smallForm struct {
	codec   smallCodec
	values  []any // pointers to the records
	encoded [][]byte
	dst     any              // a pointer to the Go value decoded into
	clear   func()           // zeroes *dst
	same    func(i int) bool // *dst holds record i
}

// newForm encodes recs with c.
func newForm[T any](c smallCodec, recs []T, eq func(a, b *T) bool) (*smallForm, error) {
	if c.toAny == nil {
		c.toAny = anyOf(c.unmarshal)
	}
	dst := new(T)
	f := &smallForm{codec: c, dst: dst,
		clear: func() { var zero T; *dst = zero },
		same:  func(i int) bool { return eq(dst, &recs[i]) },
	}
	for i := range recs {
		b, err := c.marshal(&recs[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		f.values = append(f.values, &recs[i])
		f.encoded = append(f.encoded, b)
	}
	return f, nil
}

// smallShape is one kind of small message, with every codec's form of it.
type smallShape struct {
	name  string
	forms []*smallForm // in the order of smallCodecs
	note  string       // how gdvar's form differs from the peers', if it does
}

// newShape makes the forms of recs for every codec; gdvar, when not nil,
// replaces gdvar's own form.
func newShape[T any](name string, recs []T, eq func(a, b *T) bool, array bool, gdvarForm func(smallCodec) (*smallForm, error)) (smallShape, error) {
	s := smallShape{name: name}
	for _, c := range smallCodecs(array) {
		var f *smallForm
		var err error
		if c.name == "gdvar" && gdvarForm != nil {
			c.toAny = anyOf(c.unmarshal)
			f, err = gdvarForm(c)
		} else {
			f, err = newForm(c, recs, eq)
		}
		if err != nil {
			return s, fmt.Errorf("%s: %w", name, err)
		}
		s.forms = append(s.forms, f)
	}
	return s, nil
}

// The records, made at random from a fixed seed. Vector components are
// float32 values, as a Godot built with 32-bit reals sends them; IDs stay
// below 2^53 so that the JSON codecs' interface{} forms (float64) hold
// them.
var smallShapes = sync.OnceValues(func() ([]smallShape, error) {
	r := rand.New(rand.NewPCG(24, 1))
	text := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('a' + r.IntN(26))
		}
		return string(b)
	}
	id := func() int64 { return r.Int64N(1 << 53) }
	real := func() float64 { return float64(r.Float32()*2000 - 1000) }
	vec2 := func() gdvar.Vector2 { return gdvar.Vector2{X: real(), Y: real()} }
	vec3 := func() gdvar.Vector3 { return gdvar.Vector3{X: real(), Y: real(), Z: real()} }
	record := func() Record {
		return Record{Name: text(16), Phone: text(10), Siblings: r.IntN(5), Spouse: r.IntN(2) == 1, Money: r.Float64() * 1000, ID: id()}
	}
	records := make([]Record, smallPicks)
	timed := make([]RecordTime, smallPicks)
	updates := make([]PlayerUpdate, smallPicks)
	triples := make([]Triple, smallPicks)
	dicts := make([]Dict5, smallPicks)
	batches := make([]Batch, smallPicks)
	for i := range smallPicks {
		records[i] = record()
		x := record()
		timed[i] = RecordTime{Name: x.Name, BirthDay: time.Unix(r.Int64N(2e9), 0).UTC(), Phone: x.Phone, Siblings: x.Siblings, Spouse: x.Spouse, Money: x.Money}
		updates[i] = PlayerUpdate{ID: id(), Pos: vec3(), Vel: vec3(), Rot: r.Float64() * 6.28, Input: r.Int64N(256)}
		triples[i] = Triple{N: r.Int64N(1000), S: text(8), V: vec2()}
		dicts[i] = Dict5{ID: r.Int64N(1000), Name: text(12), HP: r.Float64() * 100, Alive: r.IntN(2) == 1, Pos: vec2()}
		batches[i] = make(Batch, 20)
		for j := range batches[i] {
			batches[i][j] = Entry{ID: r.Int64N(1000), Name: text(6), HP: r.Float64() * 100}
		}
	}
	// gdvar writes Triple as an Array by its ",array" marker. The gdvar of
	// 7e1fe08, which the before figures come from, has no marker
	// and writes a Dictionary: there its side of the shape is a [3]any.
	var gdvarTriples func(smallCodec) (*smallForm, error)
	if b, err := gdvar.Marshal(&triples[0]); err != nil || b[0] != 28 {
		gdvarTriples = func(c smallCodec) (*smallForm, error) {
			arrays := make([][3]any, len(triples))
			for i, t := range triples {
				arrays[i] = [3]any{t.N, t.S, t.V}
			}
			return newForm(c, arrays, func(a, b *[3]any) bool { return *a == *b })
		}
	}
	var shapes []smallShape
	for _, make := range []func() (smallShape, error){
		func() (smallShape, error) { return newShape("record", records, eqComparable, false, nil) },
		func() (smallShape, error) {
			return newShape("recordTime", timed, func(a, b *RecordTime) bool {
				return a.BirthDay.Equal(b.BirthDay) && a.Name == b.Name && a.Phone == b.Phone && a.Siblings == b.Siblings && a.Spouse == b.Spouse && a.Money == b.Money
			}, false, nil)
		},
		func() (smallShape, error) { return newShape("playerUpdate", updates, eqComparable, false, nil) },
		func() (smallShape, error) {
			s, err := newShape("array3", triples, eqComparable, true, gdvarTriples)
			if gdvarTriples != nil {
				s.note = "gdvar writes and reads a [3]any: this gdvar has no \",array\" struct marker"
			}
			return s, err
		},
		func() (smallShape, error) { return newShape("dict5", dicts, eqComparable, false, nil) },
		func() (smallShape, error) {
			return newShape("dicts20", batches, func(a, b *Batch) bool { return slices.Equal(*a, *b) }, false, nil)
		},
	} {
		s, err := make()
		if err != nil {
			return nil, err
		}
		shapes = append(shapes, s)
	}
	return shapes, nil
})

func eqComparable[T comparable](a, b *T) bool { return *a == *b }

func smallShapesFor(tb testing.TB) []smallShape {
	shapes, err := smallShapes()
	require.NoError(tb, err)
	return shapes
}

// Every codec reads back each record of each shape, into its Go type and
// through interface{} (decoded, written again and read into the Go type),
// so that the benchmarks compare the same work.
func TestSmallRoundTrips(t *testing.T) {
	for _, s := range smallShapesFor(t) {
		for _, f := range s.forms {
			t.Run(s.name+"/"+f.codec.name, func(t *testing.T) {
				remarshal := f.codec.marshal
				if f.codec.floor {
					remarshal = func(v any) ([]byte, error) { return msgp.AppendIntf(nil, v) }
				}
				for i, data := range f.encoded {
					f.clear()
					require.NoError(t, f.codec.unmarshal(data, f.dst), "record %d", i)
					require.True(t, f.same(i), "record %d comes back as %+v", i, f.dst)

					v, err := f.codec.toAny(data)
					require.NoError(t, err, "record %d into interface{}", i)
					again, err := remarshal(v)
					require.NoError(t, err, "record %d from interface{}", i)
					f.clear()
					require.NoError(t, f.codec.unmarshal(again, f.dst), "record %d through interface{}", i)
					require.True(t, f.same(i), "record %d through interface{} comes back as %+v", i, f.dst)
				}
			})
		}
	}
}

// gdvar writes the records as Dictionaries with String keys, as Godot sends
// a Dictionary: the first word is Dictionary's type (27 in Godot 4).
func TestSmallGdvarWritesDictionaries(t *testing.T) {
	for _, s := range smallShapesFor(t) {
		want := byte(27)
		if s.name == "array3" || s.name == "dicts20" {
			want = 28 // Array
		}
		require.Equal(t, want, s.forms[0].encoded[0][0], s.name)
	}
}

// benchPicks runs op on each pre-made record in turn.
func benchPicks(b *testing.B, op func(i int) error) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := op(i); err != nil {
			b.Fatal(err)
		}
		i = (i + 1) % smallPicks
	}
}

func BenchmarkSmallUnmarshal(b *testing.B) {
	for _, s := range smallShapesFor(b) {
		for _, f := range s.forms {
			b.Run(s.name+"/"+f.codec.name, func(b *testing.B) {
				benchPicks(b, func(i int) error { f.clear(); return f.codec.unmarshal(f.encoded[i], f.dst) })
			})
		}
	}
}

func BenchmarkSmallMarshal(b *testing.B) {
	for _, s := range smallShapesFor(b) {
		for _, f := range s.forms {
			b.Run(s.name+"/"+f.codec.name, func(b *testing.B) {
				benchPicks(b, func(i int) error { _, err := f.codec.marshal(f.values[i]); return err })
			})
			if f.codec.appendTo == nil {
				continue
			}
			b.Run(s.name+"/"+f.codec.name+"-append", func(b *testing.B) {
				var buf []byte
				benchPicks(b, func(i int) (err error) { buf, err = f.codec.appendTo(buf[:0], f.values[i]); return err })
			})
		}
	}
}

func BenchmarkSmallAny(b *testing.B) {
	for _, s := range smallShapesFor(b) {
		for _, f := range s.forms {
			b.Run(s.name+"/"+f.codec.name, func(b *testing.B) {
				benchPicks(b, func(i int) error { _, err := f.codec.toAny(f.encoded[i]); return err })
			})
		}
	}
}
