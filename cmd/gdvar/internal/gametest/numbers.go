package gametest

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// NumberOf reads a text that is a whole number, and a line break.
func NumberOf(t *testing.T, text string) int64 {
	n := Numbers(t, text)
	require.Len(t, n, 1, "%q", text)
	return n[0]
}

// Numbers reads lines of whole Numbers.
func Numbers(t *testing.T, text string) []int64 {
	var ns []int64
	for line := range strings.Lines(text) {
		n, err := strconv.ParseInt(strings.TrimSpace(line), 10, 64)
		require.NoError(t, err, "%q", text)
		ns = append(ns, n)
	}
	return ns
}
