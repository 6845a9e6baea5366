package gdvar_test

import (
	"math/rand/v2"
	"time"

	. "github.com/gdvar/gdvar"
)

// The small messages of issue 24, shared by the tests and benchmarks that
// write them (value_marshal_small_test.go) and read them (small_bench_test.go):
// smallPicks random values of each shape, used in turn. Floats in math
// types are float32 values, as Godot's standard build sends them.

// record is the 6-field record.
type record struct {
	Name     string
	Phone    string
	Siblings int
	Spouse   bool
	Money    float64
	ID       int64
}

// recordTime is the record of the public Go serialization benchmarks.
type recordTime struct {
	Name     string
	BirthDay time.Time
	Phone    string
	Siblings int
	Spouse   bool
	Money    float64
}

// playerUpdate is an input and position update.
type playerUpdate struct {
	ID    int64
	Pos   Vector3
	Vel   Vector3
	Rot   float64
	Input int
}

// smallEntry is an element of the 20-element Array of small Dictionaries.
type smallEntry struct {
	ID   int
	Name string
	HP   float64
}

const smallPicks = 1000

// randText is n random letters.
func randText(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	return string(b)
}

// smallMessage is one shape of small message.
type smallMessage struct {
	name      string
	values    []any      // as Marshal takes them, from an interface{}
	into      func() any // a pointer to a new Go value to read one into; nil: interface{} only
	writeOnly bool       // the bytes of another shape, written from another Go type
}

// smallMessages makes smallPicks values of each shape.
func smallMessages() []smallMessage {
	r := rand.New(rand.NewPCG(3, 4))
	shape := func(name string, into func() any, gen func() any) smallMessage {
		s := smallMessage{name: name, into: into}
		for range smallPicks {
			s.values = append(s.values, gen())
		}
		return s
	}
	rec := func() record {
		return record{Name: randText(r, 16), Phone: randText(r, 10), Siblings: r.IntN(5), Spouse: r.IntN(2) == 1, Money: r.Float64() * 1000, ID: r.Int64()}
	}
	f32 := func() float64 { return float64(r.Float32()) }
	vec2 := func() Vector2 { return Vector2{X: f32(), Y: f32()} }
	vec3 := func() Vector3 { return Vector3{X: f32(), Y: f32(), Z: f32()} }
	recordPtr := shape("recordPtr", nil, func() any { x := rec(); return &x })
	recordPtr.writeOnly = true
	return []smallMessage{
		shape("record", func() any { return new(record) }, func() any { return rec() }),
		recordPtr,
		shape("recordTime", func() any { return new(recordTime) }, func() any {
			x := rec()
			return recordTime{Name: x.Name, BirthDay: time.Unix(r.Int64N(2e9), 0).UTC(), Phone: x.Phone, Siblings: x.Siblings, Spouse: x.Spouse, Money: x.Money}
		}),
		shape("playerUpdate", func() any { return new(playerUpdate) }, func() any {
			return playerUpdate{ID: r.Int64(), Pos: vec3(), Vel: vec3(), Rot: f32(), Input: r.IntN(256)}
		}),
		shape("array3", func() any { return new([3]any) }, func() any { return []any{r.Int64N(1000), randText(r, 8), vec2()} }),
		shape("map5", nil, func() any {
			return map[string]any{"id": r.Int64N(1000), "name": randText(r, 12), "hp": r.Float64(), "alive": true, "pos": vec2()}
		}),
		shape("dict5", nil, func() any {
			return NewDictionary("id", r.Int64N(1000), "name", randText(r, 12), "hp", r.Float64(), "alive", true, "pos", vec2())
		}),
		shape("dicts20", nil, func() any {
			s := make([]map[string]any, 20)
			for i := range s {
				s[i] = map[string]any{"id": r.IntN(1000), "name": randText(r, 6)}
			}
			return s
		}),
		shape("structs20", func() any { return new([]smallEntry) }, func() any {
			s := make([]smallEntry, 20)
			for i := range s {
				s[i] = smallEntry{ID: r.IntN(1000), Name: randText(r, 6), HP: r.Float64()}
			}
			return s
		}),
	}
}
