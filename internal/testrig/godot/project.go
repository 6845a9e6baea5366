package godot

import (
	"os"
	"path/filepath"
	"testing"
)

// project makes the directory an engine runs in, removed when the test
// ends: an empty project.godot, and a link to the repository's scripts
// folder, so that the scripts' res://scripts/… paths resolve and nothing
// else is in the project. Without a project.godot, Godot 4.6 takes about a
// second alone, and 3 to 30 s on a loaded machine, to reach its first
// frame; with one, about 10 ms. The engine lists no folder of the
// repository (it imports nothing outside the editor) and opens only the
// scripts it runs. Its user:// and settings go to home, outside the project
// (but for Godot 3.2's logs folder, which goes into the project). With
// src (a folder of the repository), the project is src's instead: a link
// to each of its files, project.godot among them, and the scripts folder.
func project(t testing.TB, src string) (dir, home string) {
	t.Helper()
	base := t.TempDir()
	dir, home = filepath.Join(base, "project"), filepath.Join(base, "home")
	for _, d := range []string{dir, home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if src == "" {
		if err := os.WriteFile(filepath.Join(dir, "project.godot"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		src = filepath.Join(root(t), src)
		files, err := os.ReadDir(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.Symlink(filepath.Join(src, f.Name()), filepath.Join(dir, f.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.Symlink(filepath.Join(root(t), "scripts"), filepath.Join(dir, "scripts")); err != nil {
		t.Fatal(err)
	}
	return dir, home
}
