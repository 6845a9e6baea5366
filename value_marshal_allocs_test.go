package gdvar_test

import (
	"io"
	"testing"

	. "github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Marshal allocates the result only, and AppendMarshal into a buffer with
// room nothing, on every shape of small message.
func TestMarshalSmallAllocs(t *testing.T) {
	if RaceDetector {
		t.Skip("the race detector changes allocation counts")
	}
	for _, s := range smallMessages() {
		buf := make([]byte, 0, 4096)
		i := 0
		next := func() any { i++; return s.values[i%smallPicks] }
		for range 3 { // Marshal learns each type's size from its first values
			_, err := Marshal(next())
			require.NoError(t, err, s.name)
		}
		marshal := testing.AllocsPerRun(200, func() {
			if _, err := Marshal(next()); err != nil {
				t.Fatal(err)
			}
		})
		appendTo := testing.AllocsPerRun(200, func() {
			if _, err := AppendMarshal(buf[:0], next()); err != nil {
				t.Fatal(err)
			}
		})
		codec := MustCodec(WithLimits(Limits{MaxDepth: 512})) // not the defaults: the plans read its settings
		withOptions := testing.AllocsPerRun(200, func() {
			if _, err := codec.AppendMarshal(buf[:0], next()); err != nil {
				t.Fatal(err)
			}
		})
		assert.Equal(t, 1.0, marshal, "%s: Marshal", s.name)
		assert.Equal(t, 0.0, appendTo, "%s: AppendMarshal", s.name)
		assert.Equal(t, 0.0, withOptions, "%s: a Codec's AppendMarshal", s.name)
	}
}

// A reused Encoder writes each value without allocating, a larger one
// after many small ones too (the write pool kept only buffers of the most
// frequent size: each 20-record Array grew a new one, in 6 allocations).
func TestEncodeSmallAllocs(t *testing.T) {
	if RaceDetector {
		t.Skip("the race detector changes allocation counts")
	}
	enc := NewEncoder(io.Discard)
	var small any = record{Name: "n"} // boxed once
	for range 50000 {
		require.NoError(t, enc.Encode(small))
	}
	for _, s := range smallMessages() {
		i := 0
		require.NoError(t, enc.Encode(s.values[0]))
		allocs := testing.AllocsPerRun(100, func() {
			i++
			if err := enc.Encode(s.values[i%smallPicks]); err != nil {
				t.Fatal(err)
			}
			if err := enc.Encode(small); err != nil {
				t.Fatal(err)
			}
		})
		assert.Equal(t, 0.0, allocs, s.name)
	}
}
