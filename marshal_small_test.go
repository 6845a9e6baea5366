package gdvar_test

import (
	"io"
	"math/rand/v2"
	"testing"
	"time"

	. "github.com/gdvar/gdvar"
)

// The small messages of issue 24, written one at a time: Marshal,
// AppendMarshal and Encoder.Encode of values picked from 1000 made
// beforehand.

// msgRecord is the 6-field record.
type msgRecord struct {
	Name     string
	Phone    string
	Siblings int
	Spouse   bool
	Money    float64
	ID       int64
}

// msgRecordTime is the record of the public Go serialization benchmarks.
type msgRecordTime struct {
	Name     string
	BirthDay time.Time
	Phone    string
	Siblings int
	Spouse   bool
	Money    float64
}

// msgPlayer is an input and position update.
type msgPlayer struct {
	ID    int64
	Pos   Vector3
	Vel   Vector3
	Rot   float64
	Input int
}

// msgEntry is an element of the 20-element Array of small Dictionaries.
type msgEntry struct {
	ID   int
	Name string
	HP   float64
}

const msgPicks = 1000

// msgText is n random letters.
func msgText(r *rand.Rand, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + r.IntN(26))
	}
	return string(b)
}

// msgShape is one shape of small message: msgPicks values of it.
type msgShape struct {
	name   string
	values []any
}

// msgShapes makes the shapes: the records by value, and the generic ones
// as Marshal takes them from an interface{}.
func msgShapes() []msgShape {
	r := rand.New(rand.NewPCG(3, 4))
	shape := func(name string, gen func() any) msgShape {
		s := msgShape{name: name}
		for range msgPicks {
			s.values = append(s.values, gen())
		}
		return s
	}
	rec := func() msgRecord {
		return msgRecord{Name: msgText(r, 16), Phone: msgText(r, 10), Siblings: r.IntN(5), Spouse: r.IntN(2) == 1, Money: r.Float64() * 1000, ID: r.Int64()}
	}
	vec := func() Vector3 {
		return Vector3{X: float64(r.Float32()), Y: float64(r.Float32()), Z: float64(r.Float32())}
	}
	return []msgShape{
		shape("record", func() any { return rec() }),
		shape("recordPtr", func() any { x := rec(); return &x }),
		shape("recordTime", func() any {
			x := rec()
			return msgRecordTime{Name: x.Name, BirthDay: time.Unix(r.Int64N(2e9), 0).UTC(), Phone: x.Phone, Siblings: x.Siblings, Spouse: x.Spouse, Money: x.Money}
		}),
		shape("player", func() any {
			return msgPlayer{ID: r.Int64(), Pos: vec(), Vel: vec(), Rot: float64(r.Float32()), Input: r.IntN(256)}
		}),
		shape("array3", func() any {
			return []any{r.Int64N(1000), msgText(r, 8), Vector2{X: float64(r.Float32()), Y: float64(r.Float32())}}
		}),
		shape("map5", func() any {
			return map[string]any{"id": r.Int64N(1000), "name": msgText(r, 12), "hp": r.Float64(), "alive": true, "pos": Vector2{X: 1, Y: 2}}
		}),
		shape("dict5", func() any {
			return NewDictionary("id", r.Int64N(1000), "name", msgText(r, 12), "hp", r.Float64(), "alive", true, "pos", Vector2{X: 1, Y: 2})
		}),
		shape("dicts20", func() any {
			s := make([]map[string]any, 20)
			for i := range s {
				s[i] = map[string]any{"id": r.IntN(1000), "name": msgText(r, 6)}
			}
			return s
		}),
		shape("structs20", func() any {
			s := make([]msgEntry, 20)
			for i := range s {
				s[i] = msgEntry{ID: r.IntN(1000), Name: msgText(r, 6), HP: r.Float64()}
			}
			return s
		}),
	}
}

// BenchmarkMarshalSmall writes small messages with Marshal, with
// AppendMarshal into a reused buffer, with a new Encoder each, and with a
// reused Encoder.
func BenchmarkMarshalSmall(b *testing.B) {
	for _, s := range msgShapes() {
		b.Run(s.name+"/Marshal", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := Marshal(s.values[i%msgPicks]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
		b.Run(s.name+"/AppendMarshal", func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 4096)
			i := 0
			for b.Loop() {
				var err error
				if buf, err = AppendMarshal(buf[:0], s.values[i%msgPicks]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
		b.Run(s.name+"/NewEncoder", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := NewEncoder(io.Discard).Encode(s.values[i%msgPicks]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
		b.Run(s.name+"/Encode", func(b *testing.B) {
			b.ReportAllocs()
			enc := NewEncoder(io.Discard)
			i := 0
			for b.Loop() {
				if err := enc.Encode(s.values[i%msgPicks]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
