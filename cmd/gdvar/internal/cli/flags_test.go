package cli

import (
	"bytes"
	"errors"
	"flag"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

// A refused flag is reported on one line of at most 300 bytes, whatever
// it was given, then the usage; -h prints the usage alone. The flag
// package's own report quoted the whole value: 1 MiB of a line.
func TestParseFlagsRefusalsCut(t *testing.T) {
	huge := strings.Repeat("é", 1<<19) // 1 MiB, two bytes a character
	for _, c := range []struct {
		name string
		args []string
		code int
		says string
	}{
		{"a duration of 1 MiB", []string{"-wait", huge}, 2, `invalid value "éé`},
		{"a flag named by 1 MiB", []string{"-" + huge}, 2, "flag provided but not defined: -éé"},
		{"a number with a line break", []string{"-n", "1\n2"}, 2, `invalid value "1\n2" for flag -n`},
		{"help", []string{"-h"}, 0, ""},
		{"an ordinary refusal, whole", []string{"-n", "x"}, 2, `invalid value "x" for flag -n: parse error`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			fs := flag.NewFlagSet("gdvar test", flag.ContinueOnError)
			fs.SetOutput(&out)
			fs.Duration("wait", time.Second, "how long")
			fs.Int("n", 0, "how many")
			fs.Usage = func() { out.WriteString("usage: gdvar test\n") }
			code, ok := ParseOwnFlags(fs, c.args)
			assert.False(t, ok)
			assert.Equal(t, c.code, code)
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			assert.Equal(t, "usage: gdvar test", lines[len(lines)-1])
			if c.says == "" {
				assert.Len(t, lines, 1)
				return
			}
			assert.Len(t, lines, 2)
			assert.LessOrEqual(t, len(lines[0]), maxFlagError)
			assert.True(t, utf8.ValidString(lines[0]))
			assert.Contains(t, lines[0], c.says)
		})
	}
}

// The FlagSet's output is its own again after parsing.
func TestParseFlagsKeepsOutput(t *testing.T) {
	var out bytes.Buffer
	fs := flag.NewFlagSet("gdvar test", flag.ContinueOnError)
	fs.SetOutput(&out)
	assert.NoError(t, ParseFlags(fs, nil))
	assert.Same(t, &out, fs.Output())
	assert.True(t, errors.Is(ParseFlags(fs, []string{"-h"}), flag.ErrHelp))
}

// A refusal of the command's own (a flag's value checked after parsing,
// an unknown command) is cut as the flag package's are.
func TestRefusalCut(t *testing.T) {
	var out bytes.Buffer
	Refusal(&out, "gdvar json", errors.New(`-framing "`+strings.Repeat("x", 1<<20)+`": want auto, none or stream`))
	line, rest, _ := strings.Cut(out.String(), "\n")
	assert.Empty(t, rest)
	assert.Len(t, line, maxFlagError)
	assert.True(t, strings.HasPrefix(line, `gdvar json: -framing "xxx`))
	assert.True(t, strings.HasSuffix(line, "…"))
	out.Reset()
	Refusal(&out, "gdvar", errors.New(`unknown command "x"`))
	assert.Equal(t, "gdvar: unknown command \"x\"\n", out.String())
}

// cutLine keeps n-len("…") bytes and drops an incomplete last character.
// On invalid UTF-8 it is not textcut.Prefix, which steps back over every
// continuation byte: "aaa\x80" cut at 3 is "aaa" here, "aa" there; a
// lone lead byte before the cut is dropped here, kept there.
func TestCutLine(t *testing.T) {
	for _, c := range []struct {
		name, s string
		n       int
		want    string
	}{
		{"short, whole", "abc", 10, "abc"},
		{"the first line, marked", "abc\ndef", 10, "abc…"},
		{"ascii", "abcdefgh", 6, "abc…"},
		{"a 2-byte character cut", "abé", 6, "ab…"},
		{"a 3-byte character cut", "a€b", 6, "a…"},
		{"a 3-byte character whole", "a€bc", 7, "a€…"},
		{"a 4-byte character cut", "a😀b", 7, "a…"},
		{"a continuation byte at the cut, kept", "aaa\x80b", 6, "aaa…"},
		{"a lone lead byte before the cut, dropped", "ab\xe2cd", 6, "ab…"},
		{"an invalid byte before the cut, kept", "ab\xffcd", 6, "ab\xff…"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, cutLine(c.s, c.n))
		})
	}
}
