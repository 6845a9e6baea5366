package debuggertest

import (
	"context"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/childproc"
)

// importWait bounds a project's import: the corpus's take seconds.
const importWait = 3 * time.Minute

// Project returns a copy of the Godot project in the folder src, in a
// folder of the test's own, where the engine may write (its .godot cache,
// its imports): src itself is never written. A link to a file is copied
// as the file it links to; links to folders, devices and pipes are left
// out. A project whose assets need importing (it holds .import files) is
// imported in the copy first, with the Godot 4 engine Godot finds (godot
// --headless --import), which takes seconds; what the import printed is
// logged if the test fails.
func Project(t testing.TB, src string) string {
	t.Helper()
	dir := t.TempDir()
	imports := false
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path) // path is under src
		switch {
		case d.IsDir() && d.Name() == ".godot": // a cache of the source's, remade
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		case !d.Type().IsRegular() && !isFile(path): // a device, a pipe, a link to a folder or to nothing
			return nil
		}
		imports = imports || strings.HasSuffix(path, ".import")
		return copyFile(path, filepath.Join(dir, rel))
	})
	if err != nil {
		t.Fatalf("copying the project %s: %v", src, err)
	}
	if imports {
		importProject(t, dir)
	}
	return dir
}

// isFile says whether path, followed if it is a link, is a regular file.
func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// copyFile copies the regular file src (or the one it links to) to dst.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// importProject imports the assets of the project in dir.
func importProject(t testing.TB, dir string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), importWait)
	defer cancel()
	cmd := exec.CommandContext(ctx, Godot(t), "--headless", "--path", dir, "--import")
	cmd.Env = append(os.Environ(), "GDVAR_GODOT_HOME="+t.TempDir())
	out := &childproc.Output{Max: maxKept}
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("importing the project printed:\n%s", out.String())
		}
	})
	if err != nil {
		t.Fatalf("importing the project in %s: %v", dir, err)
	}
}
