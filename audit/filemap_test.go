package audit

import (
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/filemap"
)

// The package's map in docs/internals.md names every file, and no file it
// names is gone.
func TestFileMap(t *testing.T) { filemap.Check(t, "The `audit` package") }
