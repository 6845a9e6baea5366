package temps

import (
	"io/fs"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The watchdog removes the files it was told of, and not told were
// removed, once its pipe closes (gdvar has gone, however): those created
// before it started too, and those beside the save.
func TestWatchdogRemovesWhatIsLeft(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("TMPDIR", dir)
	first, err := Create("gdvar-in-*")
	require.NoError(t, err)
	stop, err := Watch()
	require.NoError(t, err)
	removed, err := Create("gdvar-out-*")
	require.NoError(t, err)
	beside, err := CreateIn(t.TempDir(), ".save.sav.gdvar-*")
	require.NoError(t, err)
	Remove(removed)
	for _, f := range []*os.File{first, beside} { // as a SIGKILL leaves them
		f.Close()
		temps.Lock()
		delete(temps.paths, f.Name())
		temps.Unlock()
	}
	stop()
	for _, f := range []*os.File{first, removed, beside} {
		_, err := os.Stat(f.Name())
		assert.ErrorIs(t, err, fs.ErrNotExist, f.Name())
	}
}
