package filter

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/clitest"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The indenter streams what json.Indent makes of the whole JSON.
func TestIndenterMatchesJSONIndent(t *testing.T) {
	for _, v := range golden.Load(t, goldenDir) {
		code, compact, _ := runGdvar(v.Bin, append(append([]string{"json", "-objects"}, clitest.VectorFlags(v)...), "-")...)
		require.Equal(t, 0, code, v.Name)
		var want bytes.Buffer
		require.NoError(t, json.Indent(&want, []byte(compact), "", "  "))
		var got bytes.Buffer
		in := &indenter{w: &got}
		for part := range slices.Chunk([]byte(compact), 7) { // pieces that cut strings and escapes
			_, err := in.Write(part)
			require.NoError(t, err)
		}
		assert.Equal(t, want.String(), got.String(), v.Name)
	}
}
