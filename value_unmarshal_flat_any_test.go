package gdvar

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/golden"
)

// anyTargets are the Go types holding interfaces that the flat reader
// reads: an interface{} alone, in a Go array, a slice and a struct.
var anyTargets = map[string]func() any{
	"any":    func() any { return new(any) },
	"[3]any": func() any { return new([3]any) },
	"[]any":  func() any { return new([]any) },
	"struct": func() any { return new(struct{ A, B any }) },
}

// requireSameAny checks that the flat reader gave what the token path
// gave into each of anyTargets: the same error, the same Go types and
// values (compared as Marshal writes them back, so that NaNs compare),
// RawValues in the same places.
func requireSameAny(t *testing.T, data []byte, opts []Option, msg string) {
	t.Helper()
	for name, target := range anyTargets {
		flat, tokens := target(), target()
		flatErr := MustCodec(opts...).Unmarshal(data, flat)
		tokenErr := tokenUnmarshal(data, tokens, opts...)
		require.Equal(t, tokenErr, flatErr, "%s into %s: %x %v", msg, name, data, opts)
		require.Equal(t, shapeOf(reflect.ValueOf(tokens).Elem().Interface()), shapeOf(reflect.ValueOf(flat).Elem().Interface()), "%s into %s", msg, name)
		mf, errF := MustCodec(opts...).Marshal(flat)
		mt, errT := MustCodec(opts...).Marshal(tokens)
		require.Equal(t, errT, errF, msg)
		require.True(t, bytes.Equal(mt, mf), "%s into %s", msg, name)
	}
}

// shapeOf describes the Go types of a generic value, containers' types
// and sizes included.
func shapeOf(v any) string {
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		if v == nil {
			b.WriteString("nil ")
			return
		}
		b.WriteString(reflect.TypeOf(v).String() + " ")
		switch v := v.(type) {
		case [3]any:
			walk(v[:])
		case struct{ A, B any }:
			walk([]any{v.A, v.B})
		case []any:
			b.WriteString("[")
			for _, e := range v {
				walk(e)
			}
			b.WriteString("]")
		case *Dictionary:
			b.WriteString("{")
			for k, e := range v.All() {
				walk(k)
				walk(e)
			}
			b.WriteString("}")
		}
	}
	walk(v)
	return b.String()
}

// The flat reader of the generic form gives what the token path gives on
// every engine-written vector, whole, cut short and with a bit changed.
func TestFlatAnyMatchesTokensGolden(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	engines := map[string][]Option{"godot4": nil, "godot3.6": {WithEngine(Godot3)}, "godot3.2": {WithEngine(Godot3)}}
	for _, set := range golden.Sets {
		for _, v := range golden.Load(t, golden.Path("golden", set)) {
			opts := append([]Option{AllowObjects(v.Objects)}, engines[set]...)
			damaged := bytes.Clone(v.Bin)
			damaged[r.IntN(len(damaged))] ^= byte(1 << r.IntN(8))
			for k, in := range [][]byte{v.Bin, v.Bin[:r.IntN(len(v.Bin))], damaged} {
				requireSameAny(t, in, opts, set+"/"+v.Name+" input "+string(rune('0'+k)))
			}
		}
	}
}

// randomGeneric makes a generic value of the kinds the flat reader reads,
// with edge values: ints at the 32-bit edge, floats that need 64 bits,
// NaN, strings with a NUL or invalid UTF-8, vectors of both widths.
func randomGeneric(r *rand.Rand, depth int) any {
	switch k := r.IntN(12); {
	case k == 0 && depth < 4:
		s := make([]any, r.IntN(4))
		for i := range s {
			s[i] = randomGeneric(r, depth+1)
		}
		return s
	case k == 1 && depth < 4:
		d := &Dictionary{}
		for range r.IntN(4) {
			d.Append(randomGeneric(r, depth+1), randomGeneric(r, depth+1))
		}
		return d
	case k == 2:
		return []int64{0, 1, -1, math.MaxInt32, math.MinInt32, math.MaxInt32 + 1, math.MinInt64, 300}[r.IntN(8)]
	case k == 3:
		return []float64{0, 0.5, 0.1, math.Inf(-1), math.NaN(), 1e300, math.Copysign(0, -1)}[r.IntN(7)]
	case k == 4:
		return []string{"", "a", "abcd", "nul\x00inside", "\xff not UTF-8", "héllo wörld"}[r.IntN(6)]
	case k == 5:
		return r.IntN(2) == 1
	case k == 6:
		return Vector3{X: r.Float64(), Y: 1, Z: 2}
	case k == 7:
		return Vector2{X: 1, Y: 0.5}
	case k == 8:
		return Vector2i{X: -3, Y: 4}
	case k == 9:
		return StringName("name")
	case k == 10:
		return Transform3D{}
	}
	return nil
}

// The same on random values of the kinds the flat reader reads, written
// by Marshal, cut short and with a bit changed, with every engine version
// and limits the values break.
func TestFlatAnyMatchesTokensRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	options := [][]Option{nil, {WithEngine(Godot3)}, {WithEngine(Godot2)}, {WithLimits(Limits{MaxDepth: 2})},
		{WithLimits(Limits{MaxStringBytes: 3})}, {WithLimits(Limits{MaxContainerLen: 2})}, {Semantic(true)}}
	for i := range 3000 {
		v := randomGeneric(r, 0)
		switch i % 3 {
		case 0: // past flatAnyMax: read as tokens around values read flat
			if i%9 == 0 {
				big := make([]any, flatAnyMax+1+r.IntN(8))
				for k := range big {
					big[k] = randomGeneric(r, 1)
				}
				v = big
			}
		case 1: // fits [3]any
			v = []any{v, randomGeneric(r, 1), randomGeneric(r, 1)}
		case 2: // fits the struct
			v = NewDictionary("A", v, "B", randomGeneric(r, 1))
		}
		for _, opts := range options {
			data, err := MustCodec(opts...).Marshal(v)
			if err != nil {
				continue // a value this engine version cannot hold
			}
			damaged := bytes.Clone(data)
			damaged[r.IntN(len(damaged))] ^= byte(1 << r.IntN(8))
			for k, in := range [][]byte{data, data[:r.IntN(len(data))], damaged} {
				requireSameAny(t, in, opts, "value "+string(rune('0'+i%10))+" input "+string(rune('0'+k)))
			}
		}
	}
}
