package varjson

import (
	"bytes"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/gdvar/gdvar/internal/testrig/jq16"
)

// jqPrint rewrites the numbers of js as jq 1.6 prints them.
func jqPrint(t testing.TB, js []byte) []byte {
	out, err := jq16.Print(js)
	require.NoError(t, err)
	return bytes.TrimSuffix(out, []byte("\n"))
}

// likeValue is a save's worth of numbers whose type jq 1.6 loses or whose
// value it rounds, beside others.
func likeValue() any {
	inner := gdvar.NewDictionary(1.0, "float key", int64(2), "int key")
	return gdvar.NewDictionary(
		"speed", 100.0,
		"hp", int64(100),
		"big", int64(123456789012345678),
		"round", int64(100000000000000000),
		"tiny", 1e-5,
		"neg", math.Copysign(0, -1),
		"list", []any{1.0, int64(2), 2.5, "x", []any{3.0, int64(4)}},
		"typed", gdvar.Array{Type: gdvar.ContainerType{Kind: gdvar.TypedBuiltin, Builtin: gdvar.TypeFloat}, Values: []any{1.0, 2.0}},
		"keys", inner,
		"object", &gdvar.Object{Class: "Node", Properties: []gdvar.Property{{Name: "scale", Value: 2.0}, {Name: "count", Value: int64(3)}}},
		"pos", gdvar.Vector2{X: 1, Y: 2},
	)
}

// A value edited with jq 1.6 (here: a change of 100.0 to 250 and a 7
// appended to a list, and the rest printed again as jq 1.6 prints it) comes
// back with every type, and the ints jq rounded, given the JSON it was
// edited from; without it, it does not.
func TestLikeKeepsTypesThroughJQ16(t *testing.T) {
	orig := likeValue()
	js, err := Marshal(orig)
	require.NoError(t, err)
	edited := bytes.Replace(jqPrint(t, js), []byte(`"speed":100,`), []byte(`"speed":250,`), 1)
	edited = bytes.Replace(edited, []byte(`[3,4]]`), []byte(`[3,4],7]`), 1)
	require.NotEqual(t, string(jqPrint(t, js)), string(edited), "the edits apply")

	want := orig.(*gdvar.Dictionary)
	want.Set("speed", 250.0)
	want.Set("list", []any{1.0, int64(2), 2.5, "x", []any{3.0, int64(4)}, int64(7)})
	wantBin, err := gdvar.Marshal(want)
	require.NoError(t, err)

	decode := func(like bool, to bool) []byte {
		dec := NewDecoder(bytes.NewReader(edited))
		if like {
			dec.Like(NewDecoder(bytes.NewReader(js)))
		}
		if to {
			var b bytes.Buffer
			enc := gdvar.NewEncoder(&b)
			require.NoError(t, dec.DecodeTo(enc))
			require.NoError(t, enc.Flush())
			return b.Bytes()
		}
		var v any
		require.NoError(t, dec.Decode(&v))
		b, err := gdvar.Marshal(v)
		require.NoError(t, err)
		return b
	}
	for _, to := range []bool{false, true} {
		assert.Equal(t, wantBin, decode(true, to), "with Like, DecodeTo: %v", to)
		assert.NotEqual(t, wantBin, decode(false, to), "without Like, DecodeTo: %v", to)
	}
}

// jq16 prints numbers as the jq 1.6 installed here does, when it is, and
// Like undoes what it did.
func TestJQ16Format(t *testing.T) {
	jq := jq16.Require(t)
	js, err := Marshal(likeValue())
	require.NoError(t, err)
	var nums []string
	for _, f := range []float64{100, 0.1, 1e-5, 1e-4, 2.5e-7, 1e15, 1e16, 1.25e16, 1e17, 123456789012345678, 1.5e300, 5e-324, math.MaxFloat64, 0.30000000000000004, -2.5} {
		nums = append(nums, strconv.FormatFloat(f, 'g', -1, 64))
	}
	js = append(append(js[:len(js):len(js)], '\n', '['), strings.Join(nums, ",")+"]"...)
	cmd := exec.Command(jq, "-c", ".")
	cmd.Stdin = bytes.NewReader(js)
	out, err := cmd.Output()
	require.NoError(t, err)
	want := strings.Split(strings.TrimSpace(string(out)), "\n")
	var got []string
	for _, line := range strings.Split(string(js), "\n") {
		got = append(got, string(jqPrint(t, []byte(line))))
	}
	assert.Equal(t, want, got)

	// The real jq's output comes back as the value, given the JSON it
	// was made from.
	dec := NewDecoder(strings.NewReader(want[0]))
	dec.Like(NewDecoder(bytes.NewReader(js)))
	var v any
	require.NoError(t, dec.Decode(&v))
	gotBin, err := gdvar.Marshal(v)
	require.NoError(t, err)
	wantBin, err := gdvar.Marshal(likeValue())
	require.NoError(t, err)
	assert.Equal(t, wantBin, gotBin)
}

