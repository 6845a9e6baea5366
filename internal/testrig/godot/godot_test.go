package godot

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each engine runs in a project of its own: res:// is a folder holding a
// project.godot (without one, Godot 4 takes seconds to reach its first
// frame on a loaded machine), not the repository, and the scripts resolve
// through it.
func TestLiveProject(t *testing.T) {
	for _, name := range []string{Godot4, Godot3_6, Godot3_2} {
		t.Run(name, func(t *testing.T) {
			engine := Require(t, name)
			res := Line(t, RunScript(t, engine, "scripts/godot/probe.gd"), "RES ")
			assert.FileExists(t, filepath.Join(res, "project.godot"))
			assert.NoDirExists(t, filepath.Join(res, ".git"), "res:// is not the repository")
			assert.FileExists(t, filepath.Join(res, "scripts", "godot", "probe.gd"))
		})
	}
}

// An engine that fails fails the test with all it printed, on standard
// output as well as standard error, whether the test runs the script to
// its end or starts it and waits.
func TestLiveFailureShowsOutput(t *testing.T) {
	engine := Require(t, Godot4)
	t.Setenv("GDVAR_PROBE_EXIT", "3")
	for name, run := range map[string]func(testing.TB){
		"RunScript":  func(t testing.TB) { RunScript(t, engine, "scripts/godot/probe.gd") },
		"Start+Wait": func(t testing.TB) { Start(t, engine, "scripts/godot/probe.gd").Wait(t) },
	} {
		t.Run(name, func(t *testing.T) {
			msg := fatal(t, run)
			assert.Contains(t, msg, "exit status 3")
			assert.Contains(t, msg, "FAILING ON PURPOSE")
			assert.Contains(t, msg, "RES ")
		})
	}
}

// fatal runs f with a testing.TB whose Fatal stops f, and returns the
// message it was given ("" if none).
func fatal(t *testing.T, f func(testing.TB)) string {
	rec := &fatalRecorder{TB: t}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		f(rec)
	}()
	wg.Wait()
	return rec.msg
}

type fatalRecorder struct {
	testing.TB
	msg string
}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *fatalRecorder) Fatal(args ...any) {
	r.msg = fmt.Sprint(args...)
	runtime.Goexit()
}

// Long output is cut in the middle: its start and end are kept.
func TestExcerpt(t *testing.T) {
	long := "first line\n" + strings.Repeat("x", 1<<20) + "\nlast line"
	for _, c := range []struct {
		in       string
		want     []string
		maxBytes int
	}{
		{"short\n", []string{"short\n"}, 6},
		{long, []string{"first line\n", "\nlast line", fmt.Sprintf("… %d bytes left out …", len(long)-16<<10)}, 17 << 10},
	} {
		got := excerpt(c.in)
		for _, w := range c.want {
			assert.Contains(t, got, w)
		}
		assert.LessOrEqual(t, len(got), c.maxBytes)
	}
}

// The folder an engine runs in holds an empty project.godot and a link to
// the repository's scripts, and nothing else.
func TestProjectFolder(t *testing.T) {
	dir, home := project(t, "")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"project.godot", "scripts"}, names)
	st, err := os.Stat(filepath.Join(dir, "project.godot"))
	require.NoError(t, err)
	assert.Zero(t, st.Size())
	assert.FileExists(t, filepath.Join(dir, "scripts", "install-godot.sh"))
	assert.DirExists(t, home)
}
