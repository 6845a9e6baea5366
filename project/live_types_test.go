package project

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/resource"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLiveTypes has Godot 4.6 load each of typeCases' scripts and say the
// types of the variables it declares, or the first error it gives for
// it, and checks that the reader reads the same, and that the case says
// so.
func TestLiveTypes(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	files := typeCaseFiles()
	files["types.gd"] = harness(t, "project", "types.gd")
	dir := writeProject(t, files)
	var list []string
	for _, c := range typeCases {
		list = append(list, "res://"+typeCasePath(c.name))
	}
	listFile := writeList(t, list)

	godot.StartWith(t, engine, "--path", dir, "--import").Wait(t)
	run := godot.StartWith(t, engine, "--path", dir, "-s", "res://types.gd", "--", listFile)
	run.Wait(t)
	out := run.Output()

	p, err := Open(dir)
	require.NoError(t, err)
	for _, c := range typeCases {
		res := "res://" + typeCasePath(c.name)
		want := engineTypes(out, res)
		assert.Equal(t, want, typesText(p, res), c.name)
		assert.Equal(t, c.want, want, "%s: the case's own verdict", c.name)
	}
}

// engineTypes finds in the harness's output what it says of a script:
// its variables' types, or the first error the engine printed at one of
// its lines, as "LINE: message".
func engineTypes(out, res string) string {
	_, rest, ok := strings.Cut(out, ">>> "+res+"\n")
	if !ok {
		return "no answer"
	}
	seg, rest, _ := strings.Cut(rest, "<<< "+res+" ")
	verdict, _, _ := strings.Cut(rest, "\n")
	if verdict != "REFUSED" {
		return verdict
	}
	lines := strings.Split(seg, "\n")
	at := "GDScript::reload (" + res + ":"
	for i := 0; i+1 < len(lines); i++ {
		msg, isErr := strings.CutPrefix(lines[i], "SCRIPT ERROR: Parse Error: ")
		_, where, ours := strings.Cut(lines[i+1], at)
		if isErr && ours {
			line, _ := strconv.Atoi(strings.TrimSuffix(where, ")"))
			return fmt.Sprintf("%d: %s", line, msg)
		}
	}
	return "REFUSED, with no error at one of its lines"
}

// constTypedFiles are resources whose scripts type their Arrays and
// Dictionaries through constants (const X = preload(…), a base's and
// another script's constants, an enum), written untyped, as a hand or an
// older script would leave them. Each refers to item.gd: the engine's
// saver lists the script of a typed Array left empty, which the resource
// package does not (see docs/resources.md).
var constTypedFiles = map[string]string{
	"r/holder.gd": "extends Resource\nconst ItemScript = preload(\"res://item.gd\")\nconst Chained = ItemScript\nenum E {A, B}\n" +
		"@export var items: Array[ItemScript]\n@export var main: ItemScript\n@export var chained: Array[Chained]\n" +
		"@export var other: Array[Other.Item]\n@export var enums: Array[E]\n@export var dict: Dictionary[String, ItemScript]\n",
	"r/holder_base.gd": "extends Other\n@export var base_items: Array[Item]\n@export var more: Array[Other.Item]\n",
	"r/all.tres": "[gd_resource type=\"Resource\" format=3]\n\n" +
		"[ext_resource type=\"Script\" path=\"res://r/holder.gd\" id=\"1\"]\n[ext_resource type=\"Script\" path=\"res://item.gd\" id=\"2\"]\n\n" +
		"[sub_resource type=\"Resource\" id=\"Resource_a\"]\nscript = ExtResource(\"2\")\nn = 5\n\n" +
		"[sub_resource type=\"Resource\" id=\"Resource_b\"]\nscript = ExtResource(\"2\")\nn = 7\n\n" +
		"[resource]\nscript = ExtResource(\"1\")\nitems = [SubResource(\"Resource_a\"), SubResource(\"Resource_b\")]\n" +
		"main = SubResource(\"Resource_b\")\nchained = [SubResource(\"Resource_a\")]\nother = [SubResource(\"Resource_b\")]\n" +
		"enums = [1, 0, 1]\ndict = {\n\"k\": SubResource(\"Resource_a\")\n}\n",
	"r/defaults.tres": "[gd_resource type=\"Resource\" format=3]\n\n" +
		"[ext_resource type=\"Script\" path=\"res://r/holder.gd\" id=\"1\"]\n[ext_resource type=\"Script\" path=\"res://item.gd\" id=\"2\"]\n\n" +
		"[sub_resource type=\"Resource\" id=\"Resource_a\"]\nscript = ExtResource(\"2\")\n\n" +
		"[resource]\nscript = ExtResource(\"1\")\nmain = SubResource(\"Resource_a\")\nenums = [1]\n",
	"r/base.tres": "[gd_resource type=\"Resource\" format=3]\n\n" +
		"[ext_resource type=\"Script\" path=\"res://r/holder_base.gd\" id=\"1\"]\n[ext_resource type=\"Script\" path=\"res://item.gd\" id=\"2\"]\n\n" +
		"[sub_resource type=\"Resource\" id=\"Resource_a\"]\nscript = ExtResource(\"2\")\n\n" +
		"[resource]\nscript = ExtResource(\"1\")\nbase_items = [SubResource(\"Resource_a\")]\nmore = [SubResource(\"Resource_a\"), SubResource(\"Resource_a\")]\n",
}

