package gdvar_test

import (
	"io"
	"testing"

	. "github.com/gdvar/gdvar"
)

// The small messages of issue 24, written one at a time: Marshal,
// AppendMarshal and Encoder.Encode of values picked from 1000 made
// beforehand.

// BenchmarkMarshalSmall writes small messages with Marshal, with
// AppendMarshal into a reused buffer, with a new Encoder each, and with a
// reused Encoder.
func BenchmarkMarshalSmall(b *testing.B) {
	for _, s := range smallMessages() {
		b.Run(s.name+"/Marshal", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := Marshal(s.values[i%smallPicks]); err != nil {
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
				if buf, err = AppendMarshal(buf[:0], s.values[i%smallPicks]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
		b.Run(s.name+"/NewEncoder", func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := NewEncoder(io.Discard).Encode(s.values[i%smallPicks]); err != nil {
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
				if err := enc.Encode(s.values[i%smallPicks]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}
