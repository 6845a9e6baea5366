package locust

import (
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/filemap"
)

// docs/internals.md maps the package's files to the rules they own: every
// file it names is here, and every file here is named.
func TestFileMap(t *testing.T) { filemap.Check(t, "The `loadtest/locust` package") }
