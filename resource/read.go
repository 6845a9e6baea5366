package resource

import (
	"bytes"
	"fmt"
	"github.com/gdvar/gdvar/internal/optset"
	"io"

	"github.com/gdvar/gdvar"
)

// Read reads a resource file, text or binary (plain, or compressed as
// ResourceSaver's FLAG_COMPRESS writes it), telling them apart by their
// first bytes. The options choose the engine version (vartext.WithDialect);
// without one, a text file's format says it, and a binary file's header.
//
// The file is read whole: its File holds its content, and a binary file
// needs its bytes at hand to follow the offsets its tables give. A
// compressed file's content is read as it decompresses, so that one that
// is no resource fails at its first block, and may hold at most 512 times
// the file's size (the engines' hold at most 178; more fails at the header
// with an error matching fileaccess.ErrContentTooLarge), as well as
// WithMaxContentSize.
func Read(r io.Reader, opts ...gdvar.Option) (*File, error) {
	// vartext's options and fileaccess's apply; checked here, they go on
	// to those packages' readers.
	opts, err := optset.Check(opts, "resource", "vartext")
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	read := readText
	if IsBinary(data) {
		read = readBinary
	}
	f, err := read(data, opts)
	if err != nil {
		return nil, err
	}
	f.useScripts(opts)
	return f, nil
}

// IsBinary reports whether a file starting with head is a binary resource
// (plain or compressed); otherwise it can only be a text one.
func IsBinary(head []byte) bool {
	return bytes.HasPrefix(head, []byte(magicPlain)) || bytes.HasPrefix(head, []byte(magicCompressed))
}

// WithMaxContentSize sets the most content Read accepts in a compressed
// binary file, as fileaccess.WithMaxContentSize does (default
// fileaccess.DefaultMaxContentSize; at least 1).
func WithMaxContentSize(n int64) gdvar.Option {
	var err error
	if n < 1 {
		err = fmt.Errorf("resource.WithMaxContentSize(%d): want at least 1", n)
	}
	return optset.Option(resourceKey, "resource.WithMaxContentSize", err, func(s *settings) { s.maxContent = n }).(gdvar.Option)
}

// The binary files' magic numbers.
const (
	magicPlain      = "RSRC"
	magicCompressed = "RSCC"
)
