package audit

import (
	"strings"

	"github.com/gdvar/gdvar/internal/textcut"
)

// Lines are what the report keeps of the lines the server reported
// (its errors, its output), whatever their number: the first keptFirst
// and the last keptLast, each cut at maxLineBytes (marked "…").
type Lines struct {
	First []string `json:"first"`
	// Omitted counts the lines between First and Last, not kept.
	Omitted int      `json:"omitted"`
	Last    []string `json:"last"`
}

// The bounds of Lines.
const (
	keptFirst    = 32
	keptLast     = 32
	maxLineBytes = 512
)

// lineLog keeps Lines as they come.
type lineLog struct {
	first []string
	last  [keptLast]string // a ring: last[n%keptLast] is the oldest once full
	n     int              // lines in all
}

// add keeps a line.
func (l *lineLog) add(line string) {
	line = cutLine(line)
	if len(l.first) < keptFirst {
		l.first = append(l.first, line)
	} else {
		l.last[(l.n-keptFirst)%keptLast] = line
	}
	l.n++
}

// lines returns the lines kept.
func (l *lineLog) lines() Lines {
	out := Lines{First: append([]string{}, l.first...), Last: []string{}}
	after := l.n - len(l.first) // the lines past First
	kept := min(after, keptLast)
	out.Omitted = after - kept
	for i := after - kept; i < after; i++ {
		out.Last = append(out.Last, l.last[i%keptLast])
	}
	return out
}

// cutLine returns s cut at maxLineBytes, marked, as valid UTF-8 that
// holds nothing more of s.
func cutLine(s string) string {
	if len(s) <= maxLineBytes {
		return strings.ToValidUTF8(s, "\uFFFD")
	}
	return strings.ToValidUTF8(textcut.Prefix(s, maxLineBytes), "\uFFFD") + "…"
}
