// Package godot finds and runs the real Godot engines that
// scripts/install-godot.sh installs, for tests that check gdvar against them.
// Tests that need an engine skip, with a message saying how to install it,
// when it is absent.
package godot

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Engine names: the launchers scripts/install-godot.sh writes.
const (
	Godot4   = "godot4"
	Godot3_6 = "godot3.6"
	Godot3_2 = "godot3.2"
)

// Find returns the launcher of the named engine, from $GDVAR_GODOT4,
// $GDVAR_GODOT3_6, $GDVAR_GODOT3_2 or $GDVAR_ENGINES/bin (default
// ~/.cache/gdvar/engines/bin), or "" if it is not installed.
func Find(name string) string {
	if p := os.Getenv("GDVAR_" + strings.ReplaceAll(upper(name), ".", "_")); p != "" {
		return p
	}
	dir := os.Getenv("GDVAR_ENGINES")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".cache", "gdvar", "engines")
	}
	p := filepath.Join(dir, "bin", name)
	if st, err := os.Stat(p); err != nil || st.IsDir() {
		return ""
	}
	return p
}

func upper(s string) string { return string(bytes.ToUpper([]byte(s))) }

// Require returns the named engine's launcher or skips the test.
func Require(t testing.TB, name string) string {
	t.Helper()
	p := Find(name)
	if p == "" {
		t.Skipf("%s is not installed: run scripts/install-godot.sh %s (CI does) to run this test against the real engine", name, strings.TrimPrefix(name, "godot"))
	}
	return p
}

// root returns the repository root (the directory holding
// scripts/install-godot.sh, found from a test of any module in the
// repository), whose scripts folder every engine's project links to.
func root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "scripts", "install-godot.sh")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no scripts/install-godot.sh above the test's directory")
		}
		dir = parent
	}
}

// FreePort returns a TCP (or UDP) port nobody listens on now (Port), or
// fails the test.
func FreePort(t testing.TB, network string) int {
	t.Helper()
	port, err := Port(network)
	if err != nil {
		t.Fatal(err)
	}
	return port
}

// Ports are handed out between portLow and portHigh: below the ranges
// systems take a socket's port from when it binds port 0 (Linux's
// 32768–60999 by default, IANA's 49152–65535). A port taken from those
// could be given to another socket (a test's client, the engine's) before
// the server it was meant for binds it: the engine then fails with
// "Couldn't create an ENet host".
const portLow, portHigh = 20000, 32000

var handedOut = struct {
	sync.Mutex
	ports map[int]bool
}{ports: map[int]bool{}}

// Port returns a TCP (or UDP) port nobody listens on now, on any address,
// that this process has not handed out before, and that no test holds
// (HoldPort: a corpus game's fixed port, as 22023, may be free while its
// test waits to start the game on it).
func Port(network string) (int, error) {
	handedOut.Lock()
	defer handedOut.Unlock()
	for range 1000 {
		port := portLow + rand.IntN(portHigh-portLow)
		if !handedOut.ports[port] && !held(network, strconv.Itoa(port)) && bindable(network, port) {
			handedOut.ports[port] = true
			return port, nil
		}
	}
	return 0, fmt.Errorf("no free %s port between %d and %d", network, portLow, portHigh)
}

// bindable reports whether a socket of network can bind port on every
// address, as the engine's servers bind.
func bindable(network string, port int) bool {
	addr := ":" + strconv.Itoa(port)
	if network == "udp" {
		c, err := net.ListenPacket("udp", addr)
		if err != nil {
			return false
		}
		c.Close()
		return true
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return false
	}
	ln.Close()
	return true
}

// Seed returns a new seed for an engine's random values each run, or the
// one in the environment variable env, to make the same values again; the
// test logs it.
func Seed(t testing.TB, env string) int64 {
	t.Helper()
	seed := time.Now().UnixNano() % 1_000_000_007
	if s := os.Getenv(env); s != "" {
		var err error
		if seed, err = strconv.ParseInt(s, 10, 64); err != nil {
			t.Fatalf("%s: %v", env, err)
		}
	}
	t.Logf("seed %d (%s=%d makes the same values)", seed, env, seed)
	return seed
}
