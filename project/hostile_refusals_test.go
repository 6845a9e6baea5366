package project

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exportedErrors are the errors a refusal of the package matches: its
// own, and fs.ErrNotExist for a file the project lacks.
var exportedErrors = []error{ErrTooLarge, ErrTooManyFiles, ErrTooDeep, ErrNoProject, ErrBudget, ErrCycle, ErrNotRegular, ErrUnreadable, ErrUnknownClass, fs.ErrNotExist}

// maxRefusal is the most bytes a refusal's error takes: a few names, each
// cut, and the reason.
const maxRefusal = 300

// refusal is a question a hostile project is refused, and the file the
// error must name.
type refusal struct {
	name  string
	files map[string]string
	make  func(t *testing.T, dir string) // what files cannot say (links)
	opts  []Option
	ask   func(p *Project) error
	file  string
}

// link makes a symbolic link name in the project, to to.
func link(name, to string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) { require.NoError(t, os.Symlink(to, filepath.Join(dir, name))) }
}

// uidLoop is two scenes each instancing the other by its uid://.
var uidLoop = map[string]string{
	"a.tscn": "[gd_scene format=3 uid=\"uid://bloopa\"]\n[ext_resource type=\"PackedScene\" uid=\"uid://bloopb\" path=\"res://old.tscn\" id=\"1\"]\n" +
		"[node name=\"R\" type=\"Node\"]\n[node name=\"c\" parent=\".\" instance=ExtResource(\"1\")]\n",
	"b.tscn": "[gd_scene format=3 uid=\"uid://bloopb\"]\n[ext_resource type=\"PackedScene\" uid=\"uid://bloopa\" path=\"res://old.tscn\" id=\"1\"]\n" +
		"[node name=\"R\" type=\"Node\"]\n[node name=\"c\" parent=\".\" instance=ExtResource(\"1\")]\n",
}

// refusals are the refusals of the attack tests, and those of scenes in
// a loop, of files the system does not read, of folders too deep.
func refusals() []refusal {
	var out []refusal
	for _, attacks := range [][]expansion{treeAttacks(), defaultAttacks(), classAttacks()} {
		for _, e := range attacks {
			if e.is != nil {
				ask := e.ask
				out = append(out, refusal{name: e.name, files: e.files, ask: func(p *Project) error { _, err := ask(p); return err }, file: "res://"})
			}
		}
	}
	tree := func(res string) func(p *Project) error {
		return func(p *Project) error { _, err := p.Tree(res); return err }
	}
	resolve := func(res string) func(p *Project) error {
		return func(p *Project) error { _, err := p.Resolve(res); return err }
	}
	stored := func(res string) func(p *Project) error {
		return func(p *Project) error { _, err := p.StoredProperties(res); return err }
	}
	long := "res://" + strings.Repeat("L", 200) + "0.tscn"
	scripted := map[string]string{"m.tscn": "[gd_scene format=3]\n[ext_resource type=\"Script\" path=\"res://z.gd\" id=\"1\"]\n[node name=\"R\" type=\"Node\"]\nscript = ExtResource(\"1\")\n",
		"e.gd": "extends \"z.gd\"\n", "project.godot": "config_version=5\n[autoload]\nZ=\"*res://z.gd\"\n"}
	return append(out,
		refusal{"a scene loop through uid://", uidLoop, nil, nil, tree("uid://bloopa"), "res://a.tscn"},
		refusal{"a loop of 200 long-named scenes", loop(200), nil, []Option{WithLimits(Limits{TreeBytesPerByte: 1 << 20})}, tree(long), "res://LLL"},
		refusal{"a loop of 200 long-named scenes, past the budget", loop(200), nil, nil, tree(long), "res://LLL"},
		refusal{"300 scenes nested", instancing(300, "n"), nil, nil, tree("res://s299.tscn"), "res://s299.tscn"},
		refusal{"a script linked to /dev/zero", nil, link("z.gd", "/dev/zero"), nil, resolve("res://z.gd"), "res://z.gd"},
		refusal{"the stored variables of a script linked to /dev/zero", nil, link("z.gd", "/dev/zero"), nil, stored("res://z.gd"), "res://z.gd"},
		refusal{"a script extending one linked to /dev/zero", scripted, link("z.gd", "/dev/zero"), nil, resolve("res://e.gd"), "z.gd"},
		refusal{"a scene's script linked to /dev/zero", scripted, link("z.gd", "/dev/zero"), nil, tree("res://m.tscn"), "res://z.gd"},
		refusal{"an autoload linked to /dev/zero", scripted, link("z.gd", "/dev/zero"), nil, func(p *Project) error { _, err := p.RunningTree(""); return err }, "res://z.gd"},
		refusal{"a dangling link", nil, link("z.gd", "gone.gd"), nil, resolve("res://z.gd"), "res://z.gd"},
		refusal{"a loop of links", nil, link("z.gd", "z.gd"), nil, resolve("res://z.gd"), "res://z.gd"},
		refusal{"a scene path of 64 KiB", map[string]string{"m.tscn": "[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://" + strings.Repeat("b/", 32<<10) + "c.tscn\" id=\"1\"]\n" +
			"[node name=\"R\" type=\"Node\"]\n[node name=\"c\" parent=\".\" instance=ExtResource(\"1\")]\n"}, nil, nil, tree("res://m.tscn"), "res://b/b/"},
	)
}

// Every refusal of the attack tests matches an exported error
// (errors.Is), names the file at fault, and is short, on one line, each
// name cut and none repeated. Before, a scene loop through uid:// met a
// walk failed by one unreadable script, and refusals named the machine's
// paths; a loop of 200 long-named scenes took 982 bytes, showing five
// names of each.
func TestHostileRefusalsAreTyped(t *testing.T) {
	for _, r := range refusals() {
		files := map[string]string{}
		for k, v := range r.files {
			files[k] = v
		}
		dir := writeProject(t, files)
		if r.make != nil {
			r.make(t, dir)
		}
		p, err := Open(dir, r.opts...)
		require.NoError(t, err)
		err = r.ask(p)
		if !assert.Error(t, err, r.name) {
			continue
		}
		msg := err.Error()
		t.Logf("%s: %d bytes: %s", r.name, len(msg), msg)
		assert.True(t, slices.ContainsFunc(exportedErrors, func(e error) bool { return errors.Is(err, e) }), "%s: %v matches no exported error", r.name, err)
		assert.LessOrEqual(t, len(msg), maxRefusal, r.name)
		assert.NotContains(t, msg, "\n", r.name)
		assert.NotContains(t, msg, dir, r.name) // the project's paths, not the machine's
		assert.Contains(t, msg, r.file, r.name)
		assert.True(t, utf8.ValidString(msg), r.name)
		first := msg[strings.Index(msg, "res://")+len("res://"):]
		first = "res://" + first[:strings.IndexAny(first, ": ")]
		assert.Equal(t, 1, strings.Count(msg, first), "%s: %s named again", r.name, first)
	}
}
