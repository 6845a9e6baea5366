package multiplayer

import (
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/filemap"
)

// The package's table in docs/internals.md names every file, and no file
// it names is gone (TestFileLayers checks the layers besides).
func TestFileMap(t *testing.T) { filemap.Check(t, "The multiplayer package") }
