package gdvar_test

import (
	"sync"
	"testing"

	. "github.com/gdvar/gdvar"
)

// smallValues are the small messages of game traffic that the Decoder's
// fixed cost is measured on (issue 24).
// They are made on first use: Marshal needs the package initialised.
var smallValues = sync.OnceValue(func() []struct {
	name string
	data []byte
} {
	type record struct {
		ID    int     `gdvar:"id"`
		Name  string  `gdvar:"name"`
		Phone string  `gdvar:"phone"`
		Age   int     `gdvar:"age"`
		OK    bool    `gdvar:"ok"`
		Money float64 `gdvar:"money"`
	}
	must := func(b []byte, err error) []byte {
		if err != nil {
			panic(err)
		}
		return b
	}
	return []struct {
		name string
		data []byte
	}{
		// A 6-entry Dictionary: 168 bytes, 20 tokens.
		{"record", must(Marshal(record{7, "Alexandra Smith1", "0123456789", 31, true, 1234.5678}))},
		// A player update, [id, pos, vel, rot, input]: 64 bytes, 7 tokens.
		{"player", must(Marshal([]any{int64(7), Vector3{1, 2, 3}, Vector3{4, 5, 6}, 1.5, int64(3)}))},
		// [int, String, Vector2]: 44 bytes, 5 tokens.
		{"array3", must(Marshal([]any{int64(7), "hello", Vector2{1, 2}}))},
	}
})

// BenchmarkSmallTokens reads every token of a small value: with a new
// Decoder each time (NewDecoderBytes, the fixed cost) and with one Decoder
// reused (ResetBytes). ns/token is the time per token.
func BenchmarkSmallTokens(b *testing.B) {
	for _, v := range smallValues() {
		b.Run(v.name+"/new", func(b *testing.B) {
			b.ReportAllocs()
			tokens := 0
			for b.Loop() {
				tokens = drain(b, NewDecoderBytes(v.data))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tokens), "ns/token")
		})
		b.Run(v.name+"/reset", func(b *testing.B) {
			b.ReportAllocs()
			dec := NewDecoderBytes(nil)
			tokens := 0
			for b.Loop() {
				dec.ResetBytes(v.data)
				tokens = drain(b, dec)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tokens), "ns/token")
		})
	}
}
