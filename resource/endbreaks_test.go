package resource

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exitMenuTail is the start and the end of ui/exit_menu.tscn of
// niltoncalegari/godot-multiplayer (MIT), which ends with a blank line,
// as three more of its scenes do (login_ui.tscn with two).
const exitMenuTail = `[gd_scene load_steps=3 format=3 uid="uid://b8k7x2nan4p5q"]

[node name="ExitButton" type="Button"]
layout_mode = 2
theme_override_font_sizes/font_size = 18
text = "Sair"
`

// A text file that ends with more line breaks than the engine's one
// comes back with them, as text and through JSON ("end_line_breaks"), in
// LF and in CRLF; AsSaved ends it with one, as the engine does; more
// than maxEndBreaks are not kept.
func TestEndBreaksKept(t *testing.T) {
	for _, c := range []struct {
		name  string
		extra string // what follows the file's own line break
		kept  int    // File.endBreaks
	}{
		{"the engine's one", "", 0},
		{"a blank line (exit_menu.tscn)", "\n", 2},
		{"two (login_ui.tscn)", "\n\n", 3},
		{"the most kept", strings.Repeat("\n", maxEndBreaks-1), maxEndBreaks},
		{"too many", strings.Repeat("\n", maxEndBreaks), 0},
	} {
		for _, crlf := range []bool{false, true} {
			name := fmt.Sprintf("%s, CRLF %v", c.name, crlf)
			text := withEndings(exitMenuTail+c.extra, crlf)
			f, err := Read(strings.NewReader(text))
			require.NoError(t, err, name)
			assert.Equal(t, c.kept, f.endBreaks, name)
			want := text
			if c.kept == 0 {
				want = withEndings(exitMenuTail, crlf)
			}
			back, err := f.AppendText(nil)
			require.NoError(t, err, name)
			assert.Equal(t, want, string(back), name)

			j, err := json.Marshal(f)
			require.NoError(t, err, name)
			assert.Equal(t, c.kept != 0, bytes.Contains(j, []byte(`"end_line_breaks"`)), name)
			g, err := NewFile("")
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(j, g), name)
			back, err = g.AppendText(nil)
			require.NoError(t, err, name)
			assert.Equal(t, want, string(back), name+": JSON")

			saved, err := f.AsSaved().AppendText(nil)
			require.NoError(t, err, name)
			assert.True(t, bytes.HasSuffix(saved, []byte("\"Sair\"\n")), name+": AsSaved ends with one LF")
		}
	}
}

// JSON's "end_line_breaks" is 2 to maxEndBreaks or none, of text only.
func TestJSONEndBreaks(t *testing.T) {
	const scene = `"scene":true,"nodes":[{"name":"A","type":"Node"}]`
	checkJSONMember(t, []jsonMemberCase{
		{"two", `{"end_line_breaks":2,` + scene + `}`, "", "[gd_scene format=3]\n\n[node name=\"A\" type=\"Node\"]\n\n"},
		{"with crlf", `{"end_line_breaks":3,"line_endings":"crlf",` + scene + `}`, "",
			"[gd_scene format=3]\r\n\r\n[node name=\"A\" type=\"Node\"]\r\n\r\n\r\n"},
		{"none", `{` + scene + `}`, "", "[gd_scene format=3]\n\n[node name=\"A\" type=\"Node\"]\n"},
		{"one", `{"end_line_breaks":1,` + scene + `}`, `"end_line_breaks": 1, not 2 to 64 or none`, ""},
		{"too many", `{"end_line_breaks":1000000000,` + scene + `}`, `"end_line_breaks": 1000000000, not 2 to 64`, ""},
		{"negative", `{"end_line_breaks":-2,` + scene + `}`, `not 2 to 64`, ""},
		{"binary", `{"binary":true,"end_line_breaks":2,` + scene + `}`, "a text file's, not a binary file's", ""},
	})
}
