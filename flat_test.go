package gdvar

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

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
			flat, flatErr := Marshal(recs, opts...)
			flatWrites = false
			tokens, tokenErr := Marshal(recs, opts...)
			flatWrites = true
			require.Equal(t, tokenErr, flatErr, "record %d, options %d", i, len(opts))
			require.Equal(t, tokens, flat, "record %d", i)
		}
	}
	require.NotNil(t, flatPlanFor(reflect.TypeFor[flatRecord]()), "the record is flat")
}
