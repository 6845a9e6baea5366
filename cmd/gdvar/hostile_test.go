package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/gamestate"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// counter counts what is written to it.
type counter struct{ n int }

func (c *counter) Write(b []byte) (int, error) {
	c.n += len(b)
	return len(b), nil
}

// The commands that read token by token (inspect, validate, copy, and the
// conversions to text and JSON), on
// adversarial input: they allocate at most hostile.Bound of the input,
// inspect writes at most 64 bytes a byte (its lines are bounded), and a
// complete value passes while a truncated one fails.
func TestHostileCommands(t *testing.T) {
	for _, in := range hostile.Adversarial(1 << 20) {
		truncated := in.Name == hostile.Adversarial(64)[0].Name
		for _, cmd := range []string{"inspect", "validate", "copy", "text", "json"} {
			t.Run(in.Name+", "+cmd, func(t *testing.T) {
				var out counter
				var code int
				alloc := hostile.Allocated(func() { code = run([]string{cmd, "-"}, bytes.NewReader(in.Data), &out, io.Discard) })
				t.Logf("%d bytes in, %d out: %d KiB allocated (%.1f per byte)", len(in.Data), out.n, alloc>>10, float64(alloc)/float64(len(in.Data)))
				assert.LessOrEqual(t, alloc, hostile.Bound(len(in.Data)))
				assert.LessOrEqual(t, out.n, 64*len(in.Data))
				if truncated {
					assert.Equal(t, 1, code)
				} else {
					assert.Equal(t, 0, code)
				}
			})
		}
	}
}

// BenchmarkHostileCommands compares the time per byte of adversarial input
// with ordinary data of the same size (the game state's first players), for
// each command that reads token by token.
func BenchmarkHostileCommands(b *testing.B) {
	ordinary := gamestate.Bytes(6350)
	inputs := append([]hostile.Input{{Name: "ordinary", Data: ordinary}}, hostile.Adversarial(len(ordinary))...)
	for _, cmd := range []string{"inspect", "validate", "copy", "text", "json"} {
		for _, in := range inputs {
			b.Run(cmd+"/"+in.Name, func(b *testing.B) {
				b.SetBytes(int64(len(in.Data)))
				b.ReportAllocs()
				for b.Loop() {
					run([]string{cmd, "-"}, bytes.NewReader(in.Data), io.Discard, io.Discard)
				}
			})
		}
	}
}

// The commands that read a ConfigFile whole, on the files that cost the
// reader most: they allocate within hostile.TextBound of the file (migrate
// read it whole first, growing a slice: 5 bytes a byte more).
func TestHostileConfigCommands(t *testing.T) {
	dir := t.TempDir()
	for i, in := range append(hostile.ConfigFiles(1<<20), hostile.Input{Name: "ordinary", Data: hostile.OrdinaryConfigFile(1 << 20)}) {
		path := filepath.Join(dir, fmt.Sprintf("%d.cfg", i))
		require.NoError(t, os.WriteFile(path, in.Data, 0o600))
		for _, cmd := range []string{"text", "json", "scan", "migrate"} {
			t.Run(in.Name+", "+cmd, func(t *testing.T) {
				var out counter
				var code int
				var errOut strings.Builder
				hostile.Collect()
				alloc := hostile.Allocated(func() { code = run([]string{cmd, path}, nil, &out, &errOut) })
				require.Equal(t, 0, code, errOut.String())
				t.Logf("%d bytes in, %d out: %.1f allocated a byte", len(in.Data), out.n, float64(alloc)/float64(len(in.Data)))
				assert.LessOrEqual(t, alloc, hostile.TextBound(in.Data))
			})
		}
	}
}
