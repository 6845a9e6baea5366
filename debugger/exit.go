package debugger

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// ErrExited is a launched game's process having ended: the [Session] of a
// Game that quit or crashed ends with an *ExitError, which matches it and
// [ErrClosed] both (errors.Is), and says why in the game's own words.
var ErrExited = errors.New("debugger: the game's process ended")

// ExitError is how a launched game's process ended, and the last lines it
// printed on its standard output and error: "Unable to create
// DisplayServer", "Invalid project path", a script's parse error.
type ExitError struct {
	State  string   // as os.ProcessState says it: "exit status 1", "signal: killed"
	Output []string // the last lines, oldest first: at most 12, each cut at 160 bytes
}

func (e *ExitError) Error() string {
	var b strings.Builder
	b.WriteString("debugger: the game's process ended (" + e.State + ")")
	if len(e.Output) == 0 {
		b.WriteString(", printing nothing")
		return b.String()
	}
	b.WriteString("; the last lines it printed:")
	for _, l := range e.Output {
		b.WriteString("\n  " + l)
	}
	return b.String()
}

// Is matches [ErrExited] and [ErrClosed]: the session ended with the process.
func (e *ExitError) Is(target error) bool { return target == ErrExited || target == ErrClosed }

// The bounds of what a Game keeps of its output, for ExitError.
const (
	maxTailLines = 12
	maxTailLine  = 160
)

// tail keeps the last lines its streams (a game's standard output and
// error) write, each cut. It holds a fixed buffer and allocates nothing as
// it is written, whatever is written.
type tail struct {
	mu      sync.Mutex
	lines   [maxTailLines]tailLine // a ring: lines[next] is the oldest once full
	n       int                    // lines kept
	next    int
	streams []*tailStream
}

// tailLine is a line of the tail: its first maxTailLine bytes, and
// whether it was longer.
type tailLine struct {
	b   [maxTailLine]byte
	n   int
	cut bool
}

// text returns the line as kept: valid UTF-8, without a trailing
// carriage return, marked "…" where it was cut.
func (l *tailLine) text() string {
	s := strings.ToValidUTF8(strings.TrimRight(string(l.b[:l.n]), "\r"), "")
	if l.cut {
		s += "…"
	}
	return s
}

// blank says whether the line holds nothing but white space.
func (l *tailLine) blank() bool { return len(bytes.TrimSpace(l.b[:l.n])) == 0 }

// stream returns a writer whose lines the tail keeps, and which passes
// everything on to w if it is not nil.
func (t *tail) stream(w io.Writer) io.Writer {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := &tailStream{t: t, w: w}
	t.streams = append(t.streams, s)
	return s
}

// tailStream is one of a tail's streams: it makes lines of what is
// written, and keeps its line being written.
type tailStream struct {
	t   *tail
	w   io.Writer
	cur tailLine
}

// Write keeps b's lines; it never fails, so that the game never blocks on
// its output because w did.
func (s *tailStream) Write(b []byte) (int, error) {
	s.t.mu.Lock()
	defer s.t.mu.Unlock()
	if s.w != nil {
		s.w.Write(b) // its error is its own: the game's output goes on
	}
	for rest := b; len(rest) > 0; {
		line, after, ended := bytes.Cut(rest, []byte{'\n'})
		c := &s.cur
		if room := maxTailLine - c.n; !c.cut && len(line) > room {
			for room > 0 && !utf8.RuneStart(line[room]) { // cut at a character's start
				room--
			}
			c.n += copy(c.b[c.n:], line[:room])
			c.cut = true
		} else if !c.cut {
			c.n += copy(c.b[c.n:], line)
		}
		if !ended {
			break
		}
		s.t.push(c)
		s.cur = tailLine{}
		rest = after
	}
	return len(b), nil
}

// push keeps a line, unless it is blank. t.mu is held.
func (t *tail) push(l *tailLine) {
	if l.blank() {
		return
	}
	t.lines[t.next] = *l
	t.next = (t.next + 1) % maxTailLines
	t.n = min(t.n+1, maxTailLines)
}

// Lines returns the last lines written, oldest first, then each stream's
// line still being written, if not blank.
func (t *tail) Lines() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	for i := range t.n {
		out = append(out, t.lines[(t.next-t.n+i+maxTailLines)%maxTailLines].text())
	}
	for _, s := range t.streams {
		if !s.cur.blank() {
			out = append(out, s.cur.text())
		}
	}
	return out
}
