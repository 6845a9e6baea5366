package fileaccess

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"hash"
	"io"

	"github.com/gdvar/gdvar"
)

// The encrypted container (FileAccessEncrypted), as the engines write it,
// all numbers little-endian:
//
//	Godot 4: "GDEC", MD5 of the plaintext (16), plaintext length (u64),
//	         IV (16), AES-256-CFB128 of the plaintext, zero-padded to 16
//	Godot 3: "GDEC", mode (u32, always 1), MD5 of the plaintext (16),
//	         plaintext length (u64), AES-256-ECB of the plaintext,
//	         zero-padded to 16
//
// A reader tells them apart by the word after the magic: 1 in Godot 3, the
// start of the MD5 in Godot 4 (1 there has a chance of 2^-32, and the MD5
// check would then fail).

// godot3Mode is the mode word Godot 3 writes after the magic.
const godot3Mode = 1

// cryptState is the cipher of one container, either layout.
type cryptState struct {
	block  cipher.Block
	godot3 bool     // ECB; else CFB128 with iv
	iv     [16]byte // CFB: the last ciphertext block
	ks     [16]byte // CFB: the key stream of a block (here, as a local would escape)
}

func newCryptState(key []byte, godot3 bool) (*cryptState, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return &cryptState{block: block, godot3: godot3}, nil
}

// decrypt decrypts whole 16-byte blocks in place.
func (c *cryptState) decrypt(b []byte) {
	for i := 0; i+16 <= len(b); i += 16 {
		blk := b[i : i+16]
		if c.godot3 {
			c.block.Decrypt(blk, blk)
			continue
		}
		c.block.Encrypt(c.ks[:], c.iv[:])
		copy(c.iv[:], blk)
		subtle16(blk, c.ks[:])
	}
}

// encrypt encrypts whole 16-byte blocks in place.
func (c *cryptState) encrypt(b []byte) {
	for i := 0; i+16 <= len(b); i += 16 {
		blk := b[i : i+16]
		if c.godot3 {
			c.block.Encrypt(blk, blk)
			continue
		}
		c.block.Encrypt(c.iv[:], c.iv[:])
		subtle16(blk, c.iv[:])
		copy(c.iv[:], blk)
	}
}

func subtle16(dst, ks []byte) {
	for i := range 16 {
		dst[i] ^= ks[i]
	}
}

// encryptedReader streams an encrypted container's plaintext.
type encryptedReader struct {
	source
	c     *cryptState
	sum   [16]byte  // the MD5 the container holds
	h     hash.Hash // of the plaintext so far
	left  uint64    // plaintext bytes not yet decrypted
	buf   []byte
	plain []byte // decrypted, not yet read
	err   error
}

// newEncryptedReader reads the header after the magic.
func newEncryptedReader(r io.Reader, cfg config) (*encryptedReader, error) {
	if cfg.key == nil {
		return nil, &FormatError{Offset: 0, Err: ErrNoKey}
	}
	e := &encryptedReader{source: source{r: r, offset: 4}, h: md5.New()}
	var word [4]byte
	if err := e.full(word[:]); err != nil {
		return nil, err
	}
	godot3 := binary.LittleEndian.Uint32(word[:]) == godot3Mode
	if godot3 {
		if err := e.full(e.sum[:]); err != nil {
			return nil, err
		}
	} else {
		copy(e.sum[:], word[:])
		if err := e.full(e.sum[4:]); err != nil {
			return nil, err
		}
	}
	var n [8]byte
	if err := e.full(n[:]); err != nil {
		return nil, err
	}
	e.left = binary.LittleEndian.Uint64(n[:])
	c, err := newCryptState(cfg.key, godot3)
	if err != nil {
		return nil, err
	}
	if !godot3 {
		if err := e.full(c.iv[:]); err != nil {
			return nil, err
		}
	}
	e.c = c
	e.buf = make([]byte, 16<<10)
	return e, nil
}

func (e *encryptedReader) Read(p []byte) (int, error) {
	for len(e.plain) == 0 {
		if e.err != nil {
			return 0, e.err
		}
		if e.left == 0 {
			e.err = io.EOF
			if [16]byte(e.h.Sum(nil)) != e.sum {
				e.err = &FormatError{Offset: e.offset, Err: ErrChecksum}
			}
			continue
		}
		n := uint64(len(e.buf))
		if e.left < n {
			n = (e.left + 15) &^ 15
		}
		b := e.buf[:n]
		if err := e.full(b); err != nil {
			e.err = err
			continue
		}
		e.c.decrypt(b)
		b = b[:min(n, e.left)] // without the padding
		e.left -= uint64(len(b))
		e.h.Write(b)
		e.plain = b
	}
	n := copy(p, e.plain)
	e.plain = e.plain[n:]
	return n, nil
}

