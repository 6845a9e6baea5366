package multiplayer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The package links no file format and no compressor of them: a network
// server built on it pays for neither. Building from a project is package
// fromproject's, and ENet's zlib and Zstandard package enet/compress's.
func TestNoFileFormats(t *testing.T) {
	_, deps := listPackage(t)
	require.Contains(t, deps, "github.com/gdvar/gdvar/enet", "the list is the package's")
	for dep := range deps {
		for _, refused := range []string{
			"github.com/gdvar/gdvar/project", "github.com/gdvar/gdvar/resource", "github.com/gdvar/gdvar/vartext",
			"github.com/gdvar/gdvar/varjson", "github.com/gdvar/gdvar/fileaccess", "github.com/gdvar/gdvar/configfile",
			"github.com/gdvar/gdvar/multiplayer/fromproject", "github.com/gdvar/gdvar/enet/compress",
			"github.com/andybalholm/brotli", "github.com/klauspost/compress",
		} {
			assert.False(t, dep == refused || strings.HasPrefix(dep, refused+"/"), "multiplayer links %s", dep)
		}
	}
}
