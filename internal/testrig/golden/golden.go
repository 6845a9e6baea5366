// Package golden loads the engine-made test vectors under testdata/: a
// directory of NAME.bin files (what an engine's var_to_bytes wrote), with
// NAME.txt beside each where the engine's var_to_str is known, listed in
// index.txt as "NAME objects|plain". Tests of every package use it, and find
// the repository's testdata/ through Path, wherever they run from.
package golden

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
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

// root is the repository's testdata folder, found from this file's place in
// the source tree, so that no test depends on its working directory.
var root = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "testdata")
}()

// Path returns the path of testdata/<parts...> in the repository.
func Path(parts ...string) string {
	return filepath.Join(append([]string{root}, parts...)...)
}

// Sets are the folders of engine-written vectors under testdata/golden.
var Sets = []string{"godot4", "godot3.6", "godot3.2"}

// AddSeeds adds each engine-written vector of every set, up to maxLen bytes,
// to a fuzz target's seed corpus, through add (which may add more arguments).
func AddSeeds(f *testing.F, maxLen int, add func(v Vector, set string)) {
	f.Helper()
	for _, set := range Sets {
		for _, v := range Load(f, Path("golden", set)) {
			if len(v.Bin) <= maxLen {
				add(v, set)
			}
		}
	}
}

// EchoChanges lists the vectors of a set the engine does not write back as
// they came when it reads them (bytes_to_var, get_var) and writes the value
// again, and why; the hand-made "wide_" vectors (64-bit math types, which
// a single-precision engine writes with 32 bits) are not listed.
var EchoChanges = map[string]string{
	"object_id":      "an object id the engine does not know becomes an EncodedObjectAsID object, whose own id it writes back",
	"wide_int_small": "made by hand: the engine writes a small int with 32 bits",
}

// Echoed reports whether the engine writes v back as it came (see
// EchoChanges).
func Echoed(v Vector) bool {
	return EchoChanges[v.Name] == "" && !strings.HasPrefix(v.Name, "wide_")
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
