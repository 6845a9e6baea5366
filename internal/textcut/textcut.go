// Package textcut cuts text to a number of bytes without splitting a
// UTF-8 character, for the errors and notes that repeat text of any size.
package textcut

import "unicode/utf8"

// Prefix returns s's first n bytes or fewer, cut at a character's start:
// s itself if len(s) <= n. Invalid UTF-8 is cut as it is, at the first
// byte at or before n that is not a continuation byte.
func Prefix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Suffix returns s's last n bytes or fewer, from a character's start: s
// itself if len(s) <= n.
func Suffix(s string, n int) string {
	if len(s) <= n {
		return s
	}
	t := len(s) - n
	for t < len(s) && !utf8.RuneStart(s[t]) {
		t++
	}
	return s[t:]
}
