package debugger_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/require"
)

// BenchmarkLiveTree10000 fetches and decodes the tree of a game of 10 000
// nodes more: the round trip, the game's work included.
func BenchmarkLiveTree10000(b *testing.B) {
	g := launchGameB(b, "DBGTEST_NODES=10000")
	ctx := liveContext(b)
	_, err := g.WaitNode(ctx, "/root/Main/Many/N9999")
	require.NoError(b, err)
	for b.Loop() {
		root, err := g.Tree(ctx)
		require.NoError(b, err)
		require.NotNil(b, root.Find("/root/Main/Many/N9999"))
	}
}

// BenchmarkDecodeTree10000 decodes the scene_tree message of 10 000 nodes
// from its bytes: what the Go side adds to the game's time.
func BenchmarkDecodeTree10000(b *testing.B) {
	data := []any{int64(1), "root", "Window", int64(1), "", int64(0), int64(10000), "Many", "Node", int64(2), "", int64(0)}
	for i := range 10000 {
		data = append(data, int64(0), fmt.Sprint("N", i), "Node", int64(1<<34+i), "", int64(0))
	}
	frame, err := gdvar.Marshal([]any{"scene:scene_tree", int64(1), data})
	require.NoError(b, err)
	b.SetBytes(int64(len(frame)))
	for b.Loop() {
		m, err := debugger.ParseMessage(frame, 0)
		require.NoError(b, err)
		_, err = debugger.ParseTree(m)
		require.NoError(b, err)
	}
}

// BenchmarkLiveGetSetCall times Get, Set and Call on a running game and
// reports their p50 and p99. Each operation has a context of its own: one
// shared by all ran out, at 300 of each, in the middle of Call.
func BenchmarkLiveGetSetCall(b *testing.B) {
	g := launchGameB(b)
	_, err := g.WaitNode(liveContext(b), "/root/Main/Added")
	require.NoError(b, err)
	for _, c := range []struct {
		name string
		op   func(context.Context) error
	}{
		{"Get", func(ctx context.Context) error { _, err := g.Get(ctx, "/root/Main", "speed"); return err }},
		{"Set", func(ctx context.Context) error { return g.Set(ctx, "/root/Main", "speed", 2.5) }},
		{"GetByEvaluate", func(ctx context.Context) error { _, err := g.Get(ctx, "/root/Main", "global_position"); return err }},
		{"Call", func(ctx context.Context) error {
			_, err := g.Call(ctx, "/root/Main", "add", int64(1), int64(2))
			return err
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var took []time.Duration
			for b.Loop() {
				ctx, cancel := context.WithTimeout(context.Background(), liveWait)
				start := time.Now()
				err := c.op(ctx)
				took = append(took, time.Since(start))
				cancel()
				require.NoError(b, err)
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
