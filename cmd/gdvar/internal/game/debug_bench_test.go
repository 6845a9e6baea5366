package game

import (
	"io"
	"slices"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/require"
)

// BenchmarkLiveDebugCommands times gdvar debug's commands on a running
// Godot 4 game, each parsed, run and printed as a line of -e is, and
// reports their p50 and p99: a Session's round trip and what the command
// line adds.
func BenchmarkLiveDebugCommands(b *testing.B) {
	game := gametest.Game(b)
	g := debuggertest.Launch(b, game[0], game[1:])
	require.NoError(b, runDebugCommand(g.Session, "wait /root/Main/Added", io.Discard))
	for _, line := range []string{"get /root/Main speed", "set /root/Main speed 2.5", "call /root/Main add 2 3", "tree"} {
		b.Run(line, func(b *testing.B) {
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				require.NoError(b, runDebugCommand(g.Session, line, io.Discard))
				took = append(took, time.Since(start))
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
