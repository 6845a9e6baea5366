package filter

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/configfile"
	"github.com/gdvar/gdvar/internal/infile"
	"github.com/gdvar/gdvar/resource"
)

// -like names what an edit started from, whose numbers' types (int or
// float) jq before 1.7 loses: it prints 100.0 as 100. For binary values
// it is the JSON gdvar json printed (encodeLike); for a ConfigFile or a
// resource, that JSON or the file itself, which a user naturally has at
// hand. Each is read into the package's File, whose Like gives the types
// through varjson's Like, the one piece of code that keeps them.

// likeFile reads -like's file whole, within -max-value-bytes, in its
// container (a ConfigFile saved encrypted opens with -password or -key);
// isJSON says it is JSON, not the file itself: it starts with "{", as
// neither a ConfigFile nor a resource does.
func likeFile(cfg *config) (data []byte, isJSON bool, err error) {
	f, err := infile.Open(cfg.like, cli.FlagFileWait)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	r, cleanup, err := openContainer(f, cfg)
	if err != nil {
		return nil, false, fmt.Errorf("-like %s: %w", cfg.like, err)
	}
	defer cleanup()
	if data, err = readJSON(r, cfg); err != nil {
		return nil, false, fmt.Errorf("-like %s: %w", cfg.like, err)
	}
	return data, bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("{")), nil
}

// likeConfig returns the ConfigFile -like names.
func likeConfig(cfg *config) (*configfile.File, error) {
	data, isJSON, err := likeFile(cfg)
	if err != nil {
		return nil, err
	}
	if !isJSON && kindOf(data[:min(len(data), sniffLen)]) != kindConfig {
		return nil, likeKindError(cfg, "a ConfigFile")
	}
	var f *configfile.File
	if isJSON {
		if f, err = configfile.New(cfg.configOptions()...); err == nil {
			err = f.UnmarshalJSON(data)
		}
	} else {
		f, err = configfile.Read(bytes.NewReader(data), cfg.configOptions()...)
	}
	if err != nil {
		return nil, fmt.Errorf("-like %s: %w", cfg.like, err)
	}
	return f, nil
}

// likeResource returns the resource -like names, read as gdvar json reads
// it: knowing the scripts of -project or of the project it is in.
func likeResource(cfg *config) (*resource.File, error) {
	data, isJSON, err := likeFile(cfg)
	if err != nil {
		return nil, err
	}
	orig := *cfg
	orig.file = cfg.like
	var f *resource.File
	switch {
	case isJSON:
		f, err = resourceOfJSON(data, &orig, nil)
	case kindOf(data[:min(len(data), sniffLen)]).isResource():
		f, err = readResource(bytes.NewReader(data), &orig)
	default:
		return nil, likeKindError(cfg, "a resource file (.tres, .tscn, .res, .scn)")
	}
	if err != nil {
		return nil, fmt.Errorf("-like %s: %w", cfg.like, err)
	}
	return f, nil
}

// likeKindError is the error of a -like file that is neither JSON nor
// the kind of file written.
func likeKindError(cfg *config, kind string) error {
	return errors.New("-like " + cfg.like + ": give the file the edit started from, " + kind + ", or the JSON gdvar json printed for it; this is neither")
}
