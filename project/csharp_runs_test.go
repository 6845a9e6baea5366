package project

import (
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
)

// cpuPerByte is the CPU time read takes a byte of size, the least of a
// few batches of runs, each batch long enough to be measured.
func cpuPerByte(size int, read func()) float64 {
	least := time.Duration(1 << 62)
	runs := 1
	for batch := 0; batch < 3; {
		start := cputime.Process()
		for range runs {
			read()
		}
		cpu := cputime.Process() - start
		if cpu < 20*time.Millisecond && runs < 1<<16 {
			runs *= 2
			continue
		}
		least = min(least, cpu/time.Duration(runs))
		batch++
	}
	return float64(least) / float64(size)
}

// csharpRuns are C# sources whose bytes repeat one character that a
// string or an interpolation reads in runs: dollars with no string after
// them, a verbatim string of doubled quotes, an interpolated string of
// doubled braces, a raw string of quotes short of its end.
func csharpRuns(size int) []hostile.Input {
	in := func(name, head, run, tail string) hostile.Input {
		return hostile.Input{Name: name, Data: []byte(head + strings.Repeat(run, size/len(run)) + tail)}
	}
	return []hostile.Input{
		in("dollars", "using Godot;\npartial class A : Node {\nstring s = ", "$", ";\n}\n"),
		in("a verbatim string of doubled quotes", "using Godot;\npartial class A : Node {\nstring s = @\"", "\"\"", "\";\n}\n"),
		in("an interpolated string of doubled braces", "using Godot;\npartial class A : Node {\nstring s = $\"", "{{", "\";\n}\n"),
		in("an interpolated verbatim string of doubled braces", "using Godot;\npartial class A : Node {\nstring s = $@\"", "{{", "\";\n}\n"),
		in("a raw string of doubled quotes", "using Godot;\npartial class A : Node {\nstring s = \"\"\"\n", "\"\" ", "\n\"\"\";\n}\n"),
		in("a raw interpolated string of braces", "using Godot;\npartial class A : Node {\nstring s = $$\"\"\"\n", "{", "\n\"\"\";\n}\n"),
	}
}

// The C# reader scans each run of a character once: 12 KiB of any of
// csharpRuns cost no more CPU a byte than an ordinary script's, with a
// generous margin for a busy machine, and read within hostile.Bound.
// Before, 12 KiB of dollars cost 139 times an ordinary script's CPU a
// byte and 57 B/B, a verbatim string of doubled quotes 82 times.
func TestHostileCSharpRuns(t *testing.T) {
	const size = 12 << 10
	ordinary := ordinaryCSharp(size)
	base := cpuPerByte(len(ordinary), func() { _, _ = ParseCSharp(ordinary, "res://A.cs") })
	for _, in := range csharpRuns(size) {
		var err error
		alloc := hostile.Allocated(func() { _, err = ParseCSharp(in.Data, "res://A.cs") })
		ratio := cpuPerByte(len(in.Data), func() { _, _ = ParseCSharp(in.Data, "res://A.cs") }) / base
		t.Logf("%s: %.1f B/B, %.1f× an ordinary script's CPU a byte: %.100v", in.Name, float64(alloc)/float64(len(in.Data)), ratio, err)
		assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)), in.Name)
		assert.Less(t, ratio, 10.0, in.Name)
	}
}
