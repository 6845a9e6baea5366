package resource_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/resource"
)

// A uid= that is not a UID's text (a hand's) is read as the engine's
// ResourceUID::text_to_id reads it, as none: the file loads, a header's
// UID is NoUID, and an external resource is found by its path. One the
// engine reads but never prints so (a digit 9 carries) is that UID. The
// text comes back as it was, as text and through JSON; AsSaved writes
// the engine's own (none for none), and WithoutUIDs none.
func TestUIDTextKept(t *testing.T) {
	const node = "\n[node name=\"Root\" type=\"Node\"]\n"
	for _, c := range []struct {
		name, text string
		// uid and extUID are the header's and the first ext_resource's
		// UIDs as they print, "" for none.
		uid, extUID   string
		saved, saved1 string // AsSaved's header, and its first ext_resource
	}{
		// niltoncalegari/godot-multiplayer (MIT),
		// client/scenes/login_ui.tscn at 9f9f6df1, its first lines.
		{"login_ui.tscn", `[gd_scene load_steps=2 format=3 uid="uid://login_ui_scene"]

[ext_resource type="Script" path="res://client/scripts/ui/login_ui.gd" id="1_login_ui"]
` + node, "", "", `[gd_scene format=3]`, ""},
		// Its server/scenes/main_server.tscn: a header's and an
		// ext_resource's.
		{"main_server.tscn", `[gd_scene load_steps=9 format=3 uid="uid://server_main_scene"]

[ext_resource type="PackedScene" uid="uid://enpjmjm7ayyu" path="res://levels/hub_level.tscn" id="6_hub_level"]
` + node + instance("6_hub_level"), "", "uid://enpjmjm7ayyu", `[gd_scene format=3]`,
			`[ext_resource type="PackedScene" uid="uid://enpjmjm7ayyu" path="res://levels/hub_level.tscn" id="6_hub_level"]`},
		// Its ui/ui.tscn: the UID of ui/exit_menu.tscn's header
		// (uid://b8k7x2nan4p5q) with m9 for na.
		{"ui.tscn", `[gd_scene load_steps=7 format=3 uid="uid://cvl4jsitsxp0u"]

[ext_resource type="PackedScene" uid="uid://b8k7x2m9n4p5q" path="res://ui/exit_menu.tscn" id="7_exit_menu"]
` + node + instance("7_exit_menu"), "uid://cvl4jsitsxp0u", "uid://b8k7x2nan4p5q", `[gd_scene format=3 uid="uid://cvl4jsitsxp0u"]`,
			`[ext_resource type="PackedScene" uid="uid://b8k7x2nan4p5q" path="res://ui/exit_menu.tscn" id="7_exit_menu"]`},
		{"ext_resource's alone", `[gd_resource type="Resource" format=3 uid="uid://a"]

[ext_resource type="Script" uid="uid://bad_one" path="res://a.gd" id="1_a"]

[resource]
script = ExtResource("1_a")
`, "uid://a", "", `[gd_resource type="Resource" format=3 uid="uid://a"]`,
			`[ext_resource type="Script" path="res://a.gd" id="1_a"]`},
		{"uid:// alone, 0", "[gd_scene format=3 uid=\"uid://\"]\n" + node, "uid://a", "",
			`[gd_scene format=3 uid="uid://a"]`, ""},
		{"<invalid>", "[gd_scene format=3 uid=\"uid://<invalid>\"]\n" + node, "", "",
			`[gd_scene format=3]`, ""},
		{"no uid://", "[gd_scene format=3 uid=\"b\"]\n" + node, "", "", `[gd_scene format=3]`, ""},
		{"upper case", "[gd_scene format=3 uid=\"uid://Main\"]\n" + node, "", "",
			`[gd_scene format=3]`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, j := comesBack(t, c.text)
			assert.Equal(t, uidOf(t, c.uid), f.UID)
			var js struct {
				UID string `json:"uid"`
			}
			require.NoError(t, json.Unmarshal(j, &js))
			header, _, _ := strings.Cut(c.text, "\n")
			assert.Equal(t, between(header, `uid="`, `"`), js.UID, "JSON")
			if len(f.External) > 0 {
				assert.Equal(t, uidOf(t, c.extUID), f.External[0].UID)
			}

			saved := lines(t, f.AsSaved())
			assert.Equal(t, c.saved, saved[0], "AsSaved")
			if c.saved1 != "" {
				assert.Equal(t, c.saved1, saved[2], "AsSaved")
			}
			for _, l := range lines(t, f.WithoutUIDs()) {
				assert.NotContains(t, l, "uid=", "WithoutUIDs")
			}

			// A UID set anew is written as it prints.
			f.UID = 1
			assert.Contains(t, lines(t, f)[0], ` uid="uid://b"]`)
		})
	}
}

// A uid= with a quote or a backslash, which the engine reads as none, is
// read so but not kept: the writer gives back no escapes.
func TestUIDTextEscapesNotKept(t *testing.T) {
	f, err := resource.Read(bytes.NewReader([]byte("[gd_scene format=3 uid=\"uid://a\\\"b\"]\n\n[node name=\"Root\" type=\"Node\"]\n")))
	require.NoError(t, err)
	assert.Equal(t, resource.NoUID, f.UID)
	assert.Equal(t, "[gd_scene format=3]", lines(t, f)[0])
}

// instance is a [node] that instances the scene of the ext_resource id.
func instance(id string) string {
	return "\n[node name=\"Child\" parent=\".\" instance=ExtResource(\"" + id + "\")]\n"
}

// uidOf returns the UID text prints, NoUID for "".
func uidOf(t *testing.T, text string) resource.UID {
	t.Helper()
	if text == "" {
		return resource.NoUID
	}
	u, err := resource.ParseUID(text)
	require.NoError(t, err)
	require.Equal(t, text, u.String())
	return u
}

// lines returns the lines of f's text.
func lines(t *testing.T, f *resource.File) []string {
	t.Helper()
	b, err := f.AppendText(nil)
	require.NoError(t, err)
	var out []string
	for _, l := range bytes.Split(b, []byte("\n")) {
		out = append(out, string(l))
	}
	return out
}

// between returns the text of s after the first from, up to the next to.
func between(s, from, to string) string {
	_, after, _ := strings.Cut(s, from)
	before, _, _ := strings.Cut(after, to)
	return before
}
