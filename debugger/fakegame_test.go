package debugger_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/stretchr/testify/require"
)

// fakeGame is a Go peer that answers a session's requests at once, as a
// game that takes no time would: it measures what the Go side adds.
// Its tree is a root, /root/Main (id 2), and nodes more children of Main.
func fakeGame(tb testing.TB, nodes int) *debugger.Session {
	ln, err := debugger.Listen("127.0.0.1:0")
	require.NoError(tb, err)
	defer ln.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(tb, err)
	game := debugger.NewConn(c, gdvar.Godot4)
	require.NoError(tb, game.Write("set_pid", 1, []any{int64(42)}))
	tree := []any{int64(1), "root", "Window", int64(1), "", int64(0), int64(nodes), "Main", "Node2D", int64(2), "", int64(0)}
	for i := range nodes {
		tree = append(tree, int64(0), fmt.Sprint("N", i), "Node", int64(1<<34+i), "", int64(0))
	}
	props := []any{
		[]any{"Node", int64(0), int64(0), "Node", int64(128), nil},
		[]any{"Node/path", int64(22), int64(0), "", int64(0), gdvar.ParseNodePath("/root/Main")},
		[]any{"speed", int64(3), int64(0), "", int64(4102), 1.5},
	}
	go func() {
		for {
			m, err := game.Read()
			if errors.Is(err, debugger.ErrMalformed) {
				continue
			}
			if err != nil {
				return
			}
			switch m.Name {
			case "scene:request_scene_tree":
				err = game.Write("scene:scene_tree", 1, tree)
			case "scene:inspect_objects":
				ids, _ := m.Data[0].([]any)
				err = game.Write("scene:inspect_objects", 1, []any{[]any{ids[0], "Node2D", props}})
			}
			if err != nil {
				return
			}
		}
	}()
	s, err := ln.Accept(context.Background())
	require.NoError(tb, err)
	tb.Cleanup(func() {
		s.Close()
		c.Close()
	})
	return s
}

// BenchmarkGoSideGet is a Get's round trip with a game that answers at
// once: what the Go side adds to the game's frame.
func BenchmarkGoSideGet(b *testing.B) {
	s := fakeGame(b, 10)
	ctx := context.Background()
	_, err := s.Tree(ctx)
	require.NoError(b, err)
	b.ReportAllocs()
	start := cputime.Process()
	for b.Loop() {
		v, err := s.Get(ctx, "/root/Main", "speed")
		require.NoError(b, err)
		require.Equal(b, 1.5, v)
	}
	reportCPU(b, start)
}

// reportCPU reports the process's CPU time an operation since start
// (both sides, the fake game's too): on a busy machine it counts work,
// where ns/op also counts the wait for a core.
func reportCPU(b *testing.B, start time.Duration) {
	if cpu := cputime.Process() - start; cpu > 0 {
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkGoSideTree10000 fetches and decodes a tree of 10 000 nodes
// from a game that answers at once: the Go side of the round trip,
// the writing and reading of its 636 KB through loopback TCP included.
func BenchmarkGoSideTree10000(b *testing.B) {
	s := fakeGame(b, 10000)
	ctx := context.Background()
	b.ReportAllocs()
	start := cputime.Process()
	for b.Loop() {
		root, err := s.Tree(ctx)
		require.NoError(b, err)
		require.NotNil(b, root.Find("/root/Main/N9999"))
	}
	reportCPU(b, start)
}
