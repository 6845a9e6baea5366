package game

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image/png"
	"io"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/outfile"
)

// debugShot is gdvar debug's shot command: a PNG of the game's viewport,
// or of a node's, written to a file.
var debugShot = debugCmd{"shot FILE [PATH]", 1, 2, false, func(ctx context.Context, s *debugger.Session, args []string, out *bufio.Writer) error {
	file, err := unquote(args[0])
	if err != nil {
		return err
	}
	node := ""
	if len(args) > 1 {
		if node, err = unquote(args[1]); err != nil {
			return err
		}
	}
	return saveShot(ctx, s, file, node, out)
}}

// saveShot writes a screenshot of the viewport of the node at node (""
// for the root's) to file, and prints its size. A file that cannot be
// written is refused before the game is asked.
func saveShot(ctx context.Context, s *debugger.Session, file, node string, out *bufio.Writer) error {
	if err := outfile.Check(file); err != nil {
		return err
	}
	b, size, err := takeShot(ctx, s, node)
	if err != nil {
		return err
	}
	if err := outfile.Write(file, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
		return err
	}
	_, err = fmt.Fprintln(out, size)
	return err
}

// takeShot returns a PNG of the viewport of the node at node ("" for the
// root's) and its size, "WIDTHxHEIGHT".
func takeShot(ctx context.Context, s *debugger.Session, node string) ([]byte, string, error) {
	var opts []debugger.ShotOption
	if node != "" {
		opts = append(opts, debugger.ShotNode(node))
	}
	b, err := s.Screenshot(ctx, opts...)
	if err != nil {
		return nil, "", err
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b)) // checked by Screenshot
	if err != nil {
		return nil, "", err
	}
	return b, fmt.Sprintf("%dx%d", cfg.Width, cfg.Height), nil
}
