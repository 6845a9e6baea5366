package project

import (
	"fmt"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// extendsChain is n scripts, each extending the next by path, the last
// extending Node: a chain of n bases.
func extendsChain(n int) map[string]string {
	files := map[string]string{fmt.Sprintf("%d.gd", n-1): "extends Node\n"}
	for i := range n - 1 {
		files[fmt.Sprintf("%d.gd", i)] = fmt.Sprintf("extends \"%d.gd\"\n", i+1)
	}
	return files
}

// A chain of bases longer than Limits.MaxDepth scripts is refused with
// ErrTooDeep once it passes the bound, having read no more of it: the
// reader allocates within hostile.Bound of the scripts read, whatever the
// chain's length. One of MaxDepth scripts resolves.
func TestHostileChain(t *testing.T) {
	for _, n := range []int{257, 5000} {
		t.Run(fmt.Sprintf("%d scripts", n), func(t *testing.T) {
			files := extendsChain(n)
			p, err := Open(writeProject(t, files))
			require.NoError(t, err)
			read := 0 // the bytes of the scripts a refusal at the bound reads
			for i := range min(n, DefaultLimits().MaxDepth+1) {
				read += len(files[fmt.Sprintf("%d.gd", i)])
			}
			hostile.Collect()
			alloc := hostile.Allocated(func() { _, err = p.Resolve("res://0.gd") })
			t.Logf("%d scripts: %d KiB allocated, %.1f a byte of the %d bytes of the first %d: %v", n, alloc>>10, float64(alloc)/float64(read), read, DefaultLimits().MaxDepth+1, err)
			assert.ErrorIs(t, err, ErrTooDeep)
			assert.LessOrEqual(t, alloc, hostile.Bound(read))
		})
	}
	p, err := Open(writeProject(t, extendsChain(DefaultLimits().MaxDepth)))
	require.NoError(t, err)
	r, err := p.Resolve("res://0.gd")
	require.NoError(t, err)
	assert.Len(t, r.Chain, DefaultLimits().MaxDepth)
}

// BenchmarkHostileChain resolves the first script of a chain of 5000
// bases, against an ordinary script of as many bytes as the chain's
// first 257 (all that is read of it): cpu-ns/byte is per byte of those.
func BenchmarkHostileChain(b *testing.B) {
	files := extendsChain(5000)
	read := 0
	for i := range DefaultLimits().MaxDepth + 1 {
		read += len(files[fmt.Sprintf("%d.gd", i)])
	}
	for _, tt := range []struct {
		name  string
		files map[string]string
		err   error
	}{
		{"ordinary", map[string]string{"0.gd": string(ordinaryScript(read))}, nil},
		{"chain of 5000", files, ErrTooDeep},
	} {
		dir := writeProject(b, tt.files)
		b.Run(tt.name, func(b *testing.B) {
			cputime.PerByte(b, read, func() error {
				p, err := Open(dir)
				if err != nil {
					return err
				}
				if _, err = p.Resolve("res://0.gd"); !assert.ErrorIs(b, err, tt.err) {
					return err
				}
				return nil
			})
		})
	}
}
