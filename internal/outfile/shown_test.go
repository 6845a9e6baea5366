package outfile

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A path of 1 MiB, of 100 000 folders, or holding a line break (gdvar
// mcp's record takes one from its client) is refused on one line of at
// most 300 bytes, its start and end shown, where the errors repeated it
// whole; the cause stays errors.Is-able.
func TestRefusalsShowPathsShort(t *testing.T) {
	p := newOutputPaths(t)
	for _, c := range []struct {
		name, path, says string
		is               error // the cause, if one
		folder           bool  // path is made a folder first
	}{
		{"a name of 1 MiB", filepath.Join(p.dir, strings.Repeat("é", 1<<19)), "file name too long", syscall.ENAMETOOLONG, false},
		{"100 000 folders", p.dir + strings.Repeat("/d", 100_000) + "/x.jsonl", "file name too long", syscall.ENAMETOOLONG, false},
		{"a line break in a missing folder", filepath.Join(p.dir, "a\nb", strings.Repeat("c", 200), "x"), "no folder", nil, false},
		{"a line break in a folder", filepath.Join(p.dir+"/\n"+strings.Repeat("é", 100)) + "/", "is a folder", nil, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.folder {
				require.NoError(t, os.Mkdir(c.path, 0o755))
			}
			errs := []error{Check(c.path), CheckReplace(c.path)}
			if !c.folder {
				errs = append(errs, Write(c.path, func(io.Writer) error { return nil }))
			}
			for _, err := range errs {
				require.Error(t, err)
				t.Logf("%d bytes: %s", len(err.Error()), err)
				assert.LessOrEqual(t, len(err.Error()), 300)
				assert.NotContains(t, err.Error(), "\n")
				if c.is != nil {
					assert.ErrorIs(t, err, c.is)
				}
			}
			assert.Contains(t, errs[0].Error(), c.says)
		})
	}
	assert.Equal(t, p.file, shown(p.file), "a short path is shown as it is")
}
