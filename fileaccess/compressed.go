package fileaccess

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/gdvar/gdvar/internal/fastlz"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zlib"
	"github.com/klauspost/compress/zstd"
)

// The compressed container (FileAccessCompressed), the same in Godot 4 and
// 3, numbers little-endian: "GCPF", codec (u32), block size (u32, 4096 from
// GDScript), content size (u32), then for each of size/block+1 blocks its
// compressed size (u32), then the blocks, each compressed on its own, and
// "GCPF" again at the end. The last block holds size%block bytes, perhaps
// none. Deflate blocks are zlib streams; FastLZ blocks of less than 16
// bytes are padded with zeros to 16 before compressing.

// maxCompressed is the largest compressed block a Reader accepts for a
// block of n bytes: more than any of the codecs makes of n bytes.
func maxCompressed(n int) int { return n + n/8 + 1024 }

// compressedReader streams a compressed container's content.
type compressedReader struct {
	source
	magic    string // MagicCompressed or MagicResource, which also ends the container
	codec    Compression
	block    int      // block size
	maxBlock int64    // WithMaxBlockSize: also a Brotli block's largest window
	total    uint32   // content size
	sizes    []uint32 // compressed size of each block
	next     int      // the next block to read
	cbuf     []byte   // a compressed block
	buf      []byte   // a decompressed block
	out      []byte   // what is left of it to read
	err      error
}

// newCompressedReader reads the header after the magic.
func newCompressedReader(r io.Reader, cfg config, magic string) (*compressedReader, error) {
	c := &compressedReader{source: source{r: r, offset: 4}, magic: magic, maxBlock: cfg.maxBlock}
	var hdr [12]byte
	if err := c.full(hdr[:]); err != nil {
		return nil, err
	}
	c.codec = Compression(binary.LittleEndian.Uint32(hdr[0:]))
	block := binary.LittleEndian.Uint32(hdr[4:])
	c.total = binary.LittleEndian.Uint32(hdr[8:])
	switch {
	case c.codec > Brotli:
		return nil, &FormatError{Offset: 4, Detail: fmt.Sprintf("codec %d", c.codec), Err: ErrCorrupt}
	case block == 0:
		return nil, &FormatError{Offset: 8, Detail: "block size 0", Err: ErrCorrupt}
	case int64(block) > cfg.maxBlock:
		return nil, &FormatError{Offset: 8, Detail: fmt.Sprintf("block size %d, limit %d", block, cfg.maxBlock), Err: ErrTooLarge}
	case int64(c.total) > cfg.maxContent:
		return nil, &FormatError{Offset: 12, Detail: fmt.Sprintf("%d bytes, limit %d", c.total, cfg.maxContent), Err: ErrContentTooLarge}
	}
	c.block = int(block)
	// The table grows as it arrives, never by the count it implies.
	count := int(c.total/block) + 1
	var word [4]byte
	for i := 0; i < count; i++ {
		if err := c.full(word[:]); err != nil {
			return nil, err
		}
		size := binary.LittleEndian.Uint32(word[:])
		if int64(size) > int64(maxCompressed(max(c.block, 16))) {
			return nil, &FormatError{Offset: c.offset - 4, Detail: fmt.Sprintf("block %d of %d bytes compressed to %d", i, c.block, size), Err: ErrTooLarge}
		}
		c.sizes = append(c.sizes, size)
	}
	return c, nil
}

func (c *compressedReader) Read(p []byte) (int, error) {
	for len(c.out) == 0 {
		if c.err != nil {
			return 0, c.err
		}
		if c.err = c.readBlock(); c.err != nil {
			c.sizes, c.cbuf, c.buf, c.out = nil, nil, nil, nil // the content ended or broke: keep nothing
		}
	}
	n := copy(p, c.out)
	c.out = c.out[n:]
	return n, nil
}

