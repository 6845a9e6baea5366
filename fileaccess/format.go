package fileaccess

import (
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/gdvar/gdvar"
)

// The magic numbers at the start of each container.
const (
	MagicEncrypted  = "GDEC"
	MagicCompressed = "GCPF"
	// MagicResource starts the compressed container of a binary resource
	// (ResourceSaver's FLAG_COMPRESS): the same container with its own
	// magic number.
	MagicResource = "RSCC"
)

// Compression is a compressed container's codec; the values are the
// engine's (FileAccess.COMPRESSION_*).
type Compression uint32

// The codecs. Godot 3 has the first four; [Brotli] is read only, as in the
// engine.
const (
	FastLZ Compression = iota
	Deflate
	Zstd
	Gzip
	Brotli
)

var compressionNames = [...]string{"fastlz", "deflate", "zstd", "gzip", "brotli"}

func (c Compression) String() string {
	if int(c) < len(compressionNames) {
		return compressionNames[c]
	}
	return fmt.Sprintf("Compression(%d)", uint32(c))
}

// ParseCompression returns the codec named name (fastlz, deflate, zstd,
// gzip, brotli).
func ParseCompression(name string) (Compression, error) {
	for i, n := range compressionNames {
		if n == name {
			return Compression(i), nil
		}
	}
	return 0, fmt.Errorf("fileaccess: no compression %q: want fastlz, deflate, zstd, gzip or brotli", name)
}

// DefaultBlockSize is the block size of the compressed containers the
// engines write.
const DefaultBlockSize = 4096

// DefaultMaxBlockSize is the largest block size a [Reader] accepts unless
// told otherwise: 16 times what the engines write, and small enough that
// the buffers a header makes a Reader allocate before the block's bytes
// arrive stay within a constant.
const DefaultMaxBlockSize = 64 << 10

// DefaultMaxContentSize is the most content a [Reader] accepts in a
// compressed container unless told otherwise: 1 GiB, as gdvar's
// MaxValueBytes for one value. The format allows up to 4 GiB, which a file
// of 1 MB can declare and hold (a codec makes a 64 KiB block of zeros of
// a dozen bytes); whatever reads the content pays for every byte.
const DefaultMaxContentSize = 1 << 30

// Errors, matched with errors.Is; each comes inside a *FormatError.
var (
	// ErrChecksum: the decrypted plaintext does not match the MD5 the
	// container holds. The key or password is wrong, or the file was
	// changed.
	ErrChecksum = errors.New("the decrypted data does not match its MD5: wrong key or password, or a changed file")
	// ErrNoKey: an encrypted container, and no key or password given.
	ErrNoKey = errors.New("the file is encrypted: give a key or a password")
	// ErrCorrupt: a container that does not follow the format (a block
	// that does not decompress to its size, a bad header).
	ErrCorrupt = errors.New("corrupt container")
	// ErrTooLarge: a block larger than the limit ([WithMaxBlockSize]), or
	// a compressed block larger than its codec can make of a block.
	ErrTooLarge = errors.New("block larger than the limit")
	// ErrContentTooLarge: a compressed container whose content is larger
	// than the limit ([WithMaxContentSize]), refused at its header.
	ErrContentTooLarge = errors.New("content larger than the limit")
	// ErrTruncated: the input ends before the container does.
	ErrTruncated = errors.New("the file ends before the container does")
)

// FormatError is the error for a container that cannot be read: what is
// wrong (Err, one of the errors above) and where, as an offset in the
// container.
type FormatError struct {
	Offset int64
	Detail string
	Err    error
}

func (e *FormatError) Error() string {
	msg := "fileaccess: " + e.Err.Error()
	if e.Detail != "" {
		msg += " (" + e.Detail + ")"
	}
	return fmt.Sprintf("%s at byte %d", msg, e.Offset)
}

func (e *FormatError) Unwrap() error { return e.Err }

// Key is an encrypted container's AES-256 key.
type Key [32]byte

// PasswordKey returns the key open_encrypted_with_pass derives from a
// password: the 32 hex digits of the password's MD5, as bytes.
func PasswordKey(password string) Key {
	sum := md5.Sum([]byte(password))
	var k Key
	hex.Encode(k[:], sum[:])
	return k
}

// An Option configures a [Reader], [Verify] or an [EncryptedWriter], which
// check them before they read or write anything.
type Option func(*config)

// config is what a Reader or Writer takes from its options.
type config struct {
	engine     gdvar.Engine
	key        []byte // nil when not set
	iv         []byte // nil when not set
	maxBlock   int64
	maxContent int64
	err        error // the first invalid option
}

// newConfig returns the settings opts make, or the error, matching
// gdvar.ErrInvalidOption, of the first invalid one.
func newConfig(opts []Option) (config, error) {
	c := config{maxBlock: DefaultMaxBlockSize, maxContent: DefaultMaxContentSize}
	for _, o := range opts {
		o(&c)
	}
	return c, c.err
}

// atLeastOne records the option name's value n as invalid when it is
// below 1.
func (c *config) atLeastOne(name string, n int64) {
	if n < 1 && c.err == nil {
		c.err = fmt.Errorf("%w: fileaccess.%s(%d): want at least 1", gdvar.ErrInvalidOption, name, n)
	}
}

// WithKey sets the key of an encrypted container, as open_encrypted takes
// it.
func WithKey(k Key) Option { return func(c *config) { c.key = k[:] } }

// WithPassword sets the key of an encrypted container from a password, as
// open_encrypted_with_pass does.
func WithPassword(password string) Option { return WithKey(PasswordKey(password)) }

// WithIV sets the 16-byte initialisation vector a Writer of a Godot 4
// encrypted container uses (default: random, as the engine's). Tests use
// it to write the same bytes twice.
func WithIV(iv [16]byte) Option { return func(c *config) { c.iv = iv[:] } }

// WithEngine selects the engine version whose encrypted container an
// [EncryptedWriter] writes (default [gdvar.Godot4]). A [Reader] tells them
// apart by their header.
func WithEngine(e gdvar.Engine) Option {
	return func(c *config) {
		c.engine = e
		if e > gdvar.Godot2 && c.err == nil {
			c.err = fmt.Errorf("%w: fileaccess.WithEngine(%d): unknown engine", gdvar.ErrInvalidOption, e)
		}
	}
}

// WithMaxBlockSize sets the largest block size a [Reader] accepts in a
// compressed container (default [DefaultMaxBlockSize]; at least 1), and the
// largest window of a [Brotli] block beyond the block size. A larger one
// fails before anything is allocated for it.
func WithMaxBlockSize(n int64) Option {
	return func(c *config) { c.maxBlock = n; c.atLeastOne("WithMaxBlockSize", n) }
}

// WithMaxContentSize sets the most content a [Reader] accepts in a
// compressed container (default [DefaultMaxContentSize]; at least 1). A
// container whose header declares more fails with [ErrContentTooLarge]
// before any block is read; as every block must decompress to its size,
// none can give more than the header declares.
func WithMaxContentSize(n int64) Option {
	return func(c *config) { c.maxContent = n; c.atLeastOne("WithMaxContentSize", n) }
}
