package filter

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// likeSettings has floats that jq 1.6 prints as ints, in a ConfigFile.
const likeSettings = `[audio]

volume=0.5
master=1.0
buses=[1.0, 2.5]

[video]

scale=2.0
`

// encode -to cfg -like takes the types from the ConfigFile or its JSON,
// the file encrypted too (with the password that encrypts the output).
func TestEncodeLikeConfig(t *testing.T) {
	t.Setenv(passwordEnv, "")
	dir := t.TempDir()
	plain := filepath.Join(dir, "settings.cfg")
	require.NoError(t, os.WriteFile(plain, []byte(likeSettings), 0o600))
	code, origJSON, errOut := runGdvar(nil, "json", plain)
	require.Equal(t, 0, code, errOut)
	jsonFile := filepath.Join(dir, "settings.json")
	require.NoError(t, os.WriteFile(jsonFile, []byte(origJSON), 0o600))
	code, sealed, errOut := runGdvar([]byte(likeSettings), "encode", "-from", "text", "-to", "cfg", "-password", "pw", "-")
	require.Equal(t, 0, code, errOut)
	encrypted := filepath.Join(dir, "settings.enc.cfg")
	require.NoError(t, os.WriteFile(encrypted, []byte(sealed), 0o600))

	printed := clitest.JQPrint(t, origJSON)
	edited := []byte(strings.Replace(printed, `"volume":0.5`, `"volume":3`, 1))
	want := strings.Replace(likeSettings, "volume=0.5", "volume=3.0", 1)

	code, out, errOut := runGdvar(edited, "encode", "-to", "cfg", "-")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "master=1\n", "without -like, a float comes back an int")
	for _, like := range []string{plain, jsonFile} {
		code, out, errOut := runGdvar(edited, "encode", "-to", "cfg", "-like", like, "-")
		require.Equal(t, 0, code, errOut)
		assert.Equal(t, want, out, "-like %s", like)
	}
	code, out, errOut = runGdvar(edited, "encode", "-to", "cfg", "-password", "pw", "-like", encrypted, "-")
	require.Equal(t, 0, code, errOut)
	code, text, errOut := runGdvar([]byte(out), "text", "-password", "pw", "-")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, want, text)
}
