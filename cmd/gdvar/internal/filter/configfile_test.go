package filter

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// configSets are the engine-made ConfigFiles of package configfile's
// tests (scripts/gen-configfile.sh), with the -engine of each.
var configSets = []struct{ dir, engine string }{
	{"godot4", "4"}, {"godot3.6", "3"}, {"godot3.2", "3.2"},
}

// configFiles returns the engine-made ConfigFiles of a set, each without
// its extension: NAME.cfg the engine saved, NAME.re.cfg the engine's save
// of what it loaded from it, NAME.enc NAME.cfg encrypted with "gdvar".
func configFiles(t *testing.T, dir string) []string {
	paths, err := filepath.Glob(filepath.Join("..", "..", "..", "..", "testdata", "configfile", dir, "*.re.cfg"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for i, p := range paths {
		paths[i] = strings.TrimSuffix(p, ".re.cfg")
	}
	return paths
}

// gdvar text and json read a ConfigFile, plain or encrypted, told apart
// from values by its content; encode -to cfg writes it back from either,
// as the engine saves what it loaded, byte for byte.
func TestConfigFileRoundTrip(t *testing.T) {
	t.Setenv("GDVAR_PASSWORD", "")
	for _, set := range configSets {
		for _, path := range configFiles(t, set.dir) {
			resaved, err := os.ReadFile(path + ".re.cfg")
			require.NoError(t, err)
			code, text, errOut := runGdvar(nil, "text", "-engine", set.engine, path+".cfg")
			if engineFailed(t, path, set.engine) {
				assert.Equal(t, 1, code, "%s: the engine's load failed", path)
				assert.Contains(t, errOut, "line", path)
				continue
			}
			require.Equal(t, 0, code, "%s: %s", path, errOut)
			assert.Equal(t, string(resaved), text, "%s: text", path)

			code, js, errOut := runGdvar(nil, "json", "-engine", set.engine, path+".cfg")
			require.Equal(t, 0, code, "%s: %s", path, errOut)
			assert.True(t, strings.HasPrefix(js, "{") && strings.HasSuffix(js, "}\n") && strings.Count(js, "\n") == 1, "%s: one JSON object: %s", path, js)
			code, fromEnc, errOut := runGdvar(nil, "json", "-engine", set.engine, "-password", "gdvar", path+".enc")
			require.Equal(t, 0, code, "%s: %s", path, errOut)
			assert.Equal(t, js, fromEnc, "%s: the encrypted copy", path)

			code, back, errOut := runGdvar([]byte(js), "encode", "-to", "cfg", "-engine", set.engine)
			require.Equal(t, 0, code, "%s: %s", path, errOut)
			assert.Equal(t, string(resaved), back, "%s: encode -to cfg of its JSON", path)
			code, back, errOut = runGdvar(nil, "encode", "-to", "cfg", "-from", "text", "-engine", set.engine, path+".cfg")
			require.Equal(t, 0, code, "%s: %s", path, errOut)
			assert.Equal(t, string(resaved), back, "%s: encode -to cfg of its text", path)

			code, sealed, errOut := runGdvar([]byte(js), "encode", "-to", "cfg", "-engine", set.engine, "-password", "p")
			require.Equal(t, 0, code, "%s: %s", path, errOut)
			r, err := fileaccess.NewReader(strings.NewReader(sealed), fileaccess.WithPassword("p"))
			require.NoError(t, err, path)
			plain, err := io.ReadAll(r)
			require.NoError(t, err, path)
			assert.Equal(t, string(resaved), string(plain), "%s: encode -to cfg -password", path)
		}
	}
}

// Binary values and save files are never taken for a ConfigFile: their
// first bytes hold a NUL.
func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		head []byte
		want fileKind
	}{
		{[]byte("[a]\n\nk=1\n"), kindConfig},
		{[]byte("k=1"), kindConfig},
		{[]byte{0x1b, 0, 0, 0, 1, 0, 0, 0}, kindValues},             // a Dictionary
		{[]byte{0x0c, 0, 0, 0, 0x1b, 0, 0, 0}, kindValues},          // a frame of one
		{[]byte{0x41, 0x41, 0x41, 0x41, 0x1b, 0, 0, 0}, kindValues}, // a frame of 1 GiB
		{nil, kindValues},
	} {
		assert.Equal(t, c.want, kindOf(c.head), "%q", c.head)
		kind, r, err := sniff(bytes.NewReader(c.head))
		require.NoError(t, err)
		assert.Equal(t, c.want, kind, "%q from a reader", c.head)
		all, _ := io.ReadAll(r)
		assert.Equal(t, len(c.head), len(all), "sniffing consumes nothing")
	}
}

// engineOption is the engine version of an -engine flag's value.
func engineOption(flag string) gdvar.Option { return gdvar.WithEngine(dialects[flag].Engine()) }

// engineFailed reports whether the engine's load of a file failed, as it
// recorded in NAME.bin: its error code, then what it read.
func engineFailed(t *testing.T, path, engine string) bool {
	raw, err := os.ReadFile(path + ".bin")
	require.NoError(t, err)
	var read []any
	require.NoError(t, gdvar.MustCodec(engineOption(engine)).Unmarshal(raw, &read), path)
	return read[0] != int64(0)
}
