package resource

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/gdvar/gdvar/fileaccess"
)

// maxExpansion is the most content a compressed file may hold for each of
// its bytes: what reading it costs follows its content, which a file of a
// few KB can declare in GB and hold (a 64 KiB block of zeros compresses to
// a dozen bytes). The engines write 4 KiB blocks, which no codec makes
// smaller than about 12 bytes with their size in the table: zeros saved
// compressed by Godot 4.6 and 3.6 hold 178 bytes of content a byte, by
// gdvar 215.
const maxExpansion = 512

// binInput is a binary file's content as its reader reads it, forward:
// the file's bytes, or a compressed file's content as it decompresses,
// kept from the offset reached on, so that what is read costs memory as
// it arrives and a file that is not a resource fails at its first block.
type binInput struct {
	buf  []byte    // the content from base on
	base int       // the offset of buf[0]
	pos  int       // the offset reached
	end  int       // where reads stop: the end of the body being read, or size
	size int       // the content's
	src  io.Reader // where the rest comes from; nil when buf is all
}

// plainInput is a file's bytes; reading starts after the magic number.
func plainInput(data []byte) binInput {
	return binInput{buf: data, pos: len(magicPlain), end: len(data), size: len(data)}
}

// compressedInput is a compressed file's content, read as it decompresses.
func compressedInput(data []byte, opts []fileaccess.Option) (binInput, error) {
	if len(data) >= 16 {
		if size := binary.LittleEndian.Uint32(data[12:]); uint64(size) > maxExpansion*uint64(len(data)) {
			return binInput{}, fmt.Errorf("resource: a compressed file of %d bytes declaring %d bytes of content, more than %d times its size: %w",
				len(data), size, maxExpansion, fileaccess.ErrContentTooLarge)
		}
	}
	fr, err := fileaccess.NewReader(bytes.NewReader(data), opts...)
	if err != nil {
		return binInput{}, err
	}
	size := int(binary.LittleEndian.Uint32(data[12:])) // the header read: it is there
	return binInput{end: size, size: size, src: fr}, nil
}

// fill makes the content up to offset upto (at most end) buffered, with
// the offset reached, dropping what is before it: nothing keeps a slice of
// the buffer. The buffer grows as bytes arrive, doubling, never by upto
// alone, nor beyond it.
func (in *binInput) fill(upto int) error {
	have := in.base + len(in.buf)
	if in.src == nil || upto <= have {
		return nil
	}
	if in.pos >= have { // skip to pos
		if _, err := io.CopyN(io.Discard, in.src, int64(in.pos-have)); err != nil {
			return in.broken(err)
		}
		in.base, in.buf = in.pos, in.buf[:0]
	} else if in.pos > in.base {
		n := copy(in.buf, in.buf[in.pos-in.base:])
		in.base, in.buf = in.pos, in.buf[:n]
	}
	for in.base+len(in.buf) < upto {
		if len(in.buf) == cap(in.buf) {
			grown := make([]byte, len(in.buf), min(upto-in.base, max(2*cap(in.buf), 64<<10)))
			copy(grown, in.buf)
			in.buf = grown
		}
		n, err := in.src.Read(in.buf[len(in.buf):cap(in.buf)])
		in.buf = in.buf[:len(in.buf)+n]
		if err != nil && in.base+len(in.buf) < upto {
			return in.broken(err)
		}
	}
	return nil
}

// rest reads the content to its end, which the container checks.
func (in *binInput) rest() error {
	if in.src == nil {
		return nil
	}
	if _, err := io.Copy(io.Discard, in.src); err != nil {
		return in.broken(err)
	}
	return nil
}

// broken is the error of a compressed file whose content could not be
// read: the container's, or the content's end before the size it declares.
func (in *binInput) broken(err error) error {
	if errors.Is(err, io.EOF) {
		return fmt.Errorf("%w: the content ends before its %d bytes", errCorrupt, in.size)
	}
	return err
}

// take returns the next n bytes, which fill has buffered, and moves past
// them.
func (in *binInput) take(n int) []byte {
	at := in.pos - in.base
	in.pos += n
	return in.buf[at : at+n : at+n]
}

// takeOwned returns the next n bytes, which fill has buffered, as a slice
// of their own, and moves past them: a copy, or, when they start the
// buffer of a compressed file's content (a large PackedByteArray made the
// buffer for them), the buffer itself, the rest moved to a new one.
func (in *binInput) takeOwned(n int) []byte {
	if in.src == nil || in.pos != in.base || n < 64<<10 {
		return slices.Clone(in.take(n))
	}
	b := in.buf[:n:n]
	in.buf = bytes.Clone(in.buf[n:])
	in.base += n
	in.pos += n
	return b
}
