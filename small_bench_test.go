package gdvar_test

import (
	"math/rand/v2"
	"testing"
	"time"

	. "github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/cputime"
	"github.com/gdvar/gdvar/internal/gamestate"
	"github.com/gdvar/gdvar/internal/hostile"
)

// The small messages of issue 24: records of tens of bytes, decoded one at
// a time, picked at random from 1000 made beforehand.

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

// smallEntry is an element of the 20-element Array of Dictionaries.
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

// smallShape is one shape of small message: its encodings and a new value
// to decode one into.
type smallShape struct {
	name    string
	encoded [][]byte
	into    func() any // a pointer to a new Go value; nil: decoded into interface{} only
}

// smallShapes makes smallPicks values of each shape.
func smallShapes(tb testing.TB) []smallShape {
	r := rand.New(rand.NewPCG(1, 2))
	make1 := func(name string, into func() any, gen func() any) smallShape {
		s := smallShape{name: name, into: into}
		for range smallPicks {
			b, err := Marshal(gen())
			if err != nil {
				tb.Fatal(err)
			}
			s.encoded = append(s.encoded, b)
		}
		return s
	}
	rec := func() record {
		return record{Name: randText(r, 16), Phone: randText(r, 10), Siblings: r.IntN(5), Spouse: r.IntN(2) == 1, Money: r.Float64() * 1000, ID: r.Int64()}
	}
	vec := func() Vector3 { return Vector3{X: r.Float64(), Y: r.Float64(), Z: r.Float64()} }
	return []smallShape{
		make1("record", func() any { return new(record) }, func() any { return rec() }),
		make1("recordTime", func() any { return new(recordTime) }, func() any {
			x := rec()
			return recordTime{Name: x.Name, BirthDay: time.Unix(r.Int64N(2e9), 0).UTC(), Phone: x.Phone, Siblings: x.Siblings, Spouse: x.Spouse, Money: x.Money}
		}),
		make1("playerUpdate", func() any { return new(playerUpdate) }, func() any {
			return playerUpdate{ID: r.Int64(), Pos: vec(), Vel: vec(), Rot: r.Float64(), Input: r.IntN(256)}
		}),
		make1("array3", func() any { return new([3]any) }, func() any { return []any{r.Int64N(1000), randText(r, 8), Vector2{X: r.Float64(), Y: r.Float64()}} }),
		make1("dict5", nil, func() any {
			return NewDictionary("id", r.Int64N(1000), "name", randText(r, 12), "hp", r.Float64(), "alive", true, "pos", Vector2{X: r.Float64(), Y: r.Float64()})
		}),
		make1("dicts20", func() any { return new([]smallEntry) }, func() any {
			s := make([]smallEntry, 20)
			for i := range s {
				s[i] = smallEntry{ID: r.IntN(1000), Name: randText(r, 6), HP: r.Float64()}
			}
			return s
		}),
	}
}

// BenchmarkUnmarshalSmall decodes small messages into their Go types and
// into interface{}. On a busy machine compare cpu-ns/op, the process's CPU
// time (the collector's included).
func BenchmarkUnmarshalSmall(b *testing.B) {
	run := func(b *testing.B, s smallShape, into any) {
		b.ReportAllocs()
		i, start := 0, cputime.Process()
		for b.Loop() {
			v := into
			if v == nil {
				v = new(any)
			}
			if err := Unmarshal(s.encoded[i%smallPicks], v); err != nil {
				b.Fatal(err)
			}
			i++
		}
		if cpu := cputime.Process() - start; cpu > 0 {
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
	for _, s := range smallShapes(b) {
		if s.into != nil {
			b.Run(s.name, func(b *testing.B) { run(b, s, s.into()) })
		}
		b.Run(s.name+"/any", func(b *testing.B) { run(b, s, nil) })
	}
}

// BenchmarkUnmarshalGameStateCPU is BenchmarkUnmarshalGameState and
// BenchmarkUnmarshalGameStateAny with cpu-ns/op, the process's CPU time, to
// check on a busy machine that the small messages' paths cost the large
// payload nothing.
func BenchmarkUnmarshalGameStateCPU(b *testing.B) {
	for _, into := range []struct {
		name string
		v    func() any
	}{{"players", func() any { return new([]player) }}, {"any", func() any { return new(any) }}} {
		b.Run(into.name, func(b *testing.B) {
			data := gameState()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				if err := Unmarshal(data, into.v()); err != nil {
					b.Fatal(err)
				}
			}
			if cpu := cputime.Process() - start; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// BenchmarkHostileUnmarshalCPU is Unmarshal's part of BenchmarkHostile
// with cpu-ns/byte, the process's CPU time, for busy machines: adversarial
// inputs against ordinary data of the same size.
func BenchmarkHostileUnmarshalCPU(b *testing.B) {
	ordinary := gamestate.Bytes(6350)
	for _, in := range append([]hostile.Input{{Name: "ordinary", Data: ordinary}}, hostile.Adversarial(len(ordinary))...) {
		b.Run(in.Name, func(b *testing.B) {
			b.SetBytes(int64(len(in.Data)))
			start := cputime.Process()
			for b.Loop() {
				var v any
				_ = Unmarshal(in.Data, &v)
			}
			if cpu := cputime.Process() - start; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(len(in.Data)), "cpu-ns/byte")
			}
		})
	}
}
