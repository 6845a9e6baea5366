package game

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxShown bounds what an error repeats of what it was sent (a game's
// name, a command, an argument): a 1 MiB name is shown by its first
// bytes, not whole at every refusal, and never breaks the error's line.
const maxShown = 24

// shown is s as an error repeats it: quoted, cut after maxShown bytes.
func shown(s string) string {
	if len(s) <= maxShown {
		return strconv.Quote(s)
	}
	cut := s[:maxShown]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	return strconv.Quote(cut) + "…"
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
