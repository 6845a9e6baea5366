package audit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The lines a report keeps of any number of lines: all of a few, the
// first and last of many, with how many were left out; each cut at
// maxLineBytes at a character's start, as valid UTF-8.
func TestLines(t *testing.T) {
	numbered := func(from, to int) []string {
		out := []string{}
		for i := from; i < to; i++ {
			out = append(out, fmt.Sprint(i))
		}
		return out
	}
	for _, c := range []struct {
		n    int
		want Lines
	}{
		{0, Lines{First: []string{}, Last: []string{}}},
		{5, Lines{First: numbered(0, 5), Last: []string{}}},
		{keptFirst, Lines{First: numbered(0, keptFirst), Last: []string{}}},
		{keptFirst + 3, Lines{First: numbered(0, keptFirst), Last: numbered(keptFirst, keptFirst+3)}},
		{keptFirst + keptLast, Lines{First: numbered(0, keptFirst), Last: numbered(keptFirst, keptFirst+keptLast)}},
		{keptFirst + keptLast + 1, Lines{First: numbered(0, keptFirst), Omitted: 1, Last: numbered(keptFirst+1, keptFirst+keptLast+1)}},
		{100000, Lines{First: numbered(0, keptFirst), Omitted: 100000 - keptFirst - keptLast, Last: numbered(100000-keptLast, 100000)}},
	} {
		var l lineLog
		for i := range c.n {
			l.add(fmt.Sprint(i))
		}
		assert.Equal(t, c.want, l.lines(), "%d lines", c.n)
		assert.Equal(t, c.n, l.n)
	}

	long := "a" + strings.Repeat("é", maxLineBytes) // é is 2 bytes: byte 512 is one's second
	for in, want := range map[string]string{
		long:                              "a" + strings.Repeat("é", (maxLineBytes-2)/2) + "…",
		strings.Repeat("x", maxLineBytes): strings.Repeat("x", maxLineBytes),
		"bad \xff byte":                   "bad \uFFFD byte",
		strings.Repeat("x", maxLineBytes+1) + "\n": strings.Repeat("x", maxLineBytes) + "…",
	} {
		got := cutLine(in)
		assert.Equal(t, want, got)
		assert.LessOrEqual(t, len(got), maxLineBytes+len("…"))
	}
}
