//go:build linux

package multiplayer

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// wsIdleServerEnv, when set to a peer count, makes
// TestWebSocketIdleServerProcess a Go server for BenchmarkWebSocketIdle.
const wsIdleServerEnv = "GDVAR_WS_IDLE_SERVER"

// BenchmarkWebSocketIdle measures the Go server's memory per connection
// with 1000 idle clients connected over WebSocket, as BenchmarkENetIdle
// does over ENet: the server process's resident memory (VmRSS) once all
// are connected, every peer announced to every other (ADD_PEER) and idle
// for a few seconds, less what it was before the first, divided by 1000.
// The server runs in a process of its own, this test binary run again.
//
//	go test -run XXX -bench WebSocketIdle -benchtime 1x ./multiplayer
func BenchmarkWebSocketIdle(b *testing.B) {
	var kib float64
	runs := 0
	for b.Loop() {
		kib += float64(wsIdleGrowth(b)) / idleClients
		runs++
	}
	b.ReportMetric(kib/float64(runs), "go-KiB/conn")
	b.ReportMetric(0, "ns/op")
}

// wsIdleGrowth connects idleClients WebSocket clients to a Go server
// process, waits until every one has been told of every other and a few
// seconds more, and returns how much the server's resident memory grew,
// in KiB.
func wsIdleGrowth(b *testing.B) int {
	s := startGoServer(b, "TestWebSocketIdleServerProcess", wsIdleServerEnv, strconv.Itoa(idleClients+4))
	defer s.stop()
	time.Sleep(time.Second) // the server's start-up settles
	before := vmRSS(b, s.pid)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	var announced atomic.Int64
	var wg sync.WaitGroup
	failed := make(chan error, idleClients)
	var clients []*websocket.Conn
	var closing atomic.Bool
	defer func() {
		closing.Store(true)
		for _, ws := range clients {
			ws.CloseNow()
		}
		wg.Wait()
	}()
	for n := range idleClients {
		ws, _, err := websocket.Dial(ctx, "ws://"+s.addr, nil)
		if err != nil {
			b.Fatalf("client %d: %v", n, err)
		}
		clients = append(clients, ws)
		wg.Go(func() {
			for {
				_, pkt, err := ws.Read(context.Background())
				if err != nil {
					if !closing.Load() {
						failed <- fmt.Errorf("client %d: %w", n, err)
					}
					return
				}
				if len(pkt) == sysSize && pkt[0] == cmdSys && pkt[1] == sysAddPeer {
					announced.Add(1)
				}
			}
		})
	}
	want := int64(idleClients * (idleClients - 1))
	if !waitUntil(ctx, func() bool { return announced.Load() >= want || len(failed) > 0 }) || len(failed) > 0 {
		b.Fatalf("%d of %d peer announcements (ADD_PEER); first failure: %v", announced.Load(), want, firstErr(failed))
	}
	time.Sleep(3 * time.Second) // idle
	return vmRSS(b, s.pid) - before
}

// TestWebSocketIdleServerProcess is BenchmarkWebSocketIdle's Go server,
// in a process of its own: the echo server of BenchmarkRPC, for the peer
// count in GDVAR_WS_IDLE_SERVER. It prints "READY <port>" and serves
// until its standard input ends.
func TestWebSocketIdleServerProcess(t *testing.T) {
	peers, err := strconv.Atoi(os.Getenv(wsIdleServerEnv))
	if err != nil {
		t.Skip("the Go server of BenchmarkWebSocketIdle, run by it alone")
	}
	fmt.Println("READY", serve(t, newEchoServer(WithMaxPeers(peers))))
	io.Copy(io.Discard, os.Stdin)
}
