package godot

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"
)

// HoldPort holds a fixed port a corpus game serves on (its scripts'
// create_server port), for the rest of the test, against every other
// test process of this machine that holds it: test packages run side by
// side (go test -p), and two live tests of games on one port would take
// it from each other ("Couldn't create an ENet host"). It waits for a
// holder to let go, up to 10 minutes, then for the port to be free of
// other programs, up to 10 s; the test fails if either does not come.
// Called again by a test that holds it (an engine's server gone, a Go
// one to start on its port), it waits for the port to be free.
func HoldPort(t testing.TB, network, port string) {
	t.Helper()
	key := holdKey{t, network + "/" + port}
	holds.Lock()
	again := holds.by[key]
	holds.by[key] = true
	holds.Unlock()
	if !again {
		hold(t, network, port)
		t.Cleanup(func() {
			holds.Lock()
			delete(holds.by, key)
			holds.Unlock()
		})
	}
	n, _ := strconv.Atoi(port)
	for deadline := time.Now().Add(10 * time.Second); !bindable(network, n); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s port %s, which the game serves on, is taken by another program", network, port)
		}
	}
}

// holds are the ports the tests of this process hold.
var holds = struct {
	sync.Mutex
	by map[holdKey]bool
}{by: map[holdKey]bool{}}

type holdKey struct {
	t    testing.TB
	port string
}

// lockFile is the file whose lock holds a port on this machine.
func lockFile(network, port string) string {
	return filepath.Join(os.TempDir(), "gdvar-port-"+network+"-"+port+".lock")
}

// held reports whether a test holds a port (HoldPort), of this process
// or another: its lock is taken. A port no test ever held has no lock
// file, which held does not make.
func held(network, port string) bool {
	f, err := os.Open(lockFile(network, port))
	if err != nil {
		return false
	}
	defer f.Close() // closing lets go of the lock, if taken here
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil
}

// hold takes the machine's lock of a port, for the rest of the test.
func hold(t testing.TB, network, port string) {
	t.Helper()
	name := lockFile(network, port)
	f, err := os.OpenFile(name, os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		t.Fatalf("holding %s port %s: %v", network, port, err)
	}
	waited := time.Now()
	for deadline := time.Now().Add(10 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			f.Close()
			t.Fatalf("%s port %s held by another test process for 10 minutes (%s): %v", network, port, name, err)
		}
	}
	t.Cleanup(func() { f.Close() }) // closing lets go of the lock
	if d := time.Since(waited); d > time.Second {
		t.Logf("waited %v for %s port %s, which another test held", d.Round(time.Millisecond), network, port)
	}
}