// jq 1.6 prints the ints nearest int64's ends as ±2^63 (9223372036854776000),
// past int64's range: with Like they read as the doubles they are to jq,
// and take ref's ints; without, they are out of range.
func TestLikeRestoresInt64Ends(t *testing.T) {
	for _, ref := range []int64{math.MaxInt64, math.MinInt64, math.MaxInt64 - 511, math.MinInt64 + 512} {
		js, err := Marshal([]any{ref, int64(1)})
		require.NoError(t, err)
		edited := jqPrint(t, js)
		require.NotContains(t, string(edited), strconv.FormatInt(ref, 10), "jq 1.6 rounds it")

		dec := NewDecoder(bytes.NewReader(edited))
		dec.Like(NewDecoder(bytes.NewReader(js)))
		var v any
		require.NoError(t, dec.Decode(&v), "%s", edited)
		assert.Equal(t, []any{ref, int64(1)}, v)

		var w any
		assert.ErrorContains(t, Unmarshal(edited, &w), "out of range", "%s without Like", edited)
	}
	// With no int at its place in ref, such a number stays the double
	// jq read.
	dec := NewDecoder(strings.NewReader(`[9223372036854776000, -9223372036854776000]`))
	dec.Like(NewDecoder(strings.NewReader(`["x"]`)))
	var v any
	require.NoError(t, dec.Decode(&v))
	assert.Equal(t, []any{0x1p63, -0x1p63}, v)
}

// The ints of a PackedInt64Array, an ObjectID and a RID past 2^53, which
// jq 1.6 rounds, come back from ref too.
func TestLikeRestoresPackedInt64AndIDs(t *testing.T) {
	orig := []any{
		[]int64{1, -1 << 62, 1<<62 + 1, 5},
		gdvar.ObjectID(9223372065980024891),
		gdvar.RID(1<<60 + 3),
		[]int64{1<<60 + 1},
	}
	js, err := Marshal(orig)
	require.NoError(t, err)
	// An edit: the last array's element changed, and one added.
	edited := bytes.Replace(jqPrint(t, js), []byte(`[1152921504606847000]`), []byte(`[1152921504606847000,7]`), 1)
	require.Contains(t, string(edited), `,7]`, "the edit applies")
	dec := NewDecoder(bytes.NewReader(edited))
	dec.Like(NewDecoder(bytes.NewReader(js)))
	var v any
	require.NoError(t, dec.Decode(&v), "%s", edited)
	assert.Equal(t, []any{orig[0], orig[1], orig[2], []int64{1<<60 + 1, 7}}, v, "%s", edited)
}

// Any value gdvar decodes, printed as JSON and rewritten as jq 1.6
// prints numbers, comes back byte for byte given the JSON before.
func FuzzLikeUndoesJQ16(f *testing.F) {
	golden.AddSeeds(f, 4096, func(v golden.Vector, set string) { f.Add(v.Bin, set != "godot4") })
	f.Fuzz(func(t *testing.T, data []byte, godot3 bool) {
		e, codec, want, js, ok := fuzzJSON(t, data, godot3)
		if !ok {
			return
		}
		edited := jqPrint(t, js)
		dec := NewDecoder(bytes.NewReader(edited), WithCodec(engineCodec(e)))
		dec.Like(NewDecoder(bytes.NewReader(js), WithCodec(engineCodec(e))))
		var back any
		require.NoError(t, dec.Decode(&back), "%s\n%s", js, edited)
		got, err := codec.Marshal(back)
		require.NoError(t, err, "%s", edited)
		assert.Equal(t, want, got, "%s\n%s", js, edited)
	})
}

