package gdvar

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// blob is a named slice of bytes, a PackedByteArray as []byte is.
type blob []byte

// shouted is read by its own method, which the flat reader leaves to the
// token path.
type shouted string

func (s *shouted) UnmarshalText(b []byte) error {
	*s = shouted(strings.ToUpper(string(b)))
	return nil
}

// flatInner and flatRecord hold every kind the flat path writes.
type flatInner struct {
	B  bool
	S  string
	V3 Vector3
	V2 Vector2i
	P  Projection
	F  []float32 `gdvar:",array"`
}

type flatRecord struct {
	I     int
	I8    int8
	I16   int16
	I32   int32
	I64   int64
	F32   float32
	F64   float64
	Name  string
	Tags  []string `gdvar:",array"`
	Inner flatInner
	Many  []flatInner `gdvar:",array"`
	Q     Quaternion
	Raw   []byte
	Blob  blob
	T     Transform3D
	R     Rect2i
	V4    Vector4
}

// randomFloat returns the floats whose width or bits are edge cases.
func randomFloat(r *rand.Rand) float64 {
	edges := []float64{0, math.Copysign(0, -1), 1, 0.1, 1e300, -1e-310, math.Inf(1), math.Inf(-1), math.NaN(),
		math.MaxFloat32, math.SmallestNonzeroFloat32, float64(math.Float32frombits(0x7fc00001))}
	if r.IntN(3) == 0 {
		return r.NormFloat64() * 1e6
	}
	return edges[r.IntN(len(edges))]
}

func randomInt(r *rand.Rand) int64 {
	edges := []int64{0, -1, math.MaxInt32, math.MinInt32, math.MaxInt32 + 1, math.MinInt32 - 1, math.MaxInt64, math.MinInt64}
	if r.IntN(2) == 0 {
		return r.Int64() >> r.IntN(64)
	}
	return edges[r.IntN(len(edges))]
}

func randomString(r *rand.Rand) string {
	switch r.IntN(6) {
	case 0:
		return ""
	case 1:
		return strings.Repeat("x", directWriteSize-1+r.IntN(3)) // both sides of the one-piece limit
	}
	return strings.Repeat("é", r.IntN(9))
}

func randomInner(r *rand.Rand) flatInner {
	in := flatInner{B: r.IntN(2) == 0, S: randomString(r),
		V3: Vector3{randomFloat(r), randomFloat(r), randomFloat(r)}, V2: Vector2i{r.Int32(), -3}}
	for i := range in.P.Columns {
		in.P.Columns[i] = Vector4{randomFloat(r), randomFloat(r), 0, 1}
	}
	if r.IntN(3) > 0 {
		in.F = make([]float32, r.IntN(4))
		for i := range in.F {
			in.F[i] = float32(randomFloat(r))
		}
	}
	return in
}

func randomRecord(r *rand.Rand) flatRecord {
	rec := flatRecord{I: int(randomInt(r)), I8: int8(randomInt(r)), I16: int16(randomInt(r)), I32: int32(randomInt(r)),
		I64: randomInt(r), F32: float32(randomFloat(r)), F64: randomFloat(r), Name: randomString(r),
		Inner: randomInner(r), Q: Quaternion{randomFloat(r), 0, 0, 1}, R: Rect2i{Vector2i{1, 2}, Vector2i{3, r.Int32()}},
		V4: Vector4{randomFloat(r), 1, 2, 3}}
	for range r.IntN(4) {
		rec.Tags = append(rec.Tags, randomString(r))
	}
	if r.IntN(4) > 0 {
		rec.Raw = []byte(randomString(r))
		rec.Blob = blob(randomString(r))
	}
	if r.IntN(5) == 0 {
		rec.F32 = math.Float32frombits(0x7f800001) // a signalling NaN: its bits go as they are
	}
	for range r.IntN(3) {
		rec.Many = append(rec.Many, randomInner(r))
	}
	for i := range rec.T.Basis.Rows {
		rec.T.Basis.Rows[i] = Vector3{randomFloat(r), 1, randomFloat(r)}
	}
	return rec
}

