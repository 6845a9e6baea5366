package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/gdvar/gdvar/project"
)

// writeGame writes a project whose main scene's root holds main.gd.
func writeGame(t testing.TB, script string, nodes int) (string, int) {
	dir := t.TempDir()
	var scene strings.Builder
	scene.WriteString("[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://main.gd\" id=\"1\"]\n\n[node name=\"Main\" type=\"Node\"]\nscript = ExtResource(\"1\")\n")
	for i := range nodes {
		fmt.Fprintf(&scene, "\n[node name=\"N%d\" type=\"Node\" parent=\".\"]\nscript = ExtResource(\"1\")\n", i)
	}
	files := map[string]string{
		"project.godot": "config_version=5\n[application]\nrun/main_scene=\"res://main.tscn\"\n",
		"main.gd":       script,
		"main.tscn":     scene.String(),
	}
	read := 0
	for name, src := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
		read += len(src)
	}
	return dir, read
}

// lines is line(0), line(1), … up to size bytes.
func lines(size int, line func(i int) string) string {
	return string(hostile.Lines(size, line))
}

// A project of thousands of methods or parameters, or thousands of nodes
// holding one script, is audited within what the project reader
// allocates to read it (its tree, its scripts' RPCs and their
// parameters, held to hostile.Bound by package project's tests) and
// auditBytesPerByte more a byte of its files: each script's methods once,
// however many nodes hold it, one finding of a method's untyped
// parameters, whatever their number. Before, 26 058 methods took 92.6
// bytes a byte, 128 856 parameters 115.4 (a finding each), 56 359
// unresolved types 55.8, 20 000 nodes 38.2.
func TestHostileStatic(t *testing.T) {
	const size = 1 << 20
	for _, c := range []struct {
		name   string
		script string
		nodes  int
	}{
		{"methods", "extends Node\n" + lines(size, func(i int) string {
			return fmt.Sprintf("@rpc(\"any_peer\", \"call_local\")\nfunc m%d(a, b: int):\n\tpass\n", i)
		}), 0},
		{"parameters", "extends Node\n@rpc(\"any_peer\")\nfunc m(" + lines(size, func(i int) string { return fmt.Sprintf("p%d, ", i) }) + "z):\n\tpass\n", 0},
		{"unresolved types", "extends Node\n@rpc(\"any_peer\")\nfunc m(" + lines(size, func(i int) string { return fmt.Sprintf("p%d: Nope%d, ", i, i) }) + "z):\n\tpass\n", 0},
		{"nodes", "extends Node\n@rpc(\"any_peer\")\nfunc m(a):\n\tpass\n", 20000},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, read := writeGame(t, c.script, c.nodes)
			reader := readerCost(t, dir)
			p, err := project.Open(dir)
			require.NoError(t, err)
			var rep *Report
			alloc := hostile.Allocated(func() { rep, err = Static(p, "") })
			require.NoError(t, err)
			assert.NotEmpty(t, rep.Findings)
			t.Logf("%d bytes read, %d findings: %.1f bytes allocated a byte, the reader's %.1f", read, len(rep.Findings),
				float64(alloc)/float64(read), float64(reader)/float64(read))
			assert.LessOrEqual(t, alloc, reader+auditBytesPerByte*uint64(read)+hostile.Floor)
			hostile.Collect()
		})
	}
}

// auditBytesPerByte is what Static may allocate a byte of a project's
// files beyond what the project reader allocates to read them.
const auditBytesPerByte = 16

// readerCost returns what the project reader allocates to read what
// Static reads of the project in dir: its running tree, its scripts'
// RPCs, their parameters.
func readerCost(t *testing.T, dir string) uint64 {
	p, err := project.Open(dir)
	require.NoError(t, err)
	return hostile.Allocated(func() {
		tree, err := p.RunningTree("res://main.tscn")
		require.NoError(t, err)
		rpcs, err := p.RPCs(tree[0].Script)
		require.NoError(t, err)
		for _, r := range rpcs {
			for range p.RPCParams(r) {
			}
		}
	})
}

// The calls of a method of 255 untyped parameters (the most a call
// carries), with 1 MiB huge arguments, are made one at a time: what
// making all of them allocates is a few times the huge arguments, not
// one of them a call. Before, every call was made up front, with a huge
// String, Array and nesting for each parameter: 781.2 MiB; now 3.6 MiB.
func TestHostileAttacks(t *testing.T) {
	params := make([]param, 255)
	for i := range params {
		params[i] = param{name: fmt.Sprintf("p%d", i), required: true}
	}
	const payload = 1 << 20
	n := 0
	alloc := hostile.Allocated(func() {
		for c := range attacks(params, false, payload, "/root/Main/Players/2") {
			n += len(c.args)
		}
	})
	t.Logf("%d calls' arguments: %.1f MiB allocated", n, float64(alloc)/(1<<20))
	assert.Greater(t, n, 255*10*255)
	assert.LessOrEqual(t, alloc, uint64(8*payload))
}

// A server flooding its debugger with errors while a call waits for its
// fence costs the audit at most maxHeld errors a call, and the fence is
// still seen; the report keeps the first and last lines of them, cut.
func TestHostileErrorFlood(t *testing.T) {
	o := newObserver()
	text := strings.Repeat("x", 60<<10)
	for range 100000 {
		o.onError(debugger.Error{Message: text})
	}
	o.onError(debugger.Error{Message: "Failed to get path from RPC: GdvarAuditFence7Z."})
	assert.True(t, o.seen(7))
	errs := o.take()
	assert.Len(t, errs, maxHeld)
	assert.Len(t, errs[0].Message, 60<<10, "a call's errors are whole")
	var s ServerStats
	o.report(&s)
	assert.Equal(t, 100000, s.Errors)
	assert.Len(t, s.ErrorLines.First, keptFirst)
	assert.Len(t, s.ErrorLines.Last, keptLast)
	assert.Equal(t, 100000-keptFirst-keptLast, s.ErrorLines.Omitted)
	assert.Equal(t, "ERROR: "+text[:maxLineBytes-len("ERROR: ")]+"…", s.ErrorLines.Last[0], "cut")
	assert.Empty(t, o.take())
}

// The errors the engine reports for a fence are not a call's: those that
// name it, and the null node and missing node that follow one.
func TestObserverFenceErrors(t *testing.T) {
	o := newObserver()
	for _, e := range []string{
		"RPC - 'Node2D(main.gd)::hit': Cannot convert argument 1 from String to int",
		`Node not found: "GdvarAuditFence3Z" (relative to "/root").`,
		`Parameter "node" is null.`,
		`Node not found: "GdvarAuditFence3Z" (relative to "/root").`,
		"Failed to get path from RPC: GdvarAuditFence3Z.",
		"Invalid packet received. Requested node was not found.",
		`Parameter "node" is null.`, // not after a fence's: the game's own
	} {
		o.onError(debugger.Error{Message: e})
	}
	assert.False(t, o.seen(2))
	assert.True(t, o.seen(3))
	assert.False(t, o.seen(3), "seen once")
	var texts []string
	for _, e := range o.take() {
		texts = append(texts, e.Text())
	}
	assert.Equal(t, []string{"RPC - 'Node2D(main.gd)::hit': Cannot convert argument 1 from String to int", `Parameter "node" is null.`}, texts)
}
