package project

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/gdvar/gdvar/internal/testrig/hostile"
)

// Reading the parameters of every RPC of a hostile script, with how the
// engine checks each (what fromproject.Declare reads), costs within
// hostile.Bound of the script, whatever the script: parameters by the
// thousand, typed, folded from :=, of C# methods.
func TestHostileRPCParams(t *testing.T) {
	sizes := []int{128 << 10, 1 << 20}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, size := range sizes {
		var inputs []struct {
			file string
			in   hostile.Input
		}
		for _, in := range append(hostileScripts(size), hostileParamScripts(size)...) {
			inputs = append(inputs, struct {
				file string
				in   hostile.Input
			}{"a.gd", in})
		}
		for _, in := range hostileCSharp(size) {
			inputs = append(inputs, struct {
				file string
				in   hostile.Input
			}{"A.cs", in})
		}
		for _, tc := range inputs {
			dir := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(dir, "project.godot"), nil, 0o644))
			require.NoError(t, os.WriteFile(filepath.Join(dir, tc.file), tc.in.Data, 0o644))
			p, err := Open(dir)
			require.NoError(t, err)
			_, err = p.Resolve("res://" + tc.file) // the read Resolve's tests measure
			require.NoError(t, err, tc.in.Name)
			hostile.Collect()
			params := 0
			alloc := hostile.Allocated(func() {
				rpcs, err := p.RPCs("res://" + tc.file)
				require.NoError(t, err)
				for _, r := range rpcs {
					for range p.RPCParams(r) {
						params++
					}
				}
			})
			t.Logf("%s: %d bytes, %d parameters: %d KiB allocated (%.1f per byte)", tc.in.Name, len(tc.in.Data), params, alloc>>10, float64(alloc)/float64(len(tc.in.Data)))
			assert.LessOrEqual(t, alloc, hostile.Bound(len(tc.in.Data)), "%s of %d bytes", tc.in.Name, len(tc.in.Data))
		}
	}
}

// hostileParamScripts are scripts of @rpc methods whose parameters cost
// RPCParams the most: := folded constants each of the last, types the
// scope is searched for.
func hostileParamScripts(size int) []hostile.Input {
	return []hostile.Input{
		{Name: ":= of constants", Data: append(fill("const x0=1\n@rpc\nfunc a(", size-8, func(i int) string { return "p" + n36(i) + ":=x0," }), "):pass\n"...)},
		{Name: "types looked up", Data: append(fill("class B:\n\tpass\n@rpc\nfunc a(", size-8, func(i int) string {
			return "p" + n36(i) + ":Array[B],"
		}), "):pass\n"...)},
	}
}

// BenchmarkHostileRPCParams reads the parameters of every RPC of each
// hostile script (RPCs, then RPCParams) next to an ordinary script's, at
// 1 MiB: the ratios of their cpu-ns/byte are what a hostile script costs.
func BenchmarkHostileRPCParams(b *testing.B) {
	const size = 1 << 20
	inputs := append([]hostile.Input{{Name: "ordinary", Data: ordinaryScript(size)}},
		append(hostileScripts(size)[len(hostileScripts(size))-3:], hostileParamScripts(size)...)...)
	for _, in := range inputs {
		b.Run(in.Name, func(b *testing.B) {
			dir := b.TempDir()
			require.NoError(b, os.WriteFile(filepath.Join(dir, "project.godot"), nil, 0o644))
			require.NoError(b, os.WriteFile(filepath.Join(dir, "a.gd"), in.Data, 0o644))
			p, err := Open(dir)
			require.NoError(b, err)
			_, err = p.Resolve("res://a.gd")
			require.NoError(b, err)
			cputime.PerByte(b, len(in.Data), func() error {
				rpcs, err := p.RPCs("res://a.gd")
				for _, r := range rpcs {
					for range p.RPCParams(r) {
					}
				}
				return err
			})
		})
	}
}
