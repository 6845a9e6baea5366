package main

import (
	"bytes"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/gamestate"
)

// The game-state payload (100,000 players, 16.5 MB), as Godot writes it.
var gameState = sync.OnceValue(func() []byte { return gamestate.Bytes(gamestate.Players) })

// benchmarkCommand runs a command on input; MB/s counts the input.
func benchmarkCommand(b *testing.B, input []byte, args ...string) {
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		if code := run(args, bytes.NewReader(input), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}

func commandOutput(b *testing.B, input []byte, args ...string) []byte {
	var out bytes.Buffer
	if code := run(args, bytes.NewReader(input), &out, io.Discard); code != 0 {
		b.Fatalf("exit %d", code)
	}
	return out.Bytes()
}

// gdvar validate on the game state: the yardstick of the conversions (the
// targets are ratios of its time).
func BenchmarkValidate(b *testing.B) { benchmarkCommand(b, gameState(), "validate", "-") }

// gdvar text and gdvar json on the game state: binary in, text out.
func BenchmarkText(b *testing.B) { benchmarkCommand(b, gameState(), "text", "-") }
func BenchmarkJSON(b *testing.B) { benchmarkCommand(b, gameState(), "json", "-") }

// gdvar encode back from what they print; MB/s counts the text or JSON.
func BenchmarkEncodeFromText(b *testing.B) {
	benchmarkCommand(b, commandOutput(b, gameState(), "text", "-"), "encode", "-from", "text", "-")
}

func BenchmarkEncodeFromJSON(b *testing.B) {
	benchmarkCommand(b, commandOutput(b, gameState(), "json", "-"), "encode", "-from", "json", "-")
}

// BenchmarkInspectDeepKeys compares inspect's time per byte on 1022
// Dictionaries keyed by 24 control characters around an Array or a
// Dictionary of Nils (the longest paths on the most lines) with the game
// state's first players, of the same size. The two run in turn in each
// iteration, so that a busy machine slows both alike; x-ordinary is the
// ratio of their times.
func BenchmarkInspectDeepKeys(b *testing.B) {
	ordinary := gamestate.Bytes(6350)
	for _, dict := range []bool{false, true} {
		b.Run(map[bool]string{false: "Array", true: "Dictionary"}[dict], func(b *testing.B) {
			deep := controlKeyed(1022, len(ordinary), dict)
			b.SetBytes(int64(len(deep)))
			b.ReportAllocs()
			var spent [2]time.Duration
			for b.Loop() {
				for i, in := range [][]byte{ordinary, deep} {
					start := time.Now()
					if code := run([]string{"inspect", "-"}, bytes.NewReader(in), io.Discard, io.Discard); code != 0 {
						b.Fatalf("exit %d", code)
					}
					spent[i] += time.Since(start)
				}
			}
			b.ReportMetric(float64(spent[1])/float64(spent[0]), "x-ordinary")
		})
	}
}
