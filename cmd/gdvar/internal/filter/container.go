package filter

import (
	"bufio"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/gdvar/gdvar/fileaccess"
)

// passwordEnv is the environment variable a password may come from
// instead of -password, which other users of the machine can see.
const passwordEnv = "GDVAR_PASSWORD"

// keyFlags adds -password and -key, which open (or, for encode, write) an
// encrypted FileAccess container, and -max-content-bytes.
func keyFlags(fs *flag.FlagSet, cfg *config) {
	fs.StringVar(&cfg.password, "password", "", "the password of an encrypted save file (FileAccess.open_encrypted_with_pass); default $"+passwordEnv)
	fs.StringVar(&cfg.key, "key", "", "the key of an encrypted save file (FileAccess.open_encrypted), as 64 hex digits")
	fs.Int64Var(&cfg.maxContent, "max-content-bytes", fileaccess.DefaultMaxContentSize, "most content of a compressed save file, in bytes (a few KB can declare GBs)")
}

// errNoKey is fileaccess.ErrNoKey naming the flags that give a key.
var errNoKey error = noKeyError{}

type noKeyError struct{}

func (noKeyError) Error() string {
	return "the file is encrypted: give its password (-password or $" + passwordEnv + ") or its key (-key, 64 hex digits)"
}

func (noKeyError) Unwrap() error { return fileaccess.ErrNoKey }

// containerOptions returns the fileaccess options of -password, -key or
// $GDVAR_PASSWORD, and -max-content-bytes; encrypted reports whether a key
// was given.
func (c *config) containerOptions() (opts []fileaccess.Option, encrypted bool, err error) {
	if c.maxContent < 1 {
		return nil, false, errors.New("-max-content-bytes: want at least 1")
	}
	opts = []fileaccess.Option{fileaccess.WithEngine(c.engine), fileaccess.WithMaxContentSize(c.maxContent)}
	password := c.password
	if password == "" {
		password = os.Getenv(passwordEnv)
	}
	switch {
	case c.key != "" && c.password != "":
		return nil, false, errors.New("-key and -password: give one")
	case c.key != "":
		b, err := hex.DecodeString(c.key)
		if err != nil || len(b) != 32 {
			return nil, false, errors.New("-key: want 64 hex digits (32 bytes)")
		}
		return append(opts, fileaccess.WithKey(fileaccess.Key(b))), true, nil
	case password != "":
		return append(opts, fileaccess.WithPassword(password)), true, nil
	}
	return opts, false, nil
}

// openContainer returns a reader of what in holds inside a FileAccess
// container (or in itself, when it holds none). An encrypted container is
// checked whole first, so that a wrong password is reported as such before
// any value is read; standard input is copied to a temporary file for it.
//
// An encrypted container without a key or a password fails at once, before
// standard input is copied.
func openContainer(in io.Reader, cfg *config) (io.Reader, func(), error) {
	opts, encrypted, err := cfg.containerOptions()
	if err != nil {
		return nil, nil, err
	}
	rs, ok := in.(io.ReadSeeker)
	if ok {
		_, err := rs.Seek(0, io.SeekCurrent)
		ok = err == nil
	}
	if !ok {
		br := bufio.NewReader(in)
		magic, _ := br.Peek(4)
		if string(magic) == fileaccess.MagicResource { // a compressed resource, which package resource opens
			return br, func() {}, nil
		}
		if string(magic) != fileaccess.MagicEncrypted {
			r, err := fileaccess.NewReader(br, opts...)
			return r, func() {}, err
		}
		if !encrypted {
			return nil, nil, errNoKey
		}
		in = br
	}
	rs, cleanup, err := seekable(in)
	if err != nil {
		return nil, nil, err
	}
	start, err := rs.Seek(0, io.SeekCurrent)
	var magic [4]byte
	n := 0
	if err == nil {
		n, _ = io.ReadFull(rs, magic[:])
		switch {
		case string(magic[:n]) == fileaccess.MagicEncrypted && !encrypted:
			err = errNoKey
		case string(magic[:n]) == fileaccess.MagicEncrypted:
			if _, err = rs.Seek(start, io.SeekStart); err == nil {
				err = fileaccess.Verify(rs, opts...)
			}
		}
	}
	if err == nil {
		_, err = rs.Seek(start, io.SeekStart)
	}
	var r io.Reader = rs // no container: the input itself, which can seek (the conversions read it twice)
	if err == nil && (string(magic[:n]) == fileaccess.MagicEncrypted || string(magic[:n]) == fileaccess.MagicCompressed) {
		r, err = fileaccess.NewReader(rs, opts...)
	}
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	return r, cleanup, nil
}

// compressFlag adds -compress, for commands that write a save file.
func compressFlag(fs *flag.FlagSet, cfg *config) {
	fs.StringVar(&cfg.compress, "compress", "", "write a compressed save file (FileAccess.open_compressed) with this codec: fastlz, deflate, zstd or gzip")
}

// sealed returns the writer a command's output goes through to stdout: a
// compressed or encrypted container when the flags ask for one (-compress
// takes precedence over $GDVAR_PASSWORD, not over -password or -key).
// finish completes the container; drop discards it when the command
// failed.
func sealed(cfg *config, stdout io.Writer) (w io.Writer, finish func() error, drop func(), err error) {
	opts, encrypted, err := cfg.containerOptions()
	if err != nil {
		return nil, nil, nil, err
	}
	switch {
	case cfg.compress != "":
		c, err := fileaccess.ParseCompression(cfg.compress)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("-compress: %w", err)
		}
		cw, err := fileaccess.NewCompressedWriter(stdout, c)
		if err != nil {
			return nil, nil, nil, err
		}
		return cw, cw.Close, cw.Abort, nil
	case encrypted:
		// stdout hidden behind a plain Writer: the container waits in a
		// temporary file until it is complete, so that nothing is written on
		// a failure, nor into a file opened to append, which seeks wrongly.
		ew, err := fileaccess.NewEncryptedWriter(struct{ io.Writer }{stdout}, opts...)
		if err != nil {
			return nil, nil, nil, err
		}
		return ew, ew.Close, ew.Abort, nil
	}
	return stdout, func() error { return nil }, func() {}, nil
}

// contained runs write on a spool and copies what it wrote to stdout (see
// spooled): as it is if plain, else in the container sealed makes of out's
// flags, which nothing reaches unless write succeeded.
func contained(out *config, plain bool, stdout io.Writer, write func(s *spool) error) error {
	if plain {
		return spooled(stdout, write)
	}
	w, finish, drop, err := sealed(out, stdout)
	if err != nil {
		return err
	}
	if err := spooled(w, write); err != nil {
		drop()
		return err
	}
	return finish()
}
