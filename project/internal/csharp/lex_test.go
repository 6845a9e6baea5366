package csharp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lexTokens lexes src, each token as kind:text (strings and characters by
// kind alone), with the line of the last.
func lexTokens(src string) ([]string, int, *Fault) {
	l := newLexer(src, 8)
	var out []string
	line := 0
	for {
		tok := l.next()
		if tok.kind == tkEOF {
			return out, line, l.err
		}
		line = tok.line
		switch tok.kind {
		case tkString:
			out = append(out, "str")
		case tkChar:
			out = append(out, "char")
		case tkNumber:
			out = append(out, "num:"+tok.text)
		default:
			out = append(out, tok.text)
		}
	}
}

// The C# specification's lexical grammar, as far as a declaration reader
// needs it: what is a comment, a string (with the brackets and quotes it
// may hold), a character, a number, a preprocessor line.
func TestCSharpLexer(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		line      int
	}{
		{"line and block comments", "a // } \"\n/* } \n */ b", []string{"a", "b"}, 3},
		{"doc comment", "/// <summary>}</summary>\na", []string{"a"}, 2},
		{"regular string with escapes", `"}\"{\\" b`, []string{"str", "b"}, 1},
		{"empty strings", `"" @"" $"" b`, []string{"str", "str", "str", "b"}, 1},
		{"verbatim string over lines, doubled quotes", "@\"}\n\"\"{\" b", []string{"str", "b"}, 2},
		{"interpolated, its holes read as code", `$"{a}{{b}}{(c ? "}" : '}')}{d,5:0.0}" e`, []string{"str", "e"}, 1},
		{"interpolated within interpolated", `$"{$"{x + "}"}"}" e`, []string{"str", "e"}, 1},
		{"verbatim interpolated, both orders", "$@\"{a}\n\"\"\" @$\"{b}\" e", []string{"str", "str", "e"}, 2},
		{"raw string", `"""a "" } """ b`, []string{"str", "b"}, 1},
		{"raw string over lines", "\"\"\"\"\n  \"\"\" }\n  \"\"\"\" b", []string{"str", "b"}, 3},
		{"raw interpolated, two dollars", `$$"""{a} {{b}} }""" c`, []string{"str", "c"}, 1},
		{"UTF-8 literal", `"a"u8 b`, []string{"str", "u8", "b"}, 1},
		{"characters", `'\'' '}' '"' '\u0041' b`, []string{"char", "char", "char", "char", "b"}, 1},
		{"numbers", "0x1F 1_000 1.5e-3f 10UL .5 1..2 0b1E", []string{"num:0x1F", "num:1_000", "num:1.5e-3f", "num:10UL", "num:.5", "num:1", "..", "num:2", "num:0b1E"}, 1},
		{"verbatim identifier, global::, =>", "@class global::A x => y", []string{"class", "global", "::", "A", "x", "=>", "y"}, 1},
		{"#if reads its first branch", "#if A\na\n#elif B\nb\n#else\n\"\nc\n#endif\nd", []string{"a", "d"}, 9},
		{"#if within a branch skipped", "#if A\na\n#else\n#if B\nb\n#endif\nc\n#endif\nd", []string{"a", "d"}, 9},
		{"#if within a branch read", "#if A\n#if B\na\n#else\nb\n#endif\n#endif\nd", []string{"a", "d"}, 8},
		{"#region, #nullable, #pragma, indented", "  #region x }\na\n #nullable enable\n#pragma warning disable\nb", []string{"a", "b"}, 5},
		{"# not at a line's start", "a # b", []string{"a", "#", "b"}, 1},
		{"CR and CRLF lines", "a\rb\r\nc", []string{"a", "b", "c"}, 3},
		{"Unicode spaces and identifiers", "a\u00a0ñandú\u2028b", []string{"a", "ñandú", "b"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, line, err := lexTokens(tt.src)
			require.Nil(t, err)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, tt.line, line)
		})
	}
}

// What does not end is an error at the line it starts on.
func TestCSharpLexerErrors(t *testing.T) {
	tests := []struct {
		name, src, msg string
		line           int
	}{
		{"string", "a\n\"b", "Unterminated string literal.", 2},
		{"newline in a string", "\"a\nb\"", "Newline in constant.", 1},
		{"newline in a character", "'a\n'", "Newline in constant.", 1},
		{"verbatim string", "@\"a\n", "Unterminated string literal.", 1},
		{"raw string", "\"\"\"a\"\"", "Unterminated string literal.", 1},
		{"interpolation", "$\"{a\n", "Unterminated string literal.", 1},
		{"format over lines in a regular string", "$\"{a:x\n}\"", "Newline in constant.", 1},
		{"block comment", "a\n/* b", "End-of-file found, '*/' expected.", 2},
		{"#if branch skipped to the end", "#if A\n#else\nb", "#endif directive expected.", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := lexTokens(tt.src)
			require.NotNil(t, err)
			assert.Equal(t, tt.msg, err.Message)
			assert.Equal(t, tt.line, err.Line)
		})
	}
}

// Interpolated strings nest no deeper than the depth limit.
func TestCSharpLexerDepth(t *testing.T) {
	src := strings.Repeat(`$"{`, 9) + "a" + strings.Repeat(`}"`, 9)
	_, _, err := lexTokens(src)
	require.NotNil(t, err)
	assert.True(t, err.Bound, err.Message)
	ok := strings.Repeat(`$"{`, 8) + "a" + strings.Repeat(`}"`, 8)
	got, _, err := lexTokens(ok)
	require.Nil(t, err)
	assert.Equal(t, []string{"str"}, got)
}