// The flat path writes exactly what the token path writes, and fails
// exactly where it fails, for every engine version and precision, on
// records with the edge cases of each kind.
func TestFlatMatchesTokens(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	options := [][]Option{
		nil, {WithEngine(Godot3)}, {WithEngine(Godot2)},
		{WithMathPrecision(Single)}, {WithMathPrecision(Double)}, {WithLimits(Limits{MaxDepth: 2})},
	}
	for i := range 2000 {
		recs := []flatRecord{randomRecord(r), randomRecord(r)}
		for _, opts := range options {
			for _, v := range []any{recs, &recs[0], recs[1]} { // in an Array, and alone
				flat, flatErr := MustCodec(opts...).Marshal(v)
				tokens, tokenErr := tokenMarshal(v, opts...)
				require.Equal(t, tokenErr, flatErr, "record %d, options %d", i, len(opts))
				require.Equal(t, tokens, flat, "record %d", i)
			}
		}
	}
	plan, _ := newFlatPlan(reflect.TypeFor[flatRecord](), false, map[reflect.Type]bool{})
	require.NotNil(t, plan, "the record is flat")
}

// decodeBoth decodes data into a copy of into with the flat paths on and
// off, and returns what each gave, re-encoded by the token path (NaNs
// compare as bits), and their errors.
func decodeBoth(data []byte, into []flatRecord, opts []Option) (flat, tokens []byte, flatErr, tokenErr error) {
	run := func(on bool) ([]byte, error) {
		flatPaths = on
		defer func() { flatPaths = true }()
		v := append([]flatRecord(nil), into...)
		err := MustCodec(opts...).Unmarshal(data, &v)
		if err == nil { // from a reader too, which hands the bytes out in pieces
			w := append([]flatRecord(nil), into...)
			rerr := MustCodec(append(opts, WithLimits(Limits{ChunkSize: 100}))...).NewDecoder(iotest.HalfReader(bytes.NewReader(data))).Decode(&w)
			if rerr != nil {
				return nil, rerr
			}
			viaReader, _ := MustCodec(opts...).Marshal(w)
			direct, _ := MustCodec(opts...).Marshal(v)
			if !bytes.Equal(viaReader, direct) {
				return nil, errors.New("decoded from a reader, the value differs")
			}
		}
		flatPaths = false
		out, merr := MustCodec(opts...).Marshal(v)
		if merr != nil {
			out = []byte(merr.Error())
		}
		return out, err
	}
	flat, flatErr = run(true)
	tokens, tokenErr = run(false)
	return
}

// The flat reader gives what the token path gives: the same values and
// the same errors, for every engine version, on records of edge values,
// into empty and into filled slices, and on the same bytes damaged (a byte
// changed, cut short), where it gives up and the token path decides.
func TestFlatReadMatchesTokens(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 1500 {
		recs := []flatRecord{randomRecord(r), randomRecord(r)}
		if i%7 == 0 {
			recs[0].Name = "nul\x00inside"
			recs[1].Tags = []string{"\xff\xfe not UTF-8"}
		}
		for _, opts := range [][]Option{nil, {WithEngine(Godot3)}, {WithEngine(Godot2)}, {WithLimits(Limits{MaxDepth: 2})}, {WithLimits(Limits{MaxStringBytes: 8})}} {
			data, err := tokenMarshal(recs, opts...)
			if err != nil {
				continue // a value this engine version cannot hold
			}
			for _, into := range [][]flatRecord{nil, {randomRecord(r)}, {randomRecord(r), randomRecord(r), randomRecord(r)}} {
				inputs := [][]byte{data, data[:r.IntN(len(data))]}
				damaged := bytes.Clone(data)
				damaged[r.IntN(len(damaged))] ^= byte(1 << r.IntN(8))
				inputs = append(inputs, damaged)
				for k, in := range inputs {
					flat, tokens, flatErr, tokenErr := decodeBoth(in, into, opts)
					require.Equal(t, tokenErr, flatErr, "record %d, input %d", i, k)
					require.Equal(t, tokens, flat, "record %d, input %d", i, k)
				}
				// One record alone, at the top level.
				one, err := tokenMarshal(recs[0], opts...)
				require.NoError(t, err)
				for _, in := range [][]byte{one, one[:r.IntN(len(one))]} {
					var a, b flatRecord
					if len(into) > 0 {
						a, b = into[0], into[0]
					}
					errA := MustCodec(opts...).Unmarshal(in, &a)
					flatPaths = false
					errB := MustCodec(opts...).Unmarshal(in, &b)
					ma, _ := MustCodec(opts...).Marshal(a)
					mb, _ := MustCodec(opts...).Marshal(b)
					flatPaths = true
					require.Equal(t, errB, errA, "record %d alone", i)
					require.Equal(t, mb, ma, "record %d alone", i)
				}
			}
		}
	}
}

