package project

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// typesThroughBases is n scripts, each extending the next, each with
// variables typed by a name the engine does not know and by a constant
// of the last script: every name is looked up through the whole chain.
func typesThroughBases(n int) map[string]string {
	files := map[string]string{fmt.Sprintf("%d.gd", n-1): "extends Resource\nconst K = preload(\"res://k.gd\")\n", "k.gd": "extends Resource\n"}
	for i := range n - 1 {
		files[fmt.Sprintf("%d.gd", i)] = fmt.Sprintf("extends \"%d.gd\"\nvar a%d: Nope\nvar b%d: Array[K]\nvar c%d: K.Nope\n", i+1, i, i, i)
	}
	return files
}

// constantsAcrossScripts is n scripts, each typing a variable by a
// constant that is the next script's, through preload: a chain of
// constants n scripts long.
func constantsAcrossScripts(n int) map[string]string {
	files := map[string]string{fmt.Sprintf("%d.gd", n-1): "extends Resource\nconst K = preload(\"res://0.gd\")\n"}
	for i := range n - 1 {
		files[fmt.Sprintf("%d.gd", i)] = fmt.Sprintf("extends Resource\nconst K = preload(\"res://%d.gd\").K\nvar v: K\n", i+1)
	}
	return files
}

// braidedScope is a script whose inner classes nest depth deep, each
// extending the sibling of its outer class, whose base is the same kind
// of sibling: the classes in scope of the deepest are reached by
// exponentially many ways, each counted once.
func braidedScope(depth int) map[string]string {
	var b strings.Builder
	b.WriteString("extends Resource\nclass M0:\n\tpass\nclass N0:\n\tclass M1 extends M0:\n\t\tpass\n")
	for i := 1; i < depth; i++ {
		tabs := strings.Repeat("\t", i)
		fmt.Fprintf(&b, "%sclass N%d extends M%d:\n%s\tclass M%d extends M%d:\n%s\t\tpass\n", tabs, i, i, tabs, i+1, i, tabs)
	}
	fmt.Fprintf(&b, "%s\tvar v: Nope\n", strings.Repeat("\t", depth))
	return map[string]string{"0.gd": b.String()}
}

// Resolving types reads within hostile.Bound of the scripts: a name
// looked up through a chain of 256 bases keeps nothing per lookup;
// constants nesting past Limits.MaxDepth, across scripts or within one,
// are refused with ErrTooDeep; a scope reached by exponentially many
// ways is walked once.
func TestHostileTypes(t *testing.T) {
	deepConstants := "extends Resource\nconst x0 = preload(\"res://0.gd\")\n"
	for i := range 300 {
		deepConstants += fmt.Sprintf("const x%d = x%d\n", i+1, i)
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		err   error
	}{
		{"a chain of 256 bases, every name looked up through it", typesThroughBases(DefaultLimits().MaxDepth), nil},
		{"constants through 300 scripts", constantsAcrossScripts(300), ErrTooDeep},
		{"constants 300 deep", map[string]string{"0.gd": deepConstants + "var v: x300\n"}, ErrTooDeep},
		{"constants each of the last", map[string]string{"0.gd": string(fill("extends Resource\nconst x0 = preload(\"res://0.gd\")\n", 128<<10,
			func(i int) string { return fmt.Sprintf("const x%d = x%d\nvar v%d: Array[x%d]\n", i+1, i, i, i+1) }))}, nil},
		{"a scope braided 200 deep", braidedScope(200), nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			engineNames() // made once for the process, whichever test is first
			builtinTypes()
			size := 0
			for _, src := range tt.files {
				size += len(src)
			}
			p, err := Open(writeProject(t, tt.files))
			require.NoError(t, err)
			hostile.Collect()
			alloc := hostile.Allocated(func() { _, err = p.Resolve("res://0.gd") })
			t.Logf("%d bytes of scripts, %d KiB allocated (%.1f a byte): %v", size, alloc>>10, float64(alloc)/float64(size), err)
			if tt.err != nil {
				assert.ErrorIs(t, err, tt.err)
			} else {
				assert.NoError(t, err)
			}
			assert.LessOrEqual(t, alloc, hostile.Bound(size))
		})
	}
}

// BenchmarkHostileTypes resolves each of TestHostileTypes' projects that
// resolve, against an ordinary script of as many bytes: cpu-ns/byte is
// per byte of their scripts.
func BenchmarkHostileTypes(b *testing.B) {
	for _, tt := range []struct {
		name  string
		files map[string]string
	}{
		{"chain of 256 bases", typesThroughBases(DefaultLimits().MaxDepth)},
		{"braided scope", braidedScope(200)},
	} {
		size := 0
		for _, src := range tt.files {
			size += len(src)
		}
		for _, c := range []struct {
			name  string
			files map[string]string
		}{{"ordinary/" + tt.name, map[string]string{"0.gd": string(ordinaryScript(size))}}, {tt.name, tt.files}} {
			dir := writeProject(b, c.files)
			b.Run(c.name, func(b *testing.B) {
				cputime.PerByte(b, size, func() error {
					p, err := Open(dir)
					if err == nil {
						_, err = p.Resolve("res://0.gd")
					}
					return err
				})
			})
		}
	}
}
