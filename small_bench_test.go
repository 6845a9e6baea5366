package gdvar_test

import (
	"testing"

	. "github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// The small messages of issue 24: records of tens of bytes, decoded one at
// a time, picked at random from 1000 made beforehand.

// smallShape is a shape of small message as it is read: its encodings and
// a new value to decode one into.
type smallShape struct {
	name    string
	encoded [][]byte
	into    func() any // a pointer to a new Go value; nil: decoded into interface{} only
}

// smallShapes encodes the small messages that are read.
func smallShapes(tb testing.TB) []smallShape {
	var shapes []smallShape
	for _, m := range smallMessages() {
		if m.writeOnly {
			continue
		}
		s := smallShape{name: m.name, into: m.into}
		for _, v := range m.values {
			b, err := Marshal(v)
			if err != nil {
				tb.Fatal(err)
			}
			s.encoded = append(s.encoded, b)
		}
		shapes = append(shapes, s)
	}
	return shapes
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
