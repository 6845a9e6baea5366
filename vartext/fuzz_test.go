package vartext

import (
	"bytes"
	"errors"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/golden"
	"github.com/gdvar/gdvar/internal/memfile"
	"github.com/stretchr/testify/require"
)

// Any text either fails with an error or parses into a value that prints,
// and whose printing parses again.
func FuzzUnmarshal(f *testing.F) {
	golden.AddSeeds(f, 4096, func(v golden.Vector, _ string) {
		if v.Text != "" {
			f.Add([]byte(v.Text))
		}
	})
	f.Fuzz(func(t *testing.T, text []byte) {
		var v any
		if Unmarshal(text, &v) != nil {
			return
		}
		printed, err := Marshal(v)
		require.NoError(t, err)
		var again any
		require.NoError(t, Unmarshal(printed, &again), "%q printed as %q", text, printed)
	})
}

// Any text DecodeTo reads in two passes, it reads in one (OnePass) to the
// same bytes, but for a Dictionary with a key twice; and text it refuses,
// it refuses in one pass too. ToBinary writes what two passes write.
func FuzzOnePass(f *testing.F) {
	golden.AddSeeds(f, 4096, func(v golden.Vector, _ string) {
		if v.Text != "" {
			f.Add([]byte(v.Text))
		}
	})
	f.Fuzz(func(t *testing.T, text []byte) {
		var two bytes.Buffer
		errTwo := NewDecoder(bytes.NewReader(text)).DecodeTo(gdvar.NewEncoder(&two))
		var one memfile.File
		enc := gdvar.NewEncoder(&one)
		dec := NewDecoder(bytes.NewReader(text))
		dec.OnePass()
		errOne := dec.DecodeTo(enc)
		var conv bytes.Buffer
		errConv := ToBinary(&conv, bytes.NewReader(text))
		require.Equal(t, errTwo == nil, errConv == nil, "%q: two passes %v, ToBinary %v", text, errTwo, errConv)
		if errTwo == nil {
			require.Equal(t, two.Bytes(), conv.Bytes(), "%q: ToBinary", text)
		}
		if errors.Is(errOne, ErrKeyTwice) {
			require.NoError(t, errTwo, "%q", text)
			return
		}
		require.Equal(t, errTwo == nil, errOne == nil, "%q: two passes %v, one %v", text, errTwo, errOne)
		if errOne == nil {
			require.NoError(t, enc.Flush())
			require.Equal(t, two.Bytes(), one.Bytes(), "%q", text)
		}
	})
}