// TestLiveConstTypedResources has Godot 4.6 load constTypedFiles'
// resources, whose untyped Arrays and Dictionaries their scripts type
// through constants, and save each as text and as binary; with the
// project's scripts gdvar converts them to the same bytes, and without
// them it does not.
func TestLiveConstTypedResources(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	files := map[string]string{}
	for name, src := range typeFiles {
		files[name] = src
	}
	for name, src := range constTypedFiles {
		files[name] = src
	}
	files["load4.gd"] = harness(t, "resource", "load4.gd")
	dir := writeProject(t, files)
	var names []string
	for name := range constTypedFiles {
		if strings.HasSuffix(name, ".tres") {
			names = append(names, filepath.Base(name))
		}
	}
	godot.StartWith(t, engine, "--path", dir, "--import").Wait(t)
	for _, mode := range [][]string{nil, {"binary"}} {
		args := append(append([]string{"--path", dir, "-s", "res://load4.gd", "--", "res://r"}, mode...), names...)
		out := godot.StartWith(t, engine, args...).Wait(t)
		require.Contains(t, out, fmt.Sprintf("loaded %d of %d", len(names), len(names)))
	}

	p, err := Open(dir)
	require.NoError(t, err)
	differ := 0
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, "r", name))
		require.NoError(t, err)
		for _, form := range []resource.Form{resource.Text, resource.Binary} {
			back := name + ".back.tres"
			if form == resource.Binary {
				back = name + ".back.res"
			}
			want, err := os.ReadFile(filepath.Join(dir, "r", back))
			require.NoError(t, err)
			convert := func(opts ...resource.Option) string {
				f, err := resource.Read(bytes.NewReader(data), opts...)
				require.NoError(t, err)
				f.Path = "res://r/" + name
				g, err := f.SavedAs("res://r/"+back, form)
				require.NoError(t, err)
				var b []byte
				if form == resource.Text {
					b, err = g.AppendText(nil)
				} else {
					b, err = g.AppendBinary(nil)
				}
				require.NoError(t, err)
				return string(b)
			}
			assert.Equal(t, string(want), convert(resource.WithScripts(p)), back)
			if string(want) != convert() {
				differ++
			}
		}
	}
	t.Logf("%d conversions; without the scripts %d differ", 2*len(names), differ)
	assert.Positive(t, differ, "no case needs the scripts: the check proves nothing")
}
