//go:build unix

package multiplayer

import (
	"runtime"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rawConnections opens n TCP connections to port as bare sockets, which
// cost this process's heap nothing, sends sent on each, returns them, and
// closes them when the test ends.
func rawConnections(t *testing.T, port string, n int, sent []byte) []int {
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
	return fds
}

// unreadBytes reads and counts what the server sent to fds, the sockets
// of rawConnections, without waiting for more.
func unreadBytes(t *testing.T, fds []int) int {
	var buf [4096]byte
	total := 0
	for _, fd := range fds {
		for {
			n, _, err := syscall.Recvfrom(fd, buf[:], syscall.MSG_DONTWAIT)
			if err == syscall.EAGAIN {
				break
			}
			require.NoError(t, err)
			if n == 0 {
				break
			}
			total += n
		}
	}
	return total
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
			port := serve(t, MustNew(WithMaxPeers(conns+10), WithMaxPendingUpgrades(conns+10)))
			hostile.Collect()
			heap0, stacks0 := heapAndStacks()
			goroutines := runtime.NumGoroutine()
			rawConnections(t, port, conns, []byte(sent))
			// Each waits for its head in a goroutine of its own, with its
			// buffers made before it reads.
			waitFor(t, "every connection accepted", func() bool { return runtime.NumGoroutine()-goroutines >= conns })
			heap, stacks := heapAndStacks()
			perConn := func(after, before uint64) float64 { return (float64(after) - float64(before)) / conns }
			t.Logf("%d connections, %d bytes sent each: %.1f KiB of heap and %.1f KiB of stack each", conns, len(sent),
				perConn(heap, heap0)/1024, perConn(stacks, stacks0)/1024)
			assert.Less(t, perConn(heap, heap0)+perConn(stacks, stacks0), 4*1024.0)
		})
	}
}

// 2000 connections that send nothing hold no more than
// DefaultMaxPendingUpgrades places: each beyond is closed at once, as a
// proxy in front of a public server closes what is over its cap, and
// those held cost at most 512 KiB in all, heap and stacks (the project's
// bound for what no byte received may hold). Before the cap, all 2000
// were held until the handshake's time, 6.4 MiB.
func TestPendingUpgradesCapped(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector allocates, and grows stacks")
	}
	const conns = 2000
	requestTimeout = time.Minute // however slow the machine, none ends before it is counted
	t.Cleanup(func() { requestTimeout = handshakeTimeout })
	port := serve(t, MustNew())
	hostile.Collect()
	heap0, stacks0 := heapAndStacks()
	fds := rawConnections(t, port, conns, nil)
	closed := func() int {
		n := 0
		var b [1]byte
		for _, fd := range fds {
			if k, _, err := syscall.Recvfrom(fd, b[:], syscall.MSG_DONTWAIT|syscall.MSG_PEEK); k == 0 && err == nil {
				n++ // the server closed it: EOF
			}
		}
		return n
	}
	waitFor(t, "the connections beyond the cap closed", func() bool { return closed() >= conns-DefaultMaxPendingUpgrades })
	assert.Equal(t, conns-DefaultMaxPendingUpgrades, closed(), "closed")
	heap, stacks := heapAndStacks()
	held := float64(heap+stacks) - float64(heap0+stacks0)
	t.Logf("%d connections that sent nothing: %d held, %.0f KiB of heap and stack", conns, DefaultMaxPendingUpgrades, held/1024)
	assert.Less(t, held, 512*1024.0)
}
