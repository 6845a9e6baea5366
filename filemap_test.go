package gdvar_test

import (
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/filemap"
)

// docs/internals.md maps the package's files to their layers: every file
// or pattern it names is there (its "the rest" row places the others).
func TestFileMap(t *testing.T) { filemap.Check(t, "The root package") }
