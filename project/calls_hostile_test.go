package project

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
)

// What an RPC asks through the functions it calls is found within
// hostile.Bound of the script, in CPU time that grows as its bytes do,
// whatever its calls: a chain of functions each calling the next, the
// last asking (the RPC asks); functions each calling itself; functions
// each calling all the others (1 000 at the larger size). Measured past
// the script's read (Resolve), as RPCs asks it.
func TestHostileAskedThroughCalls(t *testing.T) {
	for _, c := range []struct {
		name   string
		script func(size int) []byte
		asks   bool
	}{
		{"a chain of calls", func(size int) []byte {
			var b strings.Builder
			b.WriteString("extends Node\nfunc x0():multiplayer.get_remote_sender_id()\n")
			i := 0
			for ; b.Len() < size; i++ {
				fmt.Fprintf(&b, "func %s():%s()\n", n36(i+1), n36(i))
			}
			fmt.Fprintf(&b, "@rpc(\"any_peer\")\nfunc last():%s()\n", n36(i))
			return []byte(b.String())
		}, true},
		{"each calling itself", func(size int) []byte {
			return fill("extends Node\n", size, func(i int) string {
				return fmt.Sprintf("@rpc(\"any_peer\")\nfunc %s():%[1]s()\n", n36(i))
			})
		}, false},
		{"each calling all others", func(size int) []byte {
			n := int(math.Sqrt(float64(size) / 6))
			var b strings.Builder
			b.WriteString("extends Node\n")
			for i := range n {
				fmt.Fprintf(&b, "@rpc(\"any_peer\")\nfunc %s():", n36(i))
				for j := range n {
					if j != i {
						b.WriteString(n36(j) + "();")
					}
				}
				b.WriteString("pass\n")
			}
			return []byte(b.String())
		}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			sizes := []int{3 << 19, 6 << 20} // 1 000 functions calling all others at 6 MiB
			if testing.Short() {
				sizes = []int{128 << 10, 512 << 10}
			}
			var cpu [2]time.Duration
			for i, size := range sizes {
				data := c.script(size)
				dir := writeProject(t, map[string]string{"a.gd": string(data)})
				cpu[i] = time.Duration(math.MaxInt64)
				for run := range 3 { // the least of three: another process only adds
					p, err := Open(dir)
					require.NoError(t, err)
					_, err = p.Resolve("res://a.gd")
					require.NoError(t, err)
					hostile.Collect()
					var rpcs []NamedRPC
					start := cputime.Process()
					alloc := hostile.Allocated(func() { rpcs, err = p.RPCs("res://a.gd") })
					cpu[i] = min(cpu[i], cputime.Process()-start)
					require.NoError(t, err)
					require.NotEmpty(t, rpcs)
					for _, r := range rpcs {
						require.Equal(t, c.asks, r.AsksSender, r.Name)
					}
					if run == 0 {
						s, err := p.Script("res://a.gd")
						require.NoError(t, err)
						t.Logf("%d bytes, %d functions, %d RPCs: %.2f B/B", len(data), len(s.Methods), len(rpcs), float64(alloc)/float64(len(data)))
						assert.LessOrEqual(t, alloc, hostile.Bound(len(data)))
					}
				}
			}
			t.Logf("%.0f, then %.0f cpu-ns/byte", float64(cpu[0])/float64(sizes[0]), float64(cpu[1])/float64(sizes[1]))
			if cpu[0] > 0 {
				assert.LessOrEqual(t, float64(cpu[1])/float64(cpu[0]), 8.0, "CPU time, four times the bytes")
			}
		})
	}
	hostile.Collect()
}