// readBlock decompresses the next block into out, or checks the closing
// magic after the last and returns io.EOF.
func (c *compressedReader) readBlock() error {
	if c.next == len(c.sizes) {
		var magic [4]byte
		if err := c.full(magic[:]); err != nil {
			return err
		}
		if string(magic[:]) != c.magic {
			return &FormatError{Offset: c.offset - 4, Detail: "no closing magic", Err: ErrCorrupt}
		}
		return io.EOF
	}
	at := c.offset
	size := int(c.sizes[c.next])
	want := c.block
	if c.next == len(c.sizes)-1 {
		want = int(c.total % uint32(c.block))
	}
	c.next++
	if cap(c.cbuf) < size {
		c.cbuf = make([]byte, size)
	}
	cb := c.cbuf[:size]
	if err := c.full(cb); err != nil {
		return err
	}
	if c.buf == nil {
		c.buf = make([]byte, 0, max(c.block, 16))
	}
	if c.codec == Brotli {
		if w := brotliWindow(cb); w > max(c.block, int(c.maxBlock)) {
			return &FormatError{Offset: at, Detail: fmt.Sprintf("brotli block %d with a window of %d bytes, limit %d", c.next-1, w, max(c.block, int(c.maxBlock))), Err: ErrTooLarge}
		}
	}
	out, err := decode(c.codec, c.buf[:0], cb, want)
	if err != nil {
		return &FormatError{Offset: at, Detail: fmt.Sprintf("%s block %d: %v", c.codec, c.next-1, err), Err: ErrCorrupt}
	}
	c.out = out
	return nil
}

// brotliWindow returns the window size a Brotli stream declares in its
// first bits (RFC 7932, section 9.1): the decoder's buffers grow up to it,
// whatever the block's size, so it is checked first. An empty stream or
// the large-window extension returns a size larger than any limit.
func brotliWindow(src []byte) int {
	if len(src) == 0 {
		return math.MaxInt
	}
	bits := int(src[0])
	if len(src) > 1 {
		bits |= int(src[1]) << 8
	}
	wbits := 16
	switch n, m := bits>>1&7, bits>>4&7; {
	case bits&1 == 0:
	case n != 0:
		wbits = 17 + n
	case m == 1:
		return math.MaxInt
	case m != 0:
		wbits = 8 + m
	default:
		wbits = 17
	}
	return 1<<wbits - 16
}

// CompressedWriter writes a compressed container. Its header lists every
// block's compressed size before the blocks, so the blocks wait in a
// temporary file (made at the first full block) until [CompressedWriter.Close]; memory holds
// one block and 4 bytes per block. End it with Close, or with [CompressedWriter.Abort] when
// the container will not be completed. Where the system lets an open file
// lose its name (not Windows), the temporary file has none once made, so
// that nothing is left behind however the process ends. Neither Close nor
// Abort closes the writer underneath.
type CompressedWriter struct {
	w      io.Writer
	magic  string
	codec  Compression
	block  []byte   // content not yet compressed
	sizes  []uint32 // compressed size of each block so far
	total  uint64
	spool  spool // the compressed blocks
	cbuf   []byte
	enc    encoders
	err    error
	closed bool
}

// encoders are the codecs' encoders, made when first needed and reused.
type encoders struct {
	out  bytes.Buffer
	zlib *zlib.Writer
	gzip *gzip.Writer
	zstd *zstd.Encoder
}

// NewCompressedWriter starts a compressed container with codec c (not
// [Brotli], which the engines only read), in blocks of [DefaultBlockSize].
func NewCompressedWriter(w io.Writer, c Compression) (*CompressedWriter, error) {
	return newCompressedWriter(w, c, MagicCompressed)
}

// NewCompressedResourceWriter starts the compressed container of a binary
// resource ([MagicResource]), as [NewCompressedWriter] does. The engines write
// it with [Zstd].
func NewCompressedResourceWriter(w io.Writer, c Compression) (*CompressedWriter, error) {
	return newCompressedWriter(w, c, MagicResource)
}

func newCompressedWriter(w io.Writer, c Compression, magic string) (*CompressedWriter, error) {
	if c >= Brotli {
		return nil, fmt.Errorf("fileaccess: cannot write %s: the engines read it but do not write it", c)
	}
	return &CompressedWriter{w: w, magic: magic, codec: c, block: make([]byte, 0, DefaultBlockSize)}, nil
}

