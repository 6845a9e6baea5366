package filter

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/stream"
)

// previewBytes is how much of a string or packed chunk inspect shows.
const previewBytes = 48

// A line shows at most this much, so that the output stays linear in the
// input however deep it nests: indentation stops at maxIndent levels (a
// deeper token shows its depth, ‹57›), a path keeps pathLevels levels (the
// outermost and the innermost, …(n)… for the rest) and maxPath bytes (its
// start and its end, … for the middle), and a token's text keeps maxText
// characters. A line of a token without payload (a Nil, a DictKey) is then
// at most 169 bytes, and the most such lines per input byte are a
// Dictionary's entries of Nil to Nil (8 bytes, three lines): inspect writes
// under 64 bytes per input byte.
const (
	maxIndent  = 16
	pathLevels = 8
	maxPath    = 96
	maxText    = 120
)

// shortened is inspect's note, printed before the first shortened line.
const shortened = "(lines are shortened from here: indentation stops at 16 levels, ‹n› is the depth, paths keep 8 levels and 96 bytes, …(n)… and … are what is left out)"

// inspect prints one line per token: its offset, its size on the wire, the
// token indented by depth, and its path; with -framing stream, a line per
// frame before its tokens. On bad input it prints what it read up to the
// error, then returns the error.
func inspect(in io.Reader, cfg *config, stdout, _ io.Writer) error {
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	fmt.Fprintf(out, "%10s %8s  %s\n", "offset", "size", "token")
	p := &inspector{out: out}
	if cfg.framing != "stream" {
		n, err := p.tokens(cfg.codecWith().NewDecoder(in), 0, false)
		if err == nil && n == 0 {
			return endOfValues(0, io.EOF)
		}
		return err
	}
	frames, err := cfg.frames(in)
	if err != nil {
		return err
	}
	for n := 0; ; n++ {
		dec, err := frames.NextFrame()
		if err != nil {
			var fe *stream.FrameError
			if errors.As(err, &fe) {
				fmt.Fprintf(out, "%10d %8s  error: %s\n", fe.Offset, "-", fe.Err)
			}
			return endOfValues(n, err)
		}
		at := frames.Offset()
		line := appendRight(appendRight(p.line[:0], at, 10), 4, 9)
		p.line = strconv.AppendInt(append(line, "  Frame("...), frames.FrameLen(), 10)
		out.Write(append(p.line, " bytes)\n"...))
		values, err := p.tokens(dec, at+4, true)
		if err == nil && values == 0 {
			err = errors.New("an empty frame")
		}
		if err != nil {
			return valueError(n, err)
		}
	}
}

// inspector prints tokens.
type inspector struct {
	out   *bufio.Writer
	line  []byte
	noted bool // the note on shortened lines was printed
}

// tokens prints every token dec reads, with offsets from base, and returns
// how many values it read. In a frame (one) it fails at a second value.
func (p *inspector) tokens(dec *gdvar.Decoder, base int64, one bool) (values int, err error) {
	for {
		start := dec.InputOffset()
		depth := dec.Depth()
		if depth == 0 && one && values == 1 {
			return values, frameEnd(dec)
		}
		tok, err := dec.ReadToken()
		if err == io.EOF {
			return values, nil
		}
		if err != nil {
			var se *gdvar.DecodeError
			if errors.As(err, &se) {
				fmt.Fprintf(p.out, "%10d %8s  error at %s: %s\n", base+se.Offset, "-", se.Path, what(se))
			}
			p.out.Flush()
			return values, err
		}
		if depth == 0 {
			values++
		}
		switch k := tok.Kind(); {
		case k == gdvar.KindArrayEnd || k == gdvar.KindDictEnd || k == gdvar.KindObjectEnd || k == gdvar.KindPackedEnd:
			depth--
		case (k == gdvar.KindString || k == gdvar.KindStringName) && tok.Offset() > 0:
			depth-- // a later chunk of a string sits beside the first
		}
		line := append(appendToken(p.line[:0], base+start, dec.InputOffset()-start, depth, tok), ' ')
		line, long := dec.AppendCutPath(line, pathLevels, maxPath)
		if (long || depth > maxIndent || dec.Depth() > pathLevels) && !p.noted {
			fmt.Fprintf(p.out, "%20s%s\n", "", shortened)
			p.noted = true
		}
		p.line = line
		p.out.Write(append(line, '\n'))
	}
}

// appendToken appends a token's line up to its path: its offset, its size,
// and the token indented by depth, padded to 40 characters.
func appendToken(b []byte, offset, size int64, depth int, tok gdvar.Token) []byte {
	b = appendRight(b, offset, 10)
	b = appendRight(append(b, ' '), size, 8)
	b = append(b, "  "...)
	from := len(b)
	b = appendDescription(appendIndent(b, depth), tok)
	for w := utf8.RuneCount(b[from:]); w < 40; w++ {
		b = append(b, ' ')
	}
	return b
}

// appendRight appends v right-aligned in width characters.
func appendRight(b []byte, v int64, width int) []byte {
	var digits [20]byte
	s := strconv.AppendInt(digits[:0], v, 10)
	for i := len(s); i < width; i++ {
		b = append(b, ' ')
	}
	return append(b, s...)
}

// spaces indents maxIndent levels.
var spaces = strings.Repeat("  ", maxIndent)

// appendIndent indents a token at depth, up to maxIndent levels.
func appendIndent(b []byte, depth int) []byte {
	if depth <= maxIndent {
		return append(b, spaces[:2*depth]...)
	}
	return append(strconv.AppendInt(append(b, spaces+"‹"...), int64(depth), 10), "› "...)
}

// appendDescription appends a token as inspect shows it, in at most
// maxText characters.
func appendDescription(b []byte, t gdvar.Token) []byte {
	s := render(t)
	cut := 0
	for range maxText - 1 {
		if cut == len(s) {
			return append(b, s...)
		}
		_, n := utf8.DecodeRuneInString(s[cut:])
		cut += n
	}
	if utf8.RuneCountInString(s[cut:]) <= 1 {
		return append(b, s...)
	}
	return append(append(b, s[:cut]...), "…"...)
}

// render renders a token, shortening long chunks.
func render(t gdvar.Token) string {
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
		for _, v := range first(gdvar.ChunkOf[int32](t)) {
			parts = append(parts, strconv.Itoa(int(v)))
		}
	case gdvar.TypePackedInt64Array:
		for _, v := range first(gdvar.ChunkOf[int64](t)) {
			parts = append(parts, strconv.FormatInt(v, 10))
		}
	default:
		if t.Is64() || t.Type() == gdvar.TypePackedFloat64Array {
			for _, v := range first(gdvar.ChunkOf[float64](t)) {
				parts = append(parts, strconv.FormatFloat(v, 'g', -1, 64))
			}
		} else {
			for _, v := range first(gdvar.ChunkOf[float32](t)) {
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
func what(se *gdvar.DecodeError) string {
	s := strings.TrimPrefix(se.Reason.Error(), "gdvar: ")
	if se.Detail != "" {
		s += ": " + se.Detail
	}
	if se.Err != nil {
		s += ": " + se.Err.Error()
	}
	return s
}
