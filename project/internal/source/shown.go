package source

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gdvar/gdvar/internal/textcut"
)

// maxShown is the most bytes of a name Shown keeps.
const maxShown = 96

// Shown returns a name read from a project's files (a path, a node's
// name) as the project's errors show it: on one line, what is not
// printable escaped as Go escapes it (\n, \x00, \u202e), and no more than
// its first and last 48 bytes, with "…" between, when it is longer: a
// file may hold a name of megabytes, or binary.
func Shown(name string) string { return Clip(name, maxShown) }

// Clip returns s as Shown does, keeping at most max bytes of it.
func Clip(s string, max int) string {
	if len(s) <= max && printable(s) {
		return s
	}
	head, tail := s, ""
	if len(s) > max {
		head, tail = textcut.Prefix(s, max/2), textcut.Suffix(s, max/2)
	}
	var b strings.Builder
	escape(&b, head)
	if len(s) > max {
		b.WriteString("…")
		escape(&b, tail)
	}
	return b.String()
}

// printable says s is valid UTF-8 holding only printable characters.
func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// escape writes s with its invalid bytes and the characters that are not
// printable escaped.
func escape(b *strings.Builder, s string) {
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[0])|0x100, 16)[1:])
		case unicode.IsPrint(r):
			b.WriteString(s[:n])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		s = s[n:]
	}
}