// Write compresses p, a block at a time.
func (cw *CompressedWriter) Write(p []byte) (int, error) {
	if cw.err != nil {
		return 0, cw.err
	}
	if cw.total+uint64(len(p)) > math.MaxUint32 {
		cw.err = errors.New("fileaccess: a compressed container holds less than 4 GiB")
		return 0, cw.err
	}
	n := len(p)
	cw.total += uint64(n)
	for len(p) > 0 {
		k := min(len(p), cap(cw.block)-len(cw.block))
		cw.block = append(cw.block, p[:k]...)
		p = p[k:]
		if len(cw.block) == cap(cw.block) {
			if cw.err = cw.flush(); cw.err != nil {
				return n - len(p), cw.err
			}
		}
	}
	return n, nil
}

// flush compresses the block and spools it.
func (cw *CompressedWriter) flush() error {
	out, err := cw.enc.encode(cw.codec, cw.cbuf[:0], cw.block)
	if err != nil {
		return err
	}
	cw.cbuf = out
	if _, err := cw.spool.Write(out); err != nil {
		return err
	}
	cw.sizes = append(cw.sizes, uint32(len(out)))
	cw.block = cw.block[:0]
	return nil
}

// encode appends the compression of src to dst.
func (e *encoders) encode(codec Compression, dst, src []byte) ([]byte, error) {
	switch codec {
	case FastLZ:
		if len(src) < 16 { // as the engine: pad a short block to 16
			var pad [16]byte
			copy(pad[:], src)
			src = pad[:]
		}
		return fastlz.Encode(dst, src), nil
	case Zstd:
		if e.zstd == nil {
			var err error
			if e.zstd, err = zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1)); err != nil {
				return nil, err
			}
		}
		return e.zstd.EncodeAll(src, dst), nil
	}
	e.out.Reset()
	var w io.WriteCloser
	if codec == Deflate {
		if e.zlib == nil {
			e.zlib = zlib.NewWriter(&e.out)
		} else {
			e.zlib.Reset(&e.out)
		}
		w = e.zlib
	} else {
		if e.gzip == nil {
			e.gzip = gzip.NewWriter(&e.out)
		} else {
			e.gzip.Reset(&e.out)
		}
		w = e.gzip
	}
	if _, err := w.Write(src); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return append(dst, e.out.Bytes()...), nil
}

// Abort ends a container that will not be completed: it removes the
// temporary file of its blocks and writes nothing more. A [CompressedWriter]
// that has been written to must be ended by [CompressedWriter.Close] or Abort.
func (cw *CompressedWriter) Abort() {
	if !cw.closed {
		cw.closed = true
		cw.err = errors.New("fileaccess: write to an aborted CompressedWriter")
	}
	cw.spool.remove()
}

// Close compresses the last block and writes the container: header, block
// table, the blocks from the temporary file, closing magic. It does not
// close the underlying writer.
func (cw *CompressedWriter) Close() error {
	if cw.closed {
		return cw.err
	}
	cw.closed = true
	defer cw.spool.remove()
	if cw.err != nil {
		return cw.err
	}
	cw.err = errors.New("fileaccess: write to a closed CompressedWriter")
	if err := cw.flush(); err != nil { // the last block, perhaps empty, as the engine writes it
		return err
	}
	hdr := []byte(cw.magic)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(cw.codec))
	hdr = binary.LittleEndian.AppendUint32(hdr, DefaultBlockSize)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(cw.total))
	if _, err := cw.w.Write(hdr); err != nil {
		return err
	}
	table := make([]byte, 0, 4<<10)
	for i, s := range cw.sizes {
		table = binary.LittleEndian.AppendUint32(table, s)
		if len(table) == cap(table) || i == len(cw.sizes)-1 {
			if _, err := cw.w.Write(table); err != nil {
				return err
			}
			table = table[:0]
		}
	}
	if err := cw.spool.copyTo(cw.w); err != nil {
		return err
	}
	_, err := cw.w.Write([]byte(cw.magic))
	return err
}