// bigFlat is a flat struct of 512 bytes in Go.
type bigFlat struct{ A, B, C, D Projection }

type flatHolder struct {
	Items []bigFlat `gdvar:",array"`
}

// Many Arrays each declaring thousands of 512-byte structs, given as Nils
// (which the token path takes as zero values, and the flat reader gives
// up on): the flat reader sizes slices from the token path's budget, so
// decoding them allocates no more with it than without it.
func TestFlatReadBudget(t *testing.T) {
	const n = 2048 // Nils in each Array
	var one []byte
	one = binary.LittleEndian.AppendUint32(one, 27) // Dictionary
	one = binary.LittleEndian.AppendUint32(one, 1)
	one = append(one, 4, 0, 0, 0, 5, 0, 0, 0, 'i', 't', 'e', 'm', 's', 0, 0, 0)
	one = binary.LittleEndian.AppendUint32(one, 28) // Array
	one = binary.LittleEndian.AppendUint32(one, n)
	one = append(one, make([]byte, 4*n)...)
	count := (1 << 20) / len(one)
	data := binary.LittleEndian.AppendUint32(nil, 28)
	data = binary.LittleEndian.AppendUint32(data, uint32(count))
	for range count {
		data = append(data, one...)
	}
	allocated := func(on bool) uint64 {
		flatPaths = on
		defer func() { flatPaths = true }()
		var holders []flatHolder
		alloc := hostile.Allocated(func() { require.NoError(t, Unmarshal(data, &holders)) })
		require.Len(t, holders, count)
		return alloc
	}
	off, on := allocated(false), allocated(true)
	assert.LessOrEqual(t, on, off+off/8)
	t.Logf("%d Arrays declaring %d structs of 512 bytes, %d KiB in all: %d KiB allocated, %d KiB without the flat reader", count, n, len(data)>>10, on>>10, off>>10)
}

// A type that decodes itself has its method called, as the token path
// calls it: UnmarshalText by the flat reader, given the String's bytes;
// UnmarshalGodot, which reads tokens, by the token path only.
func TestFlatReadLeavesMethods(t *testing.T) {
	type named struct {
		A int
		S shouted
	}
	data, err := Marshal(named{A: 1, S: "quiet"})
	require.NoError(t, err)
	var got named
	require.NoError(t, Unmarshal(data, &got))
	assert.Equal(t, shouted("QUIET"), got.S)
	assert.NotNil(t, flatReaderFor(reflect.TypeFor[named]()))

	type counted struct {
		A int
		C counter
	}
	data, err = Marshal(counted{A: 1, C: 7})
	require.NoError(t, err)
	var back counted
	require.NoError(t, Unmarshal(data, &back))
	assert.Equal(t, counted{A: 1, C: 7}, back)
	assert.Nil(t, flatReaderFor(reflect.TypeFor[counted]()))
}

// sizedWriter records the largest write, and fails after limit bytes.
type sizedWriter struct {
	n, largest, limit int
}

