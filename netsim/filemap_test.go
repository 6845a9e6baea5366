package netsim_test

import (
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/filemap"
)

// docs/internals.md maps the package's files to the rules they own: every
// file it names is there, and every file is in a row.
func TestFileMap(t *testing.T) { filemap.Check(t, "The `netsim` package") }
