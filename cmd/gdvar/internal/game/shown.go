package game

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxShown bounds what an error repeats of what it was sent (a game's
// name, a command, an argument): a 1 MiB name is shown by its first
// bytes, not whole at every refusal, and never breaks the error's line.
const maxShown = 24

// shown is s as an error repeats it: quoted, cut after maxShown bytes.
func shown(s string) string { return quotedCut(s, maxShown) }

// quotedCut is s quoted, cut after n bytes.
func quotedCut(s string, n int) string {
	if len(s) <= n {
		return strconv.Quote(s)
	}
	cut := s[:n]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	return strconv.Quote(cut) + "…"
}

// maxShownLine bounds what gdvar debug's failure repeats of the command
// line that failed: enough to tell the command and its arguments, not a
// 1 MiB line whole.
const maxShownLine = 120

// shownLine is a command line as a failure repeats it: as it is if short
// and free of control characters, else quoted and cut.
func shownLine(line string) string {
	if len(line) <= maxShownLine && !strings.ContainsFunc(line, unicode.IsControl) {
		return line
	}
	return quotedCut(line, maxShownLine)
}

// shownNames lists names as an error does, in their order: each as it is
// if short and printable, else shown.
func shownNames(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if len(n) > maxShown || strconv.Quote(n) != `"`+n+`"` {
			out[i] = shown(n)
		}
	}
	return strings.Join(out, ", ")
}
