package filter

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/temps"
	"github.com/gdvar/gdvar/fileaccess"
	"github.com/gdvar/gdvar/internal/childproc"
	"github.com/gdvar/gdvar/internal/outfile"
)

// gdvar edit FILE -- PROGRAM ARGS… is gdvar json, the program, and gdvar
// encode -from json -like in one: the program reads FILE's values as JSON
// (one per line) on its standard input and prints them edited; they are
// written back in FILE's framing, engine and container, each number with
// the type, int or float, of the number at its place before the edit.

func editFlags(fs *flag.FlagSet, cfg *config) {
	framingFlag(fs, cfg)
	fs.StringVar(&cfg.output, "o", "", "write the edited file here (- for standard output) instead of over FILE")
}

// editFile runs the edit. Nothing is written unless every step succeeded:
// FILE is replaced by renaming a complete file over it.
func editFile(in io.Reader, cfg *config, stdout, stderr io.Writer) error {
	if cfg.kind != kindValues {
		return errors.New("edit changes a save file or binary values; for a ConfigFile or a resource, use gdvar json, then gdvar encode -to cfg, tres or res")
	}
	if target := cfg.editTarget(); target != "-" { // written after the program: refused before it runs
		if err := outfile.CheckReplace(target); err != nil {
			return err
		}
	}
	stop, err := temps.Watch()
	if err != nil {
		return err
	}
	defer stop() // last: the files are removed by then
	before, err := temps.Create("gdvar-before-*.json")
	if err != nil {
		return err
	}
	defer temps.Remove(before)
	if err := spooled(before, func(s *spool) error { return writeJSON(in, cfg, s) }); err != nil {
		return err
	}
	after, err := temps.Create("gdvar-after-*.json")
	if err != nil {
		return err
	}
	defer temps.Remove(after)
	if _, err := before.Seek(0, io.SeekStart); err != nil {
		return err
	}
	prog := exec.Command(cfg.program[0], cfg.program[1:]...)
	prog.Stdin, prog.Stdout, prog.Stderr = before, after, stderr
	prog.WaitDelay = time.Second // a child of its own holding standard error
	childproc.DieWithParent(prog)
	if err := temps.RunChild(prog); err != nil {
		return fmt.Errorf("%s failed (%v): nothing was written", cfg.program[0], err)
	}
	if _, err := after.Seek(0, io.SeekStart); err != nil {
		return err
	}
	out := *cfg // FILE's framing, engine and container, the types before the edit
	out.from, out.like = "json", before.Name()
	if cfg.container == fileaccess.Compressed {
		out.compress = cfg.codec.String()
	}
	plain := cfg.container == fileaccess.Plain
	return cfg.writeEdited(stdout, func(w io.Writer) error {
		return contained(&out, plain, w, func(s *spool) error { return encodeLike(after, &out, s) })
	})
}

// editTarget returns the file the edited file goes to: -o's, or FILE
// (- for standard output), a link to it resolved, so that a link stays a
// link to the edited file.
func (c *config) editTarget() string {
	target := c.output
	if target == "" {
		target = c.file
	}
	if target == "-" {
		return target
	}
	if p, err := filepath.EvalSymlinks(target); err == nil {
		return p
	}
	return target
}

// writeEdited writes the edited file: to standard output with -o -, or
// when FILE is; else over -o's file or FILE, by renaming a complete file
// in the same folder over it, with its permissions.
func (c *config) writeEdited(stdout io.Writer, write func(w io.Writer) error) error {
	target := c.editTarget()
	if target == "-" {
		return write(stdout)
	}
	f, err := temps.Replace(target)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Drop()
		return err
	}
	return f.Commit()
}