func (w *sizedWriter) Write(p []byte) (int, error) {
	w.largest = max(w.largest, len(p))
	if w.limit > 0 && w.n+len(p) > w.limit {
		return 0, errors.New("disk full")
	}
	w.n += len(p)
	return len(p), nil
}

// On an Encoder with a writer, a flat value larger than the Encoder's
// buffer goes the token way, which streams it: no write is larger than
// that buffer, and a failing writer gives the error the token path gives,
// at the element the output had reached (each path flushes at its own
// token, so the two may name neighbouring elements).
func TestFlatStreams(t *testing.T) {
	type item struct{ A, B int }
	type many struct {
		Items []item `gdvar:",array"`
	}
	v := many{Items: make([]item, 200000)}
	w := &sizedWriter{}
	require.NoError(t, NewEncoder(w).Encode(v))
	assert.LessOrEqual(t, w.largest, flushSize+directWriteSize)
	failing := func(on bool) error {
		flatPaths = on
		defer func() { flatPaths = true }()
		return NewEncoder(&sizedWriter{limit: 100 << 10}).Encode([]many{v})
	}
	for _, on := range []bool{false, true} {
		var ee *EncodeError
		require.ErrorAs(t, failing(on), &ee, "flat paths %v", on)
		assert.Equal(t, "write", ee.Detail)
		assert.ErrorContains(t, ee, "disk full")
		assert.True(t, strings.HasPrefix(ee.Path, `$[0]["items"][27`), "flat paths %v: %s", on, ee.Path)
	}
}

// The few tags and ids of each record are cut from one block per slice
// type (newArray): a thousand records take a few allocations, not one or
// two each, and each slice is full, so that appending to one never writes
// over the next.
func TestFlatReadSmallArrays(t *testing.T) {
	type rec struct {
		Tags []string `gdvar:"tags,array"`
		IDs  []int    `gdvar:"ids,array"`
	}
	in := make([]rec, 1000)
	for i := range in {
		in[i] = rec{Tags: []string{"a", "b"}, IDs: []int{i, 2 * i, 3 * i}}
	}
	data, err := Marshal(in)
	require.NoError(t, err)
	var out []rec
	allocs := testing.AllocsPerRun(5, func() {
		out = nil
		require.NoError(t, Unmarshal(data, &out))
	})
	assert.Less(t, allocs, 40.0, "allocations for 1000 records")
	require.Equal(t, in, out)
	for i := range out {
		require.Equal(t, len(out[i].Tags), cap(out[i].Tags))
		require.Equal(t, len(out[i].IDs), cap(out[i].IDs))
	}
	out[0].Tags = append(out[0].Tags, "c")
	assert.Equal(t, []string{"a", "b"}, out[1].Tags)
}

// A field whose name is not plain ASCII is not compared as bytes: a key
// that is not UTF-8 fails as the token path says, whatever the tag.
func TestFlatReadOddKeyNames(t *testing.T) {
	type notUTF8 struct {
		A int `gdvar:"\xff"`
	}
	type accented struct {
		A int `gdvar:"é"`
	}
	for _, tc := range []struct {
		name string
		key  []byte
		into func() any
	}{
		{"not UTF-8", []byte{0xff}, func() any { return &notUTF8{} }},
		{"accented", []byte("é"), func() any { return &accented{} }},
	} {
		data := words(uint32(TypeDictionary), 1, uint32(TypeString), uint32(len(tc.key)))
		data = append(data, tc.key...)
		data = append(data, make([]byte, padding(int64(len(tc.key))))...)
		data = append(data, words(uint32(TypeInt), 7)...)
		flat, tokens := tc.into(), tc.into()
		flatErr := Unmarshal(data, flat)
		tokenErr := tokenUnmarshal(data, tokens)
		assert.Equal(t, tokenErr, flatErr, tc.name)
		assert.Equal(t, tokens, flat, tc.name)
	}
}
