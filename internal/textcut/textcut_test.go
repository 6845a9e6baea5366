package textcut

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPrefix(t *testing.T) {
	for _, tc := range []struct {
		name, s string
		n       int
		want    string
	}{
		{"ascii", "abcdef", 3, "abc"},
		{"n zero", "abcdef", 0, ""},
		{"n is len", "abcdef", 6, "abcdef"},
		{"n past len", "abcdef", 10, "abcdef"},
		{"empty", "", 0, ""},
		{"2-byte cut in the middle", "aé", 2, "a"},
		{"2-byte whole", "aé", 3, "aé"},
		{"3-byte cut after its first byte", "a€b", 2, "a"},
		{"3-byte cut after its second byte", "a€b", 3, "a"},
		{"3-byte whole", "a€b", 4, "a€"},
		{"4-byte cut in the middle", "a😀b", 4, "a"},
		{"4-byte whole", "a😀b", 5, "a😀"},
		{"a character first, cut", "€", 2, ""},
		{"continuation bytes only", "\x80\x80\x80", 2, ""},
		{"stray continuation bytes go with the byte before", "ab\x80\x80c", 3, "a"},
		{"invalid byte kept", "a\xffb", 2, "a\xff"},
		{"lone lead byte kept", "a\xe2b", 2, "a\xe2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Prefix(tc.s, tc.n)
			assert.Equal(t, tc.want, got)
			require.LessOrEqual(t, len(got), max(tc.n, 0))
			if utf8.ValidString(tc.s) {
				assert.True(t, utf8.ValidString(got), "a cut of valid UTF-8 is valid")
			}
		})
	}
}

func TestSuffix(t *testing.T) {
	for _, tc := range []struct {
		name, s string
		n       int
		want    string
	}{
		{"ascii", "abcdef", 3, "def"},
		{"n zero", "abcdef", 0, ""},
		{"n is len", "abcdef", 6, "abcdef"},
		{"n past len", "abcdef", 10, "abcdef"},
		{"empty", "", 0, ""},
		{"2-byte cut in the middle", "éa", 2, "a"},
		{"2-byte whole", "éa", 3, "éa"},
		{"3-byte cut before its last byte", "b€a", 2, "a"},
		{"3-byte cut before its second byte", "b€a", 3, "a"},
		{"3-byte whole", "b€a", 4, "€a"},
		{"4-byte cut in the middle", "b😀a", 4, "a"},
		{"4-byte whole", "b😀a", 5, "😀a"},
		{"a character last, cut", "€", 2, ""},
		{"continuation bytes only", "\x80\x80\x80", 2, ""},
		{"invalid byte kept", "a\xffb", 2, "\xffb"},
		{"lone lead byte kept", "a\xe2b", 2, "\xe2b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Suffix(tc.s, tc.n)
			assert.Equal(t, tc.want, got)
			require.LessOrEqual(t, len(got), max(tc.n, 0))
			if utf8.ValidString(tc.s) {
				assert.True(t, utf8.ValidString(got), "a cut of valid UTF-8 is valid")
			}
		})
	}
}
