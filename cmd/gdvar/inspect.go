package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gdvar/gdvar"
)

// previewBytes is how much of a string or packed chunk inspect shows.
const previewBytes = 48

// inspect prints one line per token: its offset, its size on the wire, the
// token indented by depth, and its path. On bad input it prints what it read
// up to the error, then returns the error.
func inspect(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	dec := gdvar.NewDecoder(in, cfg.options()...)
	fmt.Fprintf(out, "%10s %8s  %s\n", "offset", "size", "token")
	for {
		start := dec.InputOffset()
		depth := dec.Depth()
		tok, err := dec.ReadToken()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var se *gdvar.SyntaxError
			if errors.As(err, &se) {
				fmt.Fprintf(out, "%10d %8s  error at %s: %s\n", se.Offset, "-", se.Path, what(se))
			}
			out.Flush()
			return err
		}
		switch k := tok.Kind(); {
		case k == gdvar.KindArrayEnd || k == gdvar.KindDictEnd || k == gdvar.KindObjectEnd || k == gdvar.KindPackedEnd:
			depth--
		case (k == gdvar.KindString || k == gdvar.KindStringName) && tok.Offset() > 0:
			depth-- // a later chunk of a string sits beside the first
		}
		fmt.Fprintf(out, "%10d %8d  %s%-*s %s\n", start, dec.InputOffset()-start, strings.Repeat("  ", depth), max(40-2*depth, 1), describe(tok), dec.Path())
	}
}

// describe renders a token for inspect, shortening long chunks.
func describe(t gdvar.Token) string {
	switch t.Kind() {
	case gdvar.KindString, gdvar.KindStringName:
		b := t.Bytes()
		s := strconv.Quote(string(b[:min(len(b), previewBytes)]))
		if len(b) > previewBytes {
			s = s[:len(s)-1] + `…"`
		}
		if len(b) != t.Len() {
			s += fmt.Sprintf(" [%d:%d of %d bytes]", t.Offset(), t.Offset()+len(b), t.Len())
		}
		return t.Kind().String() + "(" + s + ")"
	case gdvar.KindPackedChunk:
		return fmt.Sprintf("PackedChunk(%s, %d elements from [%d]%s)", t.Type(), t.Count(), t.Offset(), chunkPreview(t))
	}
	return t.String()
}

// chunkPreview shows the first elements of a packed chunk.
func chunkPreview(t gdvar.Token) string {
	var parts []string
	switch t.Type() {
	case gdvar.TypePackedByteArray:
		b := t.Bytes()
		return ": " + fmt.Sprintf("% x", b[:min(len(b), 16)]) + ellipsis(len(b) > 16)
	case gdvar.TypePackedInt32Array:
		for _, v := range first(t.Int32s()) {
			parts = append(parts, strconv.Itoa(int(v)))
		}
	case gdvar.TypePackedInt64Array:
		for _, v := range first(t.Int64s()) {
			parts = append(parts, strconv.FormatInt(v, 10))
		}
	default:
		if t.Is64() || t.Type() == gdvar.TypePackedFloat64Array {
			for _, v := range first(t.Float64s()) {
				parts = append(parts, strconv.FormatFloat(v, 'g', -1, 64))
			}
		} else {
			for _, v := range first(t.Float32s()) {
				parts = append(parts, strconv.FormatFloat(float64(v), 'g', -1, 32))
			}
		}
	}
	return ": " + strings.Join(parts, ", ") + ellipsis(len(t.Bytes()) > 8*len(parts) && len(parts) == 8)
}

func first[T any](s []T) []T { return s[:min(len(s), 8)] }

func ellipsis(more bool) string {
	if more {
		return ", …"
	}
	return ""
}

// what says what went wrong, without where.
func what(se *gdvar.SyntaxError) string {
	s := se.Kind.Error()
	if se.Detail != "" {
		s += ": " + se.Detail
	}
	if se.Err != nil {
		s += ": " + se.Err.Error()
	}
	return s
}
