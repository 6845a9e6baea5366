package resource

import (
	"bytes"
	"io"
)

// Read reads a resource file, text or binary (plain, or compressed as
// ResourceSaver's FLAG_COMPRESS writes it), telling them apart by their
// first bytes. The options choose the engine version ([WithText] and
// vartext.WithDialect); without one, a text file's format says it, and a
// binary file's header. An invalid option is the error, matching
// gdvar.ErrInvalidOption, before anything is read.
//
// The file is read whole: its [File] holds its content, and a binary file
// needs its bytes at hand to follow the offsets its tables give. A
// compressed file's content is read as it decompresses, so that one that
// is no resource fails at its first block, and may hold at most 512 times
// the file's size (the engines' hold at most 178; more fails at the header
// with an error matching fileaccess.ErrContentTooLarge), as well as
// [WithMaxContentSize].
func Read(r io.Reader, opts ...Option) (*File, error) {
	cfg, err := newConfig(opts)
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
	f, err := read(data, &cfg)
	if err != nil {
		return nil, err
	}
	f.useScripts(cfg.scripts)
	return f, nil
}

// IsBinary reports whether a file starting with head is a binary resource
// (plain or compressed); otherwise it can only be a text one.
func IsBinary(head []byte) bool {
	return bytes.HasPrefix(head, []byte(magicPlain)) || bytes.HasPrefix(head, []byte(magicCompressed))
}

// The binary files' magic numbers.
const (
	magicPlain      = "RSRC"
	magicCompressed = "RSCC"
)
