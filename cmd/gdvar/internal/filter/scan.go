package filter

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/gdvar/gdvar/scan"
	"github.com/gdvar/gdvar/vartext"
)

// errFound is scanFile's result when it found something: the command
// exits with StatusFound.
var errFound = errors.New("found objects, scripts or resources")

// StatusFound is the exit status of a scan that found something.
const StatusFound = 3

// scanFile lists each object, script and resource in the input (a save,
// binary values, a ConfigFile or a resource file) that the engine would
// make or load on reading it, a line each.
func scanFile(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	cfg.objects = true // as the scan reads them, for the hints on a failure
	var found []scan.Finding
	var err error
	switch {
	case cfg.kind == kindConfig:
		cfg.readConfig = true
		found, err = scanWith(in, cfg, scan.ConfigFile, scan.WithText(vartext.WithDialect(cfg.dialect)))
	case cfg.kind.isResource():
		cfg.readResource = true
		opts := []scan.Option{scan.WithMaxContentSize(cfg.maxContent)}
		if cfg.engineSet {
			opts = append(opts, scan.WithText(vartext.WithDialect(cfg.dialect)))
		}
		found, err = scanWith(in, cfg, scan.ResourceFile, opts...)
	case cfg.framing == "both":
		found, err = scanBoth(in, cfg)
	case cfg.framing == "stream":
		found, err = scanWith(in, cfg, scan.Save)
	default:
		found, err = scanWith(in, cfg, scan.Values)
	}
	out := bufio.NewWriter(stdout)
	for _, f := range found {
		fmt.Fprintln(out, f)
	}
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	if err == nil && len(found) > 0 {
		err = errFound
	}
	return err
}

// scanWith scans in with the flags' codec, and opts.
func scanWith(in io.Reader, cfg *config, scanIn func(io.Reader, ...scan.Option) ([]scan.Finding, error), opts ...scan.Option) ([]scan.Finding, error) {
	codec, err := cfg.valueCodec()
	if err != nil {
		return nil, err
	}
	return scanIn(in, append(opts, scan.WithCodec(codec))...)
}

// scanBoth scans binary values that read both as a save file and as
// values one after another in both readings, for what either finds: the
// findings of the save file, then those of the values it did not find.
func scanBoth(in io.Reader, cfg *config) ([]scan.Finding, error) {
	rs, cleanup, err := seekable(in)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	start, err := rs.Seek(0, io.SeekCurrent)
	if err != nil {
		return nil, err
	}
	found, serr := scanWith(rs, cfg, scan.Save)
	if _, err := rs.Seek(start, io.SeekStart); err != nil {
		return nil, err
	}
	values, verr := scanWith(rs, cfg, scan.Values)
	seen := map[scan.Finding]bool{}
	for _, f := range found {
		seen[f] = true
	}
	for _, f := range values {
		if !seen[f] {
			found = append(found, f)
		}
	}
	switch {
	case serr != nil:
		return found, fmt.Errorf("read as a save file: %w", serr)
	case verr != nil:
		return found, fmt.Errorf("read as values one after another: %w", verr)
	}
	return found, nil
}
