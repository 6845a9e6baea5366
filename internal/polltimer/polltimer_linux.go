package polltimer

import (
	"os"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// timer is a timerfd, read by its goroutine through the poller; where
// none can be made (a full descriptor table), a time.Timer.
type timer struct {
	f        *os.File
	rc       syscall.RawConn
	fallback *time.Timer
	*setting
}

// setting is the time being set, under its lock, and the function that
// sets it, made once: a closure made at each Set would be garbage.
type setting struct {
	mu   sync.Mutex
	spec unix.ItimerSpec
	fn   func(fd uintptr)
}

func newTimer(fn func()) timer {
	fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
	if err != nil {
		return newFallback(fn)
	}
	f := os.NewFile(uintptr(fd), "polltimer")
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return newFallback(fn)
	}
	go run(rc, fn)
	st := new(setting)
	st.fn = func(fd uintptr) {
		syscall.RawSyscall6(unix.SYS_TIMERFD_SETTIME, fd, 0, uintptr(unsafe.Pointer(&st.spec)), 0, 0, 0)
	}
	return timer{f: f, rc: rc, setting: st}
}

// newFallback is a timer of package time.
func newFallback(fn func()) timer {
	t := time.AfterFunc(time.Hour, fn)
	t.Stop()
	return timer{fallback: t}
}

// run calls fn at each expiry until the timerfd is closed. Its reads are
// raw (see the package's doc); one that finds no expiry waits in the
// poller.
func run(rc syscall.RawConn, fn func()) {
	var n [8]byte
	read := func(fd uintptr) bool {
		_, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&n[0])), uintptr(len(n)))
		return e != syscall.EAGAIN && e != syscall.EINTR
	}
	for rc.Read(read) == nil {
		fn()
	}
}

func (t timer) set(d time.Duration) {
	if t.fallback != nil {
		t.fallback.Reset(d)
		return
	}
	t.settime(max(d, 1)) // 0 would disarm it
}

func (t timer) stop() {
	if t.fallback != nil {
		t.fallback.Stop()
		return
	}
	t.settime(0)
}

// settime sets the timerfd to expire d from now, or disarms it (0), unless
// it is closed: Control holds the descriptor meanwhile, which a file
// opened after the close could otherwise have been given.
func (t timer) settime(d time.Duration) {
	t.mu.Lock()
	t.spec.Value = unix.NsecToTimespec(int64(d))
	t.rc.Control(t.fn)
	t.mu.Unlock()
}

func (t timer) close() {
	if t.fallback != nil {
		t.fallback.Stop()
		return
	}
	t.f.Close()
}
