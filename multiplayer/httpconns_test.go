//go:build unix

package multiplayer

import (
	"context"
	"net"
	"runtime"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countingListener counts the bytes its connections' Reads return. Its
// connections are still *net.TCPConn underneath.
type countingListener struct {
	net.Listener
	read *atomic.Int64
}

func (l countingListener) Accept() (net.Conn, error) {
	nc, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return countingConn{nc.(*net.TCPConn), l.read}, nil
}

type countingConn struct {
	*net.TCPConn
	read *atomic.Int64
}

func (c countingConn) Read(p []byte) (int, error) {
	n, err := c.TCPConn.Read(p)
	c.read.Add(int64(n))
	return n, err
}

// rawConnections opens n TCP connections to port as bare sockets, which
// cost this process's heap nothing, sends sent on each, and closes them
// when the test ends.
func rawConnections(t *testing.T, port string, n int, sent []byte) {
	p, err := strconv.Atoi(port)
	require.NoError(t, err)
	fds := make([]int, 0, n)
	t.Cleanup(func() {
		for _, fd := range fds {
			syscall.Close(fd)
		}
	})
	for range n {
		fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)
		require.NoError(t, err)
		fds = append(fds, fd)
		require.NoError(t, syscall.Connect(fd, &syscall.SockaddrInet4{Port: p, Addr: [4]byte{127, 0, 0, 1}}))
		if len(sent) > 0 {
			_, err = syscall.Write(fd, sent)
			require.NoError(t, err)
		}
	}
}

// heapAndStacks is the heap and the goroutine stacks in use after a
// collection.
func heapAndStacks() (heap, stacks uint64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse, ms.StackInuse
}

// 2000 connections that send nothing, or part of an upgrade, and stall
// hold, until the handshake's 3 s end, a goroutine waiting on the 2 KiB
// stack a goroutine starts with, its socket and a buffer of what they
// sent: 3.2 KiB each, heap and stack (14.0 KiB when net/http served them
// from the start, with its 4 KiB reader, 4 KiB writer and a stack grown to
// 4 KiB).
func TestHalfOpenConnections(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates, and grows stacks")
	}
	const conns = 2000
	requestTimeout = time.Minute // however slow the machine, none ends before it is counted
	t.Cleanup(func() { requestTimeout = handshakeTimeout })
	for _, sent := range []string{"", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"} {
		t.Run(strconv.Itoa(len(sent))+" bytes sent", func(t *testing.T) {
			var read atomic.Int64
			ln := countingListener{mustListen(t), &read}
			m := New(WithMaxPeers(conns + 10))
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- m.Serve(ctx, ln) }()
			t.Cleanup(func() {
				cancel()
				assert.NoError(t, <-done)
			})
			hostile.Collect()
			heap0, stacks0 := heapAndStacks()
			goroutines := runtime.NumGoroutine()
			rawConnections(t, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), conns, []byte(sent))
			waitFor(t, "every connection accepted and its bytes read", func() bool {
				return runtime.NumGoroutine()-goroutines >= conns && read.Load() == int64(conns*len(sent))
			})
			heap, stacks := heapAndStacks()
			perConn := func(after, before uint64) float64 { return (float64(after) - float64(before)) / conns }
			t.Logf("%d connections, %d bytes sent each: %.1f KiB of heap and %.1f KiB of stack each", conns, len(sent),
				perConn(heap, heap0)/1024, perConn(stacks, stacks0)/1024)
			assert.Less(t, perConn(heap, heap0)+perConn(stacks, stacks0), 4*1024.0)
		})
	}
}
