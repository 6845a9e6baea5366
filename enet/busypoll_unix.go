//go:build unix

package enet

import (
	"runtime"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// busyPollSupported says whether WithBusyPoll applies on this system.
const busyPollSupported = true

// busyPoller polls a UDP socket until a datagram waits (see WithBusyPoll).
type busyPoller struct {
	rc     syscall.RawConn
	window time.Duration
}

// newBusyPoller returns a poller for h's socket, or nil when it has none.
func newBusyPoller(h *Host) *busyPoller {
	if h.cfg.busyPoll <= 0 || h.udp == nil {
		return nil
	}
	rc, err := h.udp.SyscallConn()
	if err != nil {
		return nil
	}
	return &busyPoller{rc: rc, window: h.cfg.busyPoll}
}

// wait returns once a datagram waits on the socket (true) or the window
// has passed (false), letting other goroutines run between polls: the one
// a datagram woke runs on this thread rather than waking another.
func (b *busyPoller) wait() bool {
	deadline := time.Now().Add(b.window)
	ready := false
	b.rc.Read(func(fd uintptr) bool {
		fds := [1]unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		for {
			if n, _ := unix.Poll(fds[:], 0); n > 0 {
				ready = true
				return true
			}
			if time.Now().After(deadline) {
				return true // the read that follows sleeps until a datagram comes
			}
			runtime.Gosched()
		}
	})
	return ready
}
