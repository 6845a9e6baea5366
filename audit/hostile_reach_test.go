package audit

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/project"
)

// referencing is a project of scenes scenes, each holding one script of
// an any_peer method and naming the next scene in a property (a loop),
// and of scripts scripts, each preloading every scene, the last scene's
// script preloading the first (a loop through code): what reaching
// scenes reads grows with its files, and reads each once. It returns
// the files and their bytes.
func referencing(scenes, scripts int) (map[string]string, int) {
	files := map[string]string{"main.tscn": sceneOf("Main", "", ""), "r.gd": anyPeer + "const FIRST = preload(\"res://s/0.tscn\")\n"}
	for i := range scenes {
		files[fmt.Sprintf("s/%d.tscn", i)] = fmt.Sprintf("[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://r.gd\" id=\"s\"]\n"+
			"[ext_resource type=\"PackedScene\" path=\"res://s/%d.tscn\" id=\"n\"]\n\n[node name=\"S%d\" type=\"Node\"]\nscript = ExtResource(\"s\")\nnext = ExtResource(\"n\")\n",
			(i+1)%scenes, i)
	}
	var refs strings.Builder
	for i := range scenes {
		fmt.Fprintf(&refs, "const S%d = preload(\"res://s/%d.tscn\")\n", i, i)
	}
	for i := range scripts {
		files[fmt.Sprintf("code/%d.gd", i)] = "extends Node\n" + refs.String()
	}
	size := 0
	for _, src := range files {
		size += len(src)
	}
	return files, size
}

// A project of thousands of scenes, each named by many scripts and
// naming the next, in loops through scenes and through code, is audited
// within what the project reader allocates to read its files (each
// script, each scene, the trees of those read) and auditBytesPerByte
// more a byte, at most maxScenes scenes read (one finding says how many
// more were not), each file read once: its CPU time grows with its bytes
// (four times the scenes, each script naming each, take at most twice as
// much more time as bytes), not with the references times the scenes (a
// script read again for each of its references: sixteen times).
func TestHostileReach(t *testing.T) {
	cost := func(scenes, scripts int) (time.Duration, int) {
		files, size := referencing(scenes, scripts)
		dir := writeProject(t, files).Dir
		reader := readerReach(t, dir)
		var rep *Report
		var alloc uint64
		cpu := time.Duration(math.MaxInt64)
		for run := range 2 { // the least CPU time: another process only adds
			p, err := project.Open(dir)
			require.NoError(t, err)
			hostile.Collect()
			start := cputime.Process()
			a := hostile.Allocated(func() { rep, err = Static(p, "") })
			cpu = min(cpu, cputime.Process()-start)
			require.NoError(t, err)
			if run == 0 {
				alloc = a
			}
		}
		t.Logf("%d scenes, %d scripts: %d bytes, %.1f B/B allocated, the reader's %.1f, %.0f cpu-ns/byte, %d scenes listed", scenes, scripts, size,
			float64(alloc)/float64(size), float64(reader)/float64(size), float64(cpu)/float64(size), len(rep.Scenes))
		assert.LessOrEqual(t, alloc, reader+auditBytesPerByte*uint64(size)+hostile.Floor)
		assert.LessOrEqual(t, len(rep.Scenes), maxScenes)
		if scenes > maxScenes {
			assert.Contains(t, rep.Findings[len(rep.Findings)-1].Message, fmt.Sprintf("%d scenes past the %d an audit reads", scenes-maxScenes, maxScenes))
		}
		return cpu, size
	}
	cost(maxScenes+100, 8)
	small, smallSize := cost(1000, 16)
	large, largeSize := cost(4000, 16)
	if small > 0 {
		assert.LessOrEqual(t, float64(large)/float64(small), 2*float64(largeSize)/float64(smallSize), "CPU time against bytes")
	}
	hostile.Collect()
}

// readerReach returns what the project reader allocates to read what
// Static reads of the project in dir: each script and scene, the trees
// of the scenes it reads (at most maxScenes), the RPCs of their script.
func readerReach(t *testing.T, dir string) uint64 {
	p, err := project.Open(dir)
	require.NoError(t, err)
	return hostile.Allocated(func() {
		files, err := p.Files()
		require.NoError(t, err)
		trees := 0
		for _, f := range files {
			switch {
			case strings.HasSuffix(f, ".gd"):
				_, err = p.Script(f)
			case project.IsScene(f):
				if _, err = p.Scene(f); err == nil && trees < maxScenes {
					trees++
					_, err = p.Tree(f)
				}
			}
			require.NoError(t, err)
		}
		_, err = p.RPCs("res://r.gd")
		require.NoError(t, err)
	})
}
