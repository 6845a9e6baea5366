// Package golden loads the engine-made test vectors under testdata/: a
// directory of NAME.bin files (what an engine's var_to_bytes wrote), with
// NAME.txt beside each where the engine's var_to_str is known, listed in
// index.txt as "NAME objects|plain". Tests of every package use it.
package golden

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Vector is one engine-made value.
type Vector struct {
	Name    string
	Objects bool   // written with full objects (var_to_bytes_with_objects)
	Bin     []byte // the bytes
	Text    string // the engine's text form of the value, if known
}

// Load reads the vectors listed in dir/index.txt.
func Load(t testing.TB, dir string) []Vector {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "index.txt"))
	require.NoError(t, err)
	defer f.Close()
	var out []Vector
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, mode, _ := strings.Cut(sc.Text(), " ")
		bin, err := os.ReadFile(filepath.Join(dir, name+".bin"))
		require.NoError(t, err)
		text, err := os.ReadFile(filepath.Join(dir, name+".txt"))
		if !errors.Is(err, fs.ErrNotExist) {
			require.NoError(t, err)
		}
		out = append(out, Vector{Name: name, Objects: mode == "objects", Bin: bin, Text: string(text)})
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out, dir)
	return out
}