// A Dictionary's entries take their types from the entry at their place in
// ref, not from the entry Get finds.
func TestLikeKeysByPosition(t *testing.T) {
	keyTwice := gdvar.NewDictionary("tags", []any{1.0}, "n", 1.0)
	keyTwice.Append("tags", "x")
	for _, tc := range []struct {
		name    string
		orig    *gdvar.Dictionary
		notJQ16 string // what jq 1.6 does not print
	}{
		// An int key and a float key of the same value, which jq 1.6
		// prints alike: each takes its type from its own key in ref, not
		// both from the first key Get finds.
		{"equal as doubles", gdvar.NewDictionary(int64(1), "int", 1.0, "float", 2.0, "f2", int64(2), "i2", "s", gdvar.NewDictionary(0.0, "a", int64(0), "b")), "1.0"},
		// A Dictionary read from bytes may hold a key twice, where Get
		// finds the last entry.
		{"key twice", keyTwice, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			js, err := Marshal(tc.orig)
			require.NoError(t, err)
			edited := jqPrint(t, js)
			if tc.notJQ16 != "" {
				require.NotContains(t, string(edited), tc.notJQ16, "jq 1.6 prints both keys as 1")
			}
			dec := NewDecoder(bytes.NewReader(edited))
			dec.Like(NewDecoder(bytes.NewReader(js)))
			var v any
			require.NoError(t, dec.Decode(&v))
			want, err := gdvar.Marshal(tc.orig)
			require.NoError(t, err)
			got, err := gdvar.Marshal(v)
			require.NoError(t, err)
			assert.Equal(t, want, got, "%s", edited)
		})
	}
}

// An error in ref's JSON says it is ref's, not the input's, and is still
// the SyntaxError it was.
func TestLikeRefError(t *testing.T) {
	dec := NewDecoder(strings.NewReader(`{"a":1}`))
	dec.Like(NewDecoder(strings.NewReader("{\"a\":1.0\n")))
	var v any
	err := dec.Decode(&v)
	require.Error(t, err)
	assert.Equal(t, "varjson: the reference JSON (Like): line 2, column 1: unexpected EOF", err.Error())
	var se *SyntaxError
	assert.ErrorAs(t, err, &se)
}

// A Decoder cannot take its types from itself, directly or through others:
// decoding would recurse for ever.
func TestLikeRefusesCycles(t *testing.T) {
	a := NewDecoder(strings.NewReader(`1`))
	b := NewDecoder(strings.NewReader(`1`))
	assert.Panics(t, func() { a.Like(a) })
	b.Like(a)
	assert.Panics(t, func() { a.Like(b) })
	assert.NotPanics(t, func() { a.Like(NewDecoder(strings.NewReader(`1`))) })
}

// The same for the ints of a PackedInt64Array and for an ObjectID and a
// RID near 2^64, which jq 1.6 prints as 18446744073709552000.
func TestLikeRestoresTypedIntEnds(t *testing.T) {
	orig := []any{[]int64{math.MaxInt64, math.MinInt64, 7}, gdvar.ObjectID(math.MaxUint64), gdvar.RID(math.MaxUint64 - 100)}
	js, err := Marshal(orig)
	require.NoError(t, err)
	edited := jqPrint(t, js)
	require.Contains(t, string(edited), "18446744073709552000", "jq 1.6 rounds them")
	dec := NewDecoder(bytes.NewReader(edited))
	dec.Like(NewDecoder(bytes.NewReader(js)))
	var v any
	require.NoError(t, dec.Decode(&v), "%s", edited)
	assert.Equal(t, orig, v, "%s", edited)

	var w any
	assert.ErrorContains(t, Unmarshal(edited, &w), "out of range", "%s without Like", edited)
}

// A Dictionary key past 2^53 (an ObjectID, a RID), which jq 1.6 rounds,
// comes back from ref as a value does.
func TestLikeRestoresIDKeys(t *testing.T) {
	for _, key := range []any{gdvar.RID(3472328296227680304), gdvar.ObjectID(1<<60 + 3)} {
		orig := gdvar.NewDictionary(key, "v", "k", 1)
		js, err := Marshal(orig)
		require.NoError(t, err)
		edited := jqPrint(t, js)
		require.NotEqual(t, string(js), string(edited), "jq rounds the key")
		dec := NewDecoder(bytes.NewReader(edited))
		dec.Like(NewDecoder(bytes.NewReader(js)))
		var v any
		require.NoError(t, dec.Decode(&v), "%s", edited)
		d, ok := v.(*gdvar.Dictionary)
		require.True(t, ok, "%T", v)
		k, _ := d.At(0)
		assert.Equal(t, key, k, "%s", edited)
	}
}
