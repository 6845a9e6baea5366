package filter

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inspect's lines stay short however deep the input nests, and it says so
// once, before the first shortened line.
func TestInspectShortensDeepLines(t *testing.T) {
	code, out, _ := runGdvar(hostile.DeepDictionaries(1023), "inspect", "-")
	require.Equal(t, 0, code)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	assert.Equal(t, 1+1+3*1023+1+1023, len(lines), "the header, the note and a line per token")
	assert.Equal(t, 1, strings.Count(out, shortened))
	for _, l := range lines {
		require.LessOrEqual(t, utf8.RuneCountInString(l), 600, l)
	}
	innermost := lines[2+3*1023]
	assert.Contains(t, innermost, "‹1023› Int32(7)")
	path := innermost[strings.Index(innermost, " $")+1:]
	assert.LessOrEqual(t, len(path), maxPath, "a path keeps 96 bytes")
	assert.True(t, strings.HasPrefix(path, `$["\"`) && strings.HasSuffix(path, `…"]`), path)

	code, out, _ = runGdvar(hostile.DeepDictionaries(1), "inspect", "-")
	require.Equal(t, 0, code)
	assert.NotContains(t, out, shortened, "shallow input is shown whole")
}
