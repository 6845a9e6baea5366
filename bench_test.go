package gdvar_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"testing"
	"time"

	. "github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/stretchr/testify/require"
)

var gameState = sync.OnceValue(func() []byte { return gamestate.Bytes(gamestate.Players) })

// packedFloats is a PackedFloat32Array of 16M elements (64 MiB), as Godot
// writes it.
var packedFloats = sync.OnceValue(func() []byte {
	const n = 16 << 20
	b := make([]byte, 8, 8+4*n)
	binary.LittleEndian.PutUint32(b, uint32(TypePackedFloat32Array))
	binary.LittleEndian.PutUint32(b[4:], n)
	return b[:8+4*n]
})

// drain reads every token of dec and returns how many there were.
func drain(tb testing.TB, dec *Decoder) int {
	n := 0
	for {
		_, err := dec.ReadToken()
		if err == io.EOF {
			return n
		}
		if err != nil {
			tb.Fatal(err)
		}
		n++
	}
}

func benchDecode(b *testing.B, data []byte, fromReader bool) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	r := bytes.NewReader(data)
	dec := NewDecoder(r)
	tokens := 0
	for b.Loop() {
		if fromReader {
			r.Reset(data)
			dec.Reset(r)
		} else {
			dec.ResetBytes(data)
		}
		tokens = drain(b, dec)
	}
	b.ReportMetric(float64(tokens), "tokens/op")
}

// BenchmarkDecodeGameState reads every token of the 16.5 MB game-state
// payload (Godot 4.6's bytes_to_var: ~230 ms to 450 ms here).
func BenchmarkDecodeGameState(b *testing.B) {
	b.Run("bytes", func(b *testing.B) { benchDecode(b, gameState(), false) })
	b.Run("reader", func(b *testing.B) { benchDecode(b, gameState(), true) })
}

// BenchmarkDecodeGameStateFloor reads every token of the game state, as
// BenchmarkDecodeGameState/bytes does, and in the same loop measures two
// floors, one after the other: walkHeaders, the bare header walk, and
// the token floor (tokenfloor_test.go), the least any reader returning a token a call can do. It
// reports the fastest time of each, which a busy machine disturbs least,
// and the ratios.
func BenchmarkDecodeGameStateFloor(b *testing.B) {
	data := gameState()
	dec := NewDecoderBytes(data)
	walk, floor, tokens := time.Duration(math.MaxInt64), time.Duration(math.MaxInt64), time.Duration(math.MaxInt64)
	for b.Loop() {
		t0 := time.Now()
		if _, err := walkHeaders(data); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		f := NewTokenFloor(data)
		t2 := time.Now() // the copy NewTokenFloor makes is not timed
		for {
			if _, err := f.Next(); err != nil {
				break
			}
		}
		t3 := time.Now()
		dec.ResetBytes(data)
		drain(b, dec)
		walk, floor, tokens = min(walk, t1.Sub(t0)), min(floor, t3.Sub(t2)), min(tokens, time.Since(t3))
	}
	b.ReportMetric(float64(walk.Nanoseconds()), "walk-min-ns")
	b.ReportMetric(float64(floor.Nanoseconds()), "floor-min-ns")
	b.ReportMetric(float64(tokens.Nanoseconds()), "tokens-min-ns")
	b.ReportMetric(float64(tokens)/float64(walk), "tokens/walk")
	b.ReportMetric(float64(floor)/float64(walk), "floor/walk")
	b.ReportMetric(float64(tokens)/float64(floor), "tokens/floor")
}

// TestTokenFloorReadsTheGameState checks that the floor the benchmark
// measures reads the tokens ReadToken reads, so that it does the same work.
func TestTokenFloorReadsTheGameState(t *testing.T) {
	data := gameState()
	dec := NewDecoderBytes(data)
	f := NewTokenFloor(data)
	for n := 0; ; n++ {
		want, werr := dec.ReadToken()
		got, gerr := f.Next()
		require.Equal(t, werr, gerr, "token %d", n)
		if werr != nil {
			require.ErrorIs(t, werr, io.EOF)
			require.Equal(t, 2210002, n, "tokens read")
			return
		}
		require.Equal(t, want.String(), got.String(), "token %d", n)
		require.Equal(t, want.Bytes(), got.Bytes(), "token %d", n)
		require.Equal(t, want.Is64(), got.Is64(), "token %d", n)
		require.Equal(t, want.Len(), got.Len(), "token %d", n)
	}
}