// EncryptedWriter writes an encrypted container. Its header holds the
// plaintext's length and MD5, which are known only at the end, before the
// ciphertext. On a writer that can seek (a file), the header is written
// first and filled in by [EncryptedWriter.Close], seeking back; on any other (a bytes.Buffer,
// a pipe, a socket) the ciphertext waits in a temporary file until Close
// writes the header and then it, as [CompressedWriter]'s blocks do. Memory
// holds 16 KiB either way. End it with Close, or with [EncryptedWriter.Abort] when the
// container will not be completed. Neither closes the writer underneath.
type EncryptedWriter struct {
	w     io.Writer
	ws    io.WriteSeeker // w, when it can seek: the header is filled in there
	start int64          // where the container starts in ws
	hdr   []byte         // the header, its MD5 and length filled in by Close
	out   io.Writer      // where the ciphertext goes: w, or the spool
	spool spool          // the ciphertext, when w cannot seek
	c     *cryptState
	h     hash.Hash
	n     uint64 // plaintext bytes written
	buf   []byte // plaintext not yet encrypted (less than a block) and ciphertext not yet written
	err   error
}

// NewEncryptedWriter starts an encrypted container at w's position, in the
// layout of the engine [WithEngine] selects (default Godot 4; Godot 3 for
// Godot 3 and 2, of which only 3 was checked against an engine), with the
// key of [WithKey] or [WithPassword]. w may be any io.Writer: see
// [EncryptedWriter] for how one that cannot seek is written. An invalid
// option is an error, matching [gdvar.ErrInvalidOption], before anything is
// written.
func NewEncryptedWriter(w io.Writer, opts ...Option) (*EncryptedWriter, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	if cfg.key == nil {
		return nil, ErrNoKey
	}
	godot3 := cfg.engine != gdvar.Godot4
	c, err := newCryptState(cfg.key, godot3)
	if err != nil {
		return nil, err
	}
	hdr := []byte(MagicEncrypted)
	if godot3 {
		hdr = binary.LittleEndian.AppendUint32(hdr, godot3Mode)
	}
	hdr = append(hdr, make([]byte, 16+8)...) // MD5 and length, at Close
	if !godot3 {
		if cfg.iv != nil {
			copy(c.iv[:], cfg.iv)
		} else if _, err := rand.Read(c.iv[:]); err != nil {
			return nil, err
		}
		hdr = append(hdr, c.iv[:]...)
	}
	e := &EncryptedWriter{w: w, hdr: hdr, c: c, h: md5.New(), buf: make([]byte, 0, 16<<10)}
	e.out = &e.spool
	if ws, ok := w.(io.WriteSeeker); ok {
		if start, err := ws.Seek(0, io.SeekCurrent); err == nil {
			if _, err := w.Write(hdr); err != nil {
				return nil, err
			}
			e.ws, e.start, e.out = ws, start, w
		}
	}
	return e, nil
}

// Write encrypts p.
func (e *EncryptedWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	written := 0
	for len(p) > 0 {
		k := min(len(p), cap(e.buf)-len(e.buf))
		e.buf = append(e.buf, p[:k]...)
		e.h.Write(p[:k])
		e.n += uint64(k)
		written += k
		p = p[k:]
		if len(e.buf) == cap(e.buf) {
			if err := e.flush(len(e.buf)); err != nil {
				e.err = err // final: the buffer is encrypted and cannot be written again
				return written, err
			}
		}
	}
	return written, nil
}

// flush encrypts and writes the first n bytes of buf, n a multiple of 16.
func (e *EncryptedWriter) flush(n int) error {
	e.c.encrypt(e.buf[:n])
	if _, err := e.out.Write(e.buf[:n]); err != nil {
		return err
	}
	e.buf = e.buf[:copy(e.buf, e.buf[n:])]
	return nil
}

// Close pads and encrypts the last block and completes the header with
// the MD5 and the length: in place on a writer that can seek, which is left
// at the container's end; else it writes the header, then the ciphertext.
// It does not close the underlying writer.
func (e *EncryptedWriter) Close() error {
	if e.err != nil {
		e.spool.remove()
		return e.err
	}
	e.err = errors.New("fileaccess: write to a closed EncryptedWriter")
	defer e.spool.remove()
	for len(e.buf)%16 != 0 {
		e.buf = append(e.buf, 0)
	}
	if err := e.flush(len(e.buf)); err != nil {
		return err
	}
	sums := binary.LittleEndian.AppendUint64(e.h.Sum(nil), e.n)
	at := len(e.hdr) - len(sums)
	if !e.c.godot3 {
		at -= len(e.c.iv)
	}
	copy(e.hdr[at:], sums)
	if e.ws == nil {
		if _, err := e.w.Write(e.hdr); err != nil {
			return err
		}
		return e.spool.copyTo(e.w)
	}
	end, err := e.ws.Seek(0, io.SeekCurrent)
	if err != nil {
		return err
	}
	if _, err := e.ws.Seek(e.start+int64(at), io.SeekStart); err != nil {
		return err
	}
	if _, err := e.ws.Write(sums); err != nil {
		return err
	}
	_, err = e.ws.Seek(end, io.SeekStart)
	return err
}

// Abort ends a container that will not be completed: it removes the
// temporary file of the ciphertext, if any, and writes nothing more (on a
// writer that can seek, what was written stays, its header unfinished).
func (e *EncryptedWriter) Abort() {
	if e.err == nil {
		e.err = errors.New("fileaccess: write to an aborted EncryptedWriter")
	}
	e.spool.remove()
}
