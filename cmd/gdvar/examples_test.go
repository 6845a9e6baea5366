package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/cli"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every command's help ends with its examples, and every command has
// some.
func TestHelpEndsWithExamples(t *testing.T) {
	for _, c := range commands {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			assert.Equal(t, 0, run([]string{c.name, "-h"}, nil, &out, &out), out.String())
			want := cli.Examples[c.name]
			require.NotEmpty(t, want, "no examples")
			help := strings.TrimRight(out.String(), "\n")
			at := strings.LastIndex(help, "\nExamples:\n")
			require.Positive(t, at, "no Examples: %s", help)
			lines := strings.Split(help[at+len("\nExamples:\n"):], "\n")
			if strings.HasPrefix(lines[len(lines)-1], "  (GODOT=") {
				lines = lines[:len(lines)-1]
			}
			for i := range lines {
				lines[i] = strings.TrimPrefix(lines[i], "  ")
			}
			assert.Equal(t, want, lines, "the help's last lines")
		})
	}
	for name := range cli.Examples {
		assert.True(t, commandNamed(name), "examples of %q, which is no command", name)
	}
}

func commandNamed(name string) bool {
	for _, c := range commands {
		if c.name == name {
			return true
		}
	}
	return false
}

// What an example needs to run as written.
const (
	runs      = iota // files of testdata alone
	withGodot        // an engine, as $GODOT
	parsed           // a server at its address: its command's package parses its flags, reads its project and scenario
)

// needs says what running example e of command name needs.
func needs(name, e string) int {
	switch {
	case name == "load", name == "audit" && strings.Contains(e, " -addr "):
		return parsed
	case strings.Contains(e, "$GODOT"):
		return withGodot
	}
	return runs
}

// Each command's examples run as written, in a folder holding the files
// they name (made from testdata), with gdvar on the PATH: exit 0. Those
// that start a game run with an engine, and skip without one; those that
// need a server of their own are left to their command's package, whose
// TestHelpExamplesParse parses their flags and reads their files, as the
// command does before it joins.
func TestHelpExamplesRun(t *testing.T) {
	fixtures := exampleFixtures(t)
	bin := t.TempDir()
	exe, err := os.Executable()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(bin, "gdvar"), []byte("#!/bin/sh\nGDVAR_TEST_AS_GDVAR=1 exec "+exe+` "$@"`+"\n"), 0o755))
	engine := godot.Find(godot.Godot4)
	var platformer string // the 2D platformer of the corpus, imported, once an example needs it
	outer := t
	for _, c := range commands {
		for i, e := range cli.Examples[c.name] {
			t.Run(c.name+"/"+string(rune('0'+i)), func(t *testing.T) {
				dir := t.TempDir()
				require.NoError(t, os.CopyFS(dir, os.DirFS(fixtures)))
				env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "GODOT="+engine)
				switch needs(c.name, e) {
				case parsed: // by the command's package, which parses its flags
					t.Skipf("parsed by cmd/gdvar/internal/%scmd's TestHelpExamplesParse", c.name)
				case withGodot:
					if engine == "" {
						godot.Require(t, godot.Godot4) // skips, saying how to install it
					}
					if platformer == "" { // kept for the examples after this one: the test's, not this subtest's
						platformer = debuggertest.Project(outer, filepath.Join("..", "..", "testdata", "projects", "ewanc26__platformer-prototype"))
					}
					require.NoError(t, os.Symlink(platformer, filepath.Join(dir, "platformer")))
				}
				if strings.Contains(e, "jq ") {
					if _, err := exec.LookPath("jq"); err != nil {
						t.Skip("jq is not installed: the example pipes through it")
					}
				}
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				sh := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", e)
				sh.Dir, sh.Env = dir, env
				out, err := sh.CombinedOutput()
				require.NoError(t, err, "%s\n%s", e, out)
				t.Logf("%s\n%s", e, head(out, 20))
			})
		}
	}
}

// exampleFixtures makes the folder of the files the examples name, from
// testdata and by gdvar itself.
func exampleFixtures(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	testdata := filepath.Join("..", "..", "testdata")
	copyTo := func(src, name string) {
		b, err := os.ReadFile(src)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	gdvar := func(name string, stdin string, args ...string) {
		var out, errOut bytes.Buffer
		require.Equal(t, 0, run(args, strings.NewReader(stdin), &out, &errOut), "gdvar %s: %s", args, &errOut)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), out.Bytes(), 0o644))
	}
	copyTo(filepath.Join(testdata, "golden", "godot4", "array_mixed.bin"), "packet.bin")
	copyTo(walkFile, "walk.jsonl")
	copyTo(filepath.Join(testdata, "projects", "Maaack__Godot-Game-Template", "default_bus_layout.tres"), "bus.tres")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "settings.cfg"), []byte("[audio]\n\nvolume=0.8\n\n[video]\n\nsize=Vector2i(1280, 720)\n"), 0o644))
	save := `{"gold": 10, "name": "Ann", "pos": Vector2(1.5, 2)}` + "\n" + `[1, 2.5, "level_2"]` + "\n"
	gdvar("save.dat", save, "encode", "-from", "text", "-framing", "stream")
	gdvar("save.json", "", "json", filepath.Join(dir, "save.dat"))
	gdvar("save.sav", save, "encode", "-from", "text", "-framing", "stream", "-password", "hunter2")
	gdvar("save3.sav", `{"gold": 10, "pos": Vector2( 1.5, 2 )}`+"\n", "encode", "-engine", "3", "-from", "text", "-framing", "stream", "-password", "hunter2")
	gdvar("level.scn", "", "convert", "-to", "scn", filepath.Join(testdata, "projects", "ewanc26__platformer-prototype", "scenes", "game.tscn"))
	require.NoError(t, os.CopyFS(filepath.Join(dir, "mygame"), os.DirFS(filepath.Join("..", "..", "scripts", "bench", "players"))))
	return dir
}

// head is b's first n lines.
func head(b []byte, n int) string {
	lines := strings.SplitAfterN(string(b), "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "…\n")
	}
	return strings.Join(lines, "")
}
