package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"

	"github.com/gdvar/gdvar/fileaccess"
)

// runFilter runs cmd, a command of a FILE of values, with its arguments:
// its flags parsed, its input opened (a container's content, its framing
// found), read and written through cmd.run; it returns the exit status.
func runFilter(cmd *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, path, err := parseFlags(cmd, args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	cfg.file = path
	in := stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			fmt.Fprintf(stderr, "gdvar %s: %v\n", cmd.name, err)
			return 1
		}
		defer f.Close()
		in = f
	}
	size := inputSize(in)
	if cmd.name != "encode" { // binary input: open a save file's FileAccess container
		r, cleanup, err := openContainer(in, cfg)
		if err != nil {
			cfg.report(stderr, err)
			return 1
		}
		defer cleanup()
		if fr, ok := r.(*fileaccess.Reader); ok {
			cfg.container, cfg.codec = fr.Container(), fr.Compression()
		}
		if cfg.kind, r, err = sniff(r); err != nil {
			cfg.report(stderr, err)
			return 1
		}
		if cfg.kind == kindValues {
			if r, err = cfg.resolveFraming(r, cmd.name, stderr); err != nil {
				cfg.report(stderr, err)
				return 1
			}
		}
		if r != in {
			size = -1 // a container's content, or a copy: of a size not known yet
		}
		in = r
	}
	cfg.head = &recorder{r: in} // the first bytes, for the hints
	in = cfg.head
	if cmd.name != "inspect" && isTerminal(stderr) { // inspect's output is a stream of its own
		p := newProgress(in, stderr, cmd.name, size)
		defer p.done()
		in = p
		if isTerminal(stdout) {
			stdout = p.above(stdout)
		}
		stderr = p.above(stderr)
	}
	if err := cmd.run(in, cfg, stdout, stderr); err != nil {
		if err == errFound {
			return statusFound
		}
		if errors.Is(err, syscall.EPIPE) { // the output's reader has gone: end as SIGPIPE ends a filter, quietly
			return 128 + int(syscall.SIGPIPE)
		}
		cfg.report(stderr, err)
		return 1
	}
	return 0
}

// message is an error's text without the library's "gdvar: " prefix, which
// the command's own prefix replaces.
func message(err error) string { return strings.TrimPrefix(err.Error(), "gdvar: ") }
