package varjson

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// emptyDictionaries is [{},{},…] of about size bytes: the JSON whose
// values cost the generic form most per byte, a 64-byte *gdvar.Dictionary
// and its 16-byte element for each 3 bytes.
func emptyDictionaries(size int) []byte {
	n := max(1, (size-1)/3)
	return append(append([]byte("["), bytes.Repeat([]byte("{},"), n-1)...), "{}]"...)
}

// ordinaryJSON is the JSON of game-state players, at least size bytes.
func ordinaryJSON(tb testing.TB, size int) []byte {
	per := len(ordinaryJSONOf(tb, 100)) / 100
	for players := size/per + 1; ; players += players/16 + 1 {
		if js := ordinaryJSONOf(tb, players); len(js) >= size {
			return js
		}
	}
}

// ordinaryJSONOf is the JSON of n game-state players.
func ordinaryJSONOf(tb testing.TB, players int) []byte {
	var v any
	require.NoError(tb, gdvar.Unmarshal(gamestate.Bytes(players), &v))
	js, err := Marshal(v)
	require.NoError(tb, err)
	return js
}

// Unmarshal and Decode of an Array of empty Dictionaries allocate within
// hostile.Bound, at 1 MiB and at 8 MiB: 64 bytes for each Dictionary, 16
// for its element, and 8 to gather it (they took 128, 16 and 48 from a
// doubling stack, 64 bytes a byte).
func TestEmptyDictionariesMemory(t *testing.T) {
	for _, size := range []int{1 << 20, 8 << 20} {
		in := emptyDictionaries(size)
		for _, decode := range []struct {
			name string
			run  func() error
		}{
			{"Unmarshal", func() error {
				var v any
				return Unmarshal(in, &v)
			}},
			{"Decode", func() error {
				var v any
				return NewDecoder(bytes.NewReader(in)).Decode(&v)
			}},
		} {
			var err error
			alloc := hostile.Allocated(func() { err = decode.run() })
			require.NoError(t, err)
			t.Logf("%s, %d bytes: %d KiB allocated (%.1f per byte)", decode.name, len(in), alloc>>10, float64(alloc)/float64(len(in)))
			assert.LessOrEqual(t, alloc, hostile.Bound(len(in)), "%s, %d bytes", decode.name, len(in))
		}
	}
}

// BenchmarkUnmarshalEmptyDictionaries compares Unmarshal's CPU time per
// byte of an Array of empty Dictionaries with ordinary JSON's, at 1 MiB and
// at 8 MiB. On a busy machine compare cpu-ns/byte, the process's CPU time
// (the collector's included).
func BenchmarkUnmarshalEmptyDictionaries(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, in := range []hostile.Input{
			{Name: "ordinary", Data: ordinaryJSON(b, size)},
			{Name: "empty Dictionaries", Data: emptyDictionaries(size)},
		} {
			b.Run(fmt.Sprintf("%dMiB/%s", size>>20, in.Name), func(b *testing.B) {
				cputime.PerByte(b, len(in.Data), func() error {
					var v any
					return Unmarshal(in.Data, &v)
				})
			})
		}
	}
}
