package resource

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/gdvar/gdvar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withEndings returns text, written with LF line breaks and <CRLF> or
// <LF> for a string's own, with its line breaks CRLF if crlf.
func withEndings(text string, crlf bool) string {
	if crlf {
		text = strings.ReplaceAll(text, "\n", "\r\n")
	}
	return strings.NewReplacer("<CRLF>", "\r\n", "<LF>", "\n").Replace(text)
}

// A text file whose line breaks are all CRLF comes back with them, as
// text and through JSON ("line_endings": "crlf"); a String's own bytes
// are its value, CR or not, in either file. AsSaved writes LF, as the
// engine does: the same text as of the file with LF.
func TestCRLFKept(t *testing.T) {
	for _, c := range []struct {
		name, text string
		value      string // the String property "text", if any
	}{
		// HelamanWarrior/Godot-Multiplayer-Shooter, Server_listener.tscn
		// at 21f6a7cd, whole (Godot 3.x; no licence file: an excerpt).
		{"Server_listener.tscn", `[gd_scene load_steps=2 format=2]

[ext_resource path="res://Server_listener.gd" type="Script" id=1]

[node name="Server_listener" type="Node"]
script = ExtResource( 1 )
`, ""},
		{"a String's CRLF", `[gd_scene format=3]

[node name="Label" type="Label"]
text = "Line one<CRLF>line two"
`, "Line one\r\nline two"},
		{"a String's LF", `[gd_scene format=3]

[node name="Label" type="Label"]
text = "Line one<LF>line two"
`, "Line one\nline two"},
		{"quotes and escapes", `[gd_resource type="Resource" format=3]

[resource]
text = "say \"hi\"<CRLF>a \\ b\\"
`, "say \"hi\"\r\na \\ b\\"},
	} {
		for _, crlf := range []bool{true, false} {
			text := withEndings(c.text, crlf)
			f, err := Read(strings.NewReader(text))
			require.NoError(t, err)
			assert.Equal(t, crlf, f.crlf, "%s, CRLF %v", c.name, crlf)
			if c.value != "" {
				v, ok := getProperty(shownValues(f), "text")
				require.True(t, ok)
				assert.Equal(t, c.value, v, "%s, CRLF %v", c.name, crlf)
			}
			back, err := f.AppendText([]byte("before"))
			require.NoError(t, err)
			assert.Equal(t, "before"+text, string(back), "%s, CRLF %v: text", c.name, crlf)

			j, err := json.Marshal(f)
			require.NoError(t, err)
			assert.Equal(t, crlf, bytes.Contains(j, []byte(`"line_endings":"crlf"`)), "%s: JSON", c.name)
			g, err := NewFile("")
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(j, g))
			back, err = g.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, text, string(back), "%s, CRLF %v: JSON", c.name, crlf)

			saved, err := f.AsSaved().AppendText(nil)
			require.NoError(t, err)
			lf, err := Read(strings.NewReader(withEndings(c.text, false)))
			require.NoError(t, err)
			want, err := lf.AsSaved().AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, string(want), string(saved), "%s, CRLF %v: AsSaved", c.name, crlf)
		}
	}
}

// shownValues returns the properties of f's main resource, or of its first
// node.
func shownValues(f *File) []gdvar.Property {
	if f.Scene {
		return f.Nodes[0].Properties
	}
	return f.Main.Properties
}

// Only line breaks outside strings count, all CRLF; a file of mixed line
// breaks is written with LF, as before.
func TestCRLFThroughout(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       bool
	}{
		{"all", "[gd_scene format=3]\r\n\r\n[node name=\"A\" type=\"Node\"]\r\n", true},
		{"none", "[gd_scene format=3]\n\n[node name=\"A\" type=\"Node\"]\n", false},
		{"one LF", "[gd_scene format=3]\r\n\n[node name=\"A\" type=\"Node\"]\r\n", false},
		{"one CRLF", "[gd_scene format=3]\n\n[node name=\"A\" type=\"Node\"]\r\n", false},
		{"no line break", "[gd_scene format=3]\r", false},
		{"a String's LF", "[resource]\r\ntext = \"a\nb\"\r\n", true},
		{"an escaped quote", "[resource]\r\ntext = \"a\\\"\nb\"\r\n", true},
		{"a LF after a String", "[resource]\r\ntext = \"a\r\nb\"\n", false},
		{"a comment's quote", "; say \"\r\n[resource]\r\n", true},
		{"a comment's LF", "[resource] ; a\n", false},
	} {
		assert.Equal(t, c.want, crlfThroughout([]byte(c.text)), c.name)
	}
}

// A mixed file is written with LF but for its Strings' own bytes.
func TestCRLFMixed(t *testing.T) {
	f, err := Read(strings.NewReader("[gd_scene format=3]\r\n\n[node name=\"A\" type=\"Label\"]\r\ntext = \"a\r\nb\"\r\n"))
	require.NoError(t, err)
	back, err := f.AppendText(nil)
	require.NoError(t, err)
	assert.Equal(t, "[gd_scene format=3]\n\n[node name=\"A\" type=\"Label\"]\ntext = \"a\r\nb\"\n", string(back))
	j, err := json.Marshal(f)
	require.NoError(t, err)
	assert.NotContains(t, string(j), "line_endings")
}

// JSON's "line_endings" is "crlf" or none, of text only.
func TestJSONLineEndings(t *testing.T) {
	const scene = `"scene":true,"nodes":[{"name":"A","type":"Node"}]`
	checkJSONMember(t, []jsonMemberCase{
		{"crlf", `{"line_endings":"crlf",` + scene + `}`, "",
			"[gd_scene format=3]\r\n\r\n[node name=\"A\" type=\"Node\"]\r\n"},
		{"none", `{` + scene + `}`, "", "[gd_scene format=3]\n\n[node name=\"A\" type=\"Node\"]\n"},
		{"lf", `{"line_endings":"lf",` + scene + `}`, `"line_endings": "lf", not "crlf" or none (LF)`, ""},
		{"CRLF", `{"line_endings":"CRLF",` + scene + `}`, `"line_endings": "CRLF", not "crlf"`, ""},
		{"binary", `{"binary":true,"line_endings":"crlf",` + scene + `}`, "a text file's, not a binary file's", ""},
	})
}

// jsonMemberCase is a File's JSON with a member of its text's form: the
// error reading it gives, or the text the File then writes.
type jsonMemberCase struct{ name, json, err, want string }

// checkJSONMember reads each case's JSON into a File and checks what it
// gives: the error, or the text written.
func checkJSONMember(t *testing.T, cases []jsonMemberCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := NewFile("")
			require.NoError(t, err)
			err = f.UnmarshalJSON([]byte(c.json))
			if c.err != "" {
				require.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			got, err := f.AppendText(nil)
			require.NoError(t, err)
			assert.Equal(t, c.want, string(got))
		})
	}
}
