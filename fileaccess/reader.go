package fileaccess

import (
	"bytes"
	"errors"
	"io"
)

// Container is the kind of container a [Reader] found.
type Container int

// The containers.
const (
	Plain      Container = iota // no container: the file's bytes as they are
	Encrypted                   // "GDEC"
	Compressed                  // "GCPF"
)

func (c Container) String() string {
	return [...]string{"plain", "encrypted", "compressed"}[c]
}

// Reader reads what a file holds inside its container.
type Reader struct {
	r         io.Reader
	container Container
	codec     Compression
}

// NewReader returns a [Reader] of what r holds, found by its first four
// bytes: the plaintext of an encrypted container (with the key of [WithKey]
// or [WithPassword]; without, [ErrNoKey]), the content of a compressed one, or
// r's bytes as they are when neither magic is there. Options:
// WithKey, WithPassword, [WithMaxBlockSize], [WithMaxContentSize]; an invalid
// one is an error, matching gdvar.ErrInvalidOption, before anything is
// read.
func NewReader(r io.Reader, opts ...Option) (*Reader, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	var magic [4]byte
	n, err := io.ReadFull(r, magic[:])
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, err
	}
	switch string(magic[:n]) {
	case MagicEncrypted:
		e, err := newEncryptedReader(r, cfg)
		if err != nil {
			return nil, err
		}
		return &Reader{r: e, container: Encrypted}, nil
	case MagicCompressed, MagicResource:
		c, err := newCompressedReader(r, cfg, string(magic[:]))
		if err != nil {
			return nil, err
		}
		return &Reader{r: c, container: Compressed, codec: c.codec}, nil
	}
	return &Reader{r: io.MultiReader(bytes.NewReader(magic[:n]), r), container: Plain}, nil
}

// Container returns the kind of container the [Reader] found.
func (r *Reader) Container() Container { return r.container }

// Compression returns the codec of a compressed container ([FastLZ] for
// another container).
func (r *Reader) Compression() Compression { return r.codec }

// Read reads the content. In an encrypted container, the last Read returns
// an error matching [ErrChecksum] instead of io.EOF when the MD5 does not
// match: until io.EOF, what was read is unchecked.
func (r *Reader) Read(p []byte) (int, error) { return r.r.Read(p) }

// source is a container's input, counting the offset for errors.
type source struct {
	r      io.Reader
	offset int64 // in the container, of the next byte of r
}

// full reads len(b) bytes of the container.
func (s *source) full(b []byte) error {
	n, err := io.ReadFull(s.r, b)
	s.offset += int64(n)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return &FormatError{Offset: s.offset, Err: ErrTruncated}
	}
	return err
}

// Verify reads the container r holds to its end and reports whether it is
// whole: an encrypted one's MD5 matches (else [ErrChecksum]), a compressed
// one's blocks all decompress to their sizes. Memory is bounded as for a
// [Reader].
func Verify(r io.Reader, opts ...Option) error {
	fr, err := NewReader(r, opts...)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, fr)
	return err
}
