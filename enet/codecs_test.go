package enet_test

import (
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/enet/compress"
)

// Package enet's tests run zlib's and zstd's codecs, package compress's,
// with its own: as package compress imports enet, only a test of package
// enet_test may import it, and this one hands them on.
func init() { enet.GiveCodecs(compress.Zlib, compress.Zstd) }
