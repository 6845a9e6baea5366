package vartext

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/memfile"
	"github.com/gdvar/gdvar/internal/testrig/golden"
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
		errTwo := mustDecoder(t, bytes.NewReader(text)).DecodeTo(gdvar.NewEncoder(&two))
		var one memfile.File
		enc := gdvar.NewEncoder(&one)
		dec := mustDecoder(t, bytes.NewReader(text))
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

// FuzzEntries reads any text as configfile and resource read a file, with
// NextEntry and then Decode for each key, in every dialect, in the syntax
// of a ConfigFile and of a resource: the reading ends at io.EOF or with a
// *SyntaxError, which is final; a section or tag has a name; each value
// of a ConfigFile that prints in the dialect parses again.
func FuzzEntries(f *testing.F) {
	for _, pattern := range []string{
		golden.Path("configfile", "godot4", "config_000*.cfg"),
		golden.Path("configfile", "godot3.6", "config_000*.cfg"),
		filepath.Join("..", "resource", "testdata", "godot4", "*_0*.tres"),
		filepath.Join("..", "resource", "testdata", "godot3.6", "*_0*.tres"),
	} {
		names, _ := filepath.Glob(pattern)
		for _, name := range names {
			if b, err := os.ReadFile(name); err == nil {
				f.Add(b[:min(len(b), 2048)], uint8(len(name))) // small inputs fuzz faster
			}
		}
	}
	f.Add([]byte("[s] k=[{\"a\": 1}]l=2[t\\]]\n\"q k\"=Vector2(1, 2)"), uint8(0))
	f.Add([]byte("[gd_resource type=\"Resource\" format=3]\n[resource]\na = [[[]]]\nb = {}"), uint8(3))
	f.Fuzz(func(t *testing.T, text []byte, mode uint8) {
		dialect := []Dialect{Godot4, Godot3, Godot32}[mode%3]
		opts := []Option{WithDialect(dialect)}
		resource := mode/3%2 == 1
		if resource { // the format of the dialect's text resources
			opts = append(opts, WithResourceFormat(map[bool]int{true: 3, false: 2}[dialect == Godot4]))
		}
		d := mustDecoder(t, bytes.NewReader(text), opts...)
		var v any
		for {
			e, err := d.NextEntry()
			if err == nil && !e.Section {
				if err = d.Decode(&v); err == io.EOF { // no value after the last key
					return
				}
			}
			if err == io.EOF {
				return
			}
			if err != nil {
				var se *SyntaxError
				require.ErrorAs(t, err, &se, "%q", text)
				_, again := d.NextEntry()
				require.Equal(t, err, again, "%q: the error is final", text)
				return
			}
			if e.Section {
				require.NotEmpty(t, e.Name, "%q", text)
				continue
			}
			if resource {
				continue // Godot 3 prints a reference's id bare, which reads back only if it is a number
			}
			printed, err := Marshal(v, opts...)
			if err != nil {
				continue // a value with no text form in this dialect (a Godot 4 type read as Godot 3's text)
			}
			var again any
			require.NoError(t, Unmarshal(printed, &again, opts...), "%q: %q printed as %q", text, e.Name, printed)
		}
	})
}
