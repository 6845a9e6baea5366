//go:build unix

package project

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// returnsOrUnblock runs read and returns its error, or fails the test if
// read has not returned after a minute, far beyond what any machine
// takes: it then opens each pipe to write and closes it, which ends a
// read waiting on one, so that the test ends.
func returnsOrUnblock(t *testing.T, pipes []string, read func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- read() }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Minute):
	}
	for _, pipe := range pipes {
		if f, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	}
	t.Errorf("still reading after a minute: it waits on a pipe")
	return <-done
}

// A path the project reads that names a named pipe, directly or through a
// symbolic link, a device, a folder, is refused at once with
// ErrNotRegular, by every reader: scripts and their bases, the class-name
// walk (scripts and UID files), scenes, project.godot.
func TestNonRegularFiles(t *testing.T) {
	pipe := func(name string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) { require.NoError(t, syscall.Mkfifo(filepath.Join(dir, name), 0o644)) }
	}
	link := func(name, to string) func(t *testing.T, dir string) {
		return func(t *testing.T, dir string) {
			if to == ".pipe" {
				pipe(".pipe")(t, dir) // hidden: the walk skips it, not the link
			}
			require.NoError(t, os.Symlink(to, filepath.Join(dir, name)))
		}
	}
	resolve := func(res string) func(p *Project) error {
		return func(p *Project) error { _, err := p.Resolve(res); return err }
	}
	// walked walks the project, which skips a file it cannot read, then
	// reads the file alone.
	walked := func(read func(p *Project) error) func(p *Project) error {
		return func(p *Project) error {
			if _, err := p.Classes(); err != nil {
				return fmt.Errorf("the walk failed: %v", err)
			}
			return read(p)
		}
	}
	script := func(res string) func(p *Project) error {
		return func(p *Project) error { _, err := p.Script(res); return err }
	}
	tree := func(p *Project) error { _, err := p.Tree("res://m.tscn"); return err }
	tests := []struct {
		name  string
		files map[string]string
		make  func(t *testing.T, dir string)
		read  func(p *Project) error
	}{
		{"extends a named pipe", map[string]string{"a.gd": "extends \"pipe.gd\"\n"}, pipe("pipe.gd"), resolve("res://a.gd")},
		{"a script linked to a named pipe", nil, link("x.gd", ".pipe"), resolve("res://x.gd")},
		{"extends a script linked to a named pipe", map[string]string{"a.gd": "extends \"x.gd\"\n"}, link("x.gd", ".pipe"), resolve("res://a.gd")},
		{"the class-name walk meets a script linked to a named pipe", nil, link("x.gd", ".pipe"), walked(script("res://x.gd"))},
		{"the walk meets a UID file linked to a named pipe", nil, link("a.gd.uid", ".pipe"), walked(script("res://a.gd.uid"))},
		{"a class_name script's walk meets a linked pipe", map[string]string{"a.gd": "class_name A\nextends Node\n"}, link("b.tscn", ".pipe"),
			walked(func(p *Project) error {
				if _, err := p.Resolve("res://a.gd"); err != nil {
					return fmt.Errorf("a.gd: %v", err)
				}
				_, err := p.Scene("res://b.tscn")
				return err
			})},
		{"a scene linked to a named pipe", nil, link("m.tscn", ".pipe"), tree},
		{"an instanced scene is a named pipe", map[string]string{"m.tscn": "[gd_scene format=3]\n[ext_resource type=\"PackedScene\" path=\"res://p.tscn\" id=\"1\"]\n[node name=\"M\" type=\"Node\"]\n[node name=\"P\" parent=\".\" instance=ExtResource(\"1\")]\n"},
			pipe("p.tscn"), tree},
		{"a script linked to a device", nil, link("z.gd", "/dev/zero"), resolve("res://z.gd")},
		{"a folder named x.gd", nil, func(t *testing.T, dir string) { require.NoError(t, os.Mkdir(filepath.Join(dir, "x.gd"), 0o755)) }, resolve("res://x.gd")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range tt.files {
				files[k] = v
			}
			dir := writeProject(t, files)
			tt.make(t, dir)
			pipes := []string{filepath.Join(dir, ".pipe"), filepath.Join(dir, "pipe.gd"), filepath.Join(dir, "p.tscn")}
			start := time.Now()
			err := returnsOrUnblock(t, pipes, func() error {
				p, err := Open(dir)
				if err != nil {
					return err
				}
				return tt.read(p)
			})
			t.Logf("%v after %v", err, time.Since(start))
			assert.ErrorIs(t, err, ErrNotRegular)
		})
	}

	t.Run("project.godot a named pipe", func(t *testing.T) {
		dir := t.TempDir()
		require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "project.godot"), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "a.gd"), []byte("extends Resource\n"), 0o644))
		err := returnsOrUnblock(t, []string{filepath.Join(dir, "project.godot")}, func() error {
			_, err := Open(dir)
			return err
		})
		assert.ErrorIs(t, err, ErrNotRegular)
	})
}
