// Command realconv has Godot 4.6 convert real TileSets and FontFiles of the
// corpus (testdata/projects), in a copy of each project where the assets
// the corpus cuts (the atlas textures, the fonts) are placeholders of the
// sizes the files need (godot.Placeholders): the conversions do not hold
// the assets' contents, only their paths. It keeps what convert4.gd makes
// of each file (a.res, a.conv.tres, a.moved.tres) under
// OUTDIR/PROJECT/PATH, as the goldens of resource's TestRealTileSetsAndFonts:
//
//	go run ./scripts/resource/realconv OUTDIR PROJECT/PATH.tres...
//
// (from the repository's root; the set kept is remade with
// `go run ./scripts/resource/realconv resource/testdata/real-conv
// $(cat resource/testdata/real-conv/index.txt)`).
//
// PROJECT/PATH is a file's path under testdata/projects; its project is
// the folder of the nearest project.godot above it.
package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/godot"
)

const corpus = "testdata/projects"

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: realconv OUTDIR PROJECT/PATH.tres...")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "realconv:", err)
		os.Exit(1)
	}
}

func run(out string, files []string) error {
	engine := godot.Find(godot.Godot4)
	if engine == "" {
		return fmt.Errorf("no %s: install it with scripts/install-godot.sh 4", godot.Godot4)
	}
	byProject := map[string][]string{}
	for _, f := range files {
		proj, err := projectOf(f)
		if err != nil {
			return err
		}
		byProject[proj] = append(byProject[proj], strings.TrimPrefix(f, proj+"/"))
	}
	for proj, paths := range byProject {
		if err := convert(engine, out, proj, paths); err != nil {
			return fmt.Errorf("%s: %w", proj, err)
		}
	}
	slices.Sort(files)
	return os.WriteFile(filepath.Join(out, "index.txt"), []byte(strings.Join(files, "\n")+"\n"), 0o644)
}

// projectOf returns the folder, under the corpus, of the project a file
// of the corpus is in.
func projectOf(file string) (string, error) {
	for dir := filepath.Dir(file); dir != "."; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(corpus, dir, "project.godot")); err == nil {
			return dir, nil
		}
	}
	return "", fmt.Errorf("%s is in no project of %s", file, corpus)
}

// convert has the engine convert the project's files in a copy of it with
// placeholders, and keeps the outputs.
func convert(engine, out, proj string, paths []string) error {
	copyDir, err := os.MkdirTemp("", "realconv")
	if err != nil {
		return err
	}
	defer os.RemoveAll(copyDir)
	if err := os.CopyFS(copyDir, os.DirFS(filepath.Join(corpus, proj))); err != nil {
		return err
	}
	if _, _, err := godot.Placeholders(copyDir); err != nil {
		return err
	}
	script, err := os.ReadFile("scripts/resource/convert4.gd")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(copyDir, "convert4.gd"), script, 0o644); err != nil {
		return err
	}
	engineRun(engine, copyDir, "--import")
	args := []string{"-s", "res://convert4.gd", "--"}
	for _, p := range paths {
		args = append(args, "res://"+p)
	}
	log := engineRun(engine, copyDir, args...)
	for _, p := range paths {
		if !strings.Contains(log, "converted res://"+p+"\n") {
			return fmt.Errorf("the engine did not convert %s:\n%s", p, log)
		}
		base := strings.TrimSuffix(p, ".tres")
		for _, ext := range []string{".res", ".conv.tres", ".moved.tres"} {
			data, err := os.ReadFile(filepath.Join(copyDir, base+ext))
			if err != nil {
				return err
			}
			dst := filepath.Join(out, proj, base+ext)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(dst, data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// engineRun runs the engine headless in the project dir, for at most two
// minutes, and returns what it printed.
func engineRun(engine, dir string, args ...string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, engine, append([]string{"--headless", "--path", dir}, args...)...)
	b, _ := cmd.CombinedOutput()
	return string(b)
}