// walkHeaders walks a Godot 4 value made of the game state's types, the
// least any token reader must do: each value's header (its type and
// FLAG_64), the lengths and counts, payloads skipped unread, the open
// containers counted. It returns how many values there were.
func walkHeaders(data []byte) (int, error) {
	var left [16]uint32 // values still to come in each open container; [0] is the top level
	left[0] = 1
	depth, pos, values := 0, 0, 0
	for {
		for left[depth] == 0 {
			if depth == 0 {
				return values, nil
			}
			depth--
		}
		left[depth]--
		values++
		hdr := binary.LittleEndian.Uint32(data[pos:])
		size := 4
		switch Type(hdr & 0xff) {
		case TypeNil:
		case TypeBool:
			size = 8
		case TypeInt, TypeFloat:
			size = 8 + int(hdr>>14)&4 // FLAG_64 is 1<<16
		case TypeString:
			size = 8 + int(binary.LittleEndian.Uint32(data[pos+4:])+3)&^3
		case TypeVector3:
			size = 16
		case TypeArray, TypeDictionary:
			if depth++; depth == len(left) {
				return values, errors.New("too deep")
			}
			left[depth] = binary.LittleEndian.Uint32(data[pos+4:]) &^ (1 << 31)
			if hdr&0xff == uint32(TypeDictionary) {
				left[depth] *= 2
			}
			size = 8
		default:
			return values, fmt.Errorf("type %d at %d not in the game state", hdr&0xff, pos)
		}
		pos += size
	}
}

// BenchmarkDecodePackedFloat32 reads a 16M-element PackedFloat32Array
// (Godot 4.6's bytes_to_var: ~21 ms to 78 ms here).
func BenchmarkDecodePackedFloat32(b *testing.B) {
	b.Run("bytes", func(b *testing.B) { benchDecode(b, packedFloats(), false) })
	b.Run("reader", func(b *testing.B) { benchDecode(b, packedFloats(), true) })
}

// BenchmarkMemcpy is the machine's memory-copy bandwidth on the same 64 MiB,
// the yardstick for packed-array decoding.
func BenchmarkMemcpy(b *testing.B) {
	src := packedFloats()
	dst := make([]byte, len(src))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		copy(dst, src)
	}
}

// BenchmarkEncodeGameState re-encodes the game-state payload's tokens
// (Godot 4.6's var_to_bytes: ~90 ms to 120 ms here).
func BenchmarkEncodeGameState(b *testing.B) {
	data := gameState()
	var toks []Token
	dec := NewDecoderBytes(data)
	for {
		t, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		toks = append(toks, t)
	}
	var out bytes.Buffer
	out.Grow(len(data))
	enc := NewEncoder(&out)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		enc.Reset(&out)
		for _, t := range toks {
			if err := enc.WriteToken(t); err != nil {
				b.Fatal(err)
			}
		}
	}
	if !bytes.Equal(out.Bytes(), data) {
		b.Fatal("output differs from input")
	}
}

// player is the game-state record, for the value layer's benchmarks.
type player struct {
	ID    int
	Name  string
	Pos   Vector3
	HP    float64
	Tags  []string `gdvar:"tags,array"`
	Alive bool
}

// BenchmarkUnmarshalGameState decodes the game-state payload into []player
// (Godot 4.6's bytes_to_var into Variants: ~230 ms to 450 ms here).
func BenchmarkUnmarshalGameState(b *testing.B) {
	data := gameState()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var players []player
		if err := Unmarshal(data, &players); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUnmarshalGameStateAny decodes it into the generic form.
func BenchmarkUnmarshalGameStateAny(b *testing.B) {
	data := gameState()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var v any
		if err := Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarshalGameState encodes []player (Godot 4.6's var_to_bytes:
// ~90 ms to 130 ms here), checking the bytes are the engine's.
func BenchmarkMarshalGameState(b *testing.B) {
	data := gameState()
	var players []player
	if err := Unmarshal(data, &players); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		var err error
		if out, err = Marshal(players); err != nil {
			b.Fatal(err)
		}
	}
	if !bytes.Equal(out, data) {
		b.Fatal("Marshal's bytes differ from the engine's")
	}
}
