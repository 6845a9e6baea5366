package vartext

import (
	"bytes"
	"io"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
)

var gameState = sync.OnceValue(func() []byte { return gamestate.Bytes(gamestate.Players) })

// printTokens prints the values of data (the binary form) to w, token by
// token, as the gdvar command does.
func printTokens(data []byte, d Dialect, w io.Writer) error {
	dec := gdvar.MustCodec(gdvar.WithEngine(d.Engine()), gdvar.AllowObjects(true)).NewDecoderBytes(data)
	text, err := NewCodec(WithDialect(d))
	if err != nil {
		return err
	}
	enc := text.NewEncoder(w)
	for {
		if err := enc.CopyValue(dec); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// validate reads every token of data, as gdvar validate does.
func validate(data []byte, d Dialect) error {
	dec := gdvar.MustCodec(gdvar.WithEngine(d.Engine()), gdvar.AllowObjects(true)).NewDecoderBytes(data)
	for {
		if _, err := dec.ReadToken(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// gameStateText is the game state's text form.
var gameStateText = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	if err := printTokens(gameState(), Godot4, &b); err != nil {
		panic(err)
	}
	return b.Bytes()
})

// BenchmarkGameState prints the 16.5 MB game state (100 000 player
// Dictionaries) as text ("text"), and reads that text back into the binary
// form ("encode-from-text"), next to reading the binary form's tokens as
// gdvar validate does ("validate"): the ratios are the cost of the text
// form. All are per byte of the binary form.
func BenchmarkGameState(b *testing.B) {
	data := gameState()
	b.Run("validate", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if err := validate(data, Godot4); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("text", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if err := printTokens(data, Godot4, io.Discard); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encode-from-text", func(b *testing.B) {
		text := gameStateText()
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		r := bytes.NewReader(text)
		for b.Loop() {
			r.Reset(text)
			enc := gdvar.NewEncoder(io.Discard)
			if err := mustDecoder(b, r).DecodeTo(enc); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// keyBenchmarks are Dictionaries of n keys that Godot's comparison does not
// order, each next to an ordinary one of the same size in bytes.
var keyBenchmarks = []struct {
	name string
	d    Dialect
	n    int
	key  func(i int) any
}{
	// Godot 3 says an Array is less than itself: each key walks back to the
	// start in the final insertion sort. The keys differ, or the engine,
	// and gdvar, would make them one.
	{"godot3/arrays", Godot3, 40_000, func(i int) any { return []any{nil, int64(i)} }},
	{"godot3/ordinary", Godot3, 40_000, func(i int) any { return int64(i) * 1e10 }},
	// A NaN key is neither less nor greater than anything.
	{"godot4/nan", Godot4, 40_000, func(i int) any { return randomFloat(i, 20_000) }},
	{"godot4/ordinary", Godot4, 40_000, func(i int) any { return randomFloat(i, -1) }},
	// Godot 4 compares Arrays both ways at each level: keys nested 34 deep
	// that compare as equal (Dictionaries have no order) but are not one
	// key, next to keys that differ at the bottom.
	{"godot4/nested-equal", Godot4, 1000, func(i int) any { return nested(34, map[any]any{int64(i): nil}) }},
	{"godot4/nested-ordinary", Godot4, 1000, func(i int) any { return nested(34, i) }},
}

// randomFloat returns a float of the ith key: NaN at nan, else a
// pseudo-random number.
func randomFloat(i, nan int) float64 {
	if i == nan {
		return math.NaN()
	}
	return float64(uint32(i)*2654435761) / 7
}

// nested returns v (an int as int64) in an Array nested depth deep.
func nested(depth int, v any) any {
	if n, ok := v.(int); ok {
		v = int64(n)
	}
	for range depth {
		v = []any{v}
	}
	return v
}

// BenchmarkKeyOrder prints the keyBenchmarks: the time per byte of each
// pair is within a small factor, not quadratic or exponential.
func BenchmarkKeyOrder(b *testing.B) {
	for _, c := range keyBenchmarks {
		b.Run(c.name, func(b *testing.B) {
			keys := make([]any, c.n)
			for i := range keys {
				keys[i] = c.key(i)
			}
			data := keysDict(b, c.d, keys)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if err := printTokens(data, c.d, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncodeValues prints 5000 of the game state's players one at a
// time, as a ConfigFile's values are written: with one Encoder, and with
// Marshal each.
func BenchmarkEncodeValues(b *testing.B) {
	var v any
	if err := gdvar.Unmarshal(gamestate.Bytes(5000), &v); err != nil {
		b.Fatal(err)
	}
	players := v.([]any)
	size := 0
	for _, p := range players {
		text, err := Marshal(p)
		if err != nil {
			b.Fatal(err)
		}
		size += len(text)
	}
	b.Run("Encoder", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		start := cputime.Process()
		for b.Loop() {
			enc := mustEncoder(b, io.Discard)
			for _, p := range players {
				if err := enc.Encode(p); err != nil {
					b.Fatal(err)
				}
			}
		}
		reportCPU(b, start, size)
	})
	b.Run("Marshal", func(b *testing.B) {
		b.SetBytes(int64(size))
		b.ReportAllocs()
		start := cputime.Process()
		for b.Loop() {
			for _, p := range players {
				if _, err := Marshal(p); err != nil {
					b.Fatal(err)
				}
			}
		}
		reportCPU(b, start, size)
	})
}

// reportCPU reports the process's CPU time since start a byte of the
// size bytes each op handles: on a busy machine, the work, where the clock
// also counts the wait for a core.
func reportCPU(b *testing.B, start time.Duration, size int) {
	if cpu := cputime.Process() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N)/float64(size), "cpu-ns/byte")
	}
}
