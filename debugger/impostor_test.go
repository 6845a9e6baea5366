package debugger_test

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

// fakeGameMain is a game for Launch: it writes the address of its
// --remote-debug argument to the file $DBGTEST_ADDRFILE, waits for the file
// $DBGTEST_GOFILE to exist, then connects, says its process id, and
// answers each scene tree request with a root and a node named $DBGTEST_NAME.
func fakeGameMain() int {
	var addr string
	for i, a := range os.Args {
		if a == "--remote-debug" && i+1 < len(os.Args) {
			addr = strings.TrimPrefix(os.Args[i+1], "tcp://")
		}
	}
	if err := os.WriteFile(os.Getenv("DBGTEST_ADDRFILE"), []byte(addr), 0o644); err != nil {
		return 1
	}
	for deadline := time.Now().Add(liveWait); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(os.Getenv("DBGTEST_GOFILE")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			return 1
		}
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return 1
	}
	defer c.Close()
	pid := int64(os.Getpid())
	if said := os.Getenv("DBGTEST_PID"); said != "" { // an impostor's lie
		pid, _ = strconv.ParseInt(said, 10, 64)
	}
	speak(debugger.NewConn(c, gdvar.Godot4), pid, os.Getenv("DBGTEST_NAME"))
	return 0
}

// speak is a game that says its process id and answers scene tree
// requests with a root and one node, named name, until the connection
// ends.
func speak(c *debugger.Conn, pid int64, name string) {
	if c.Write("set_pid", 1, []any{pid}) != nil {
		return
	}
	if f := os.Getenv("DBGTEST_SAIDFILE"); f != "" {
		os.WriteFile(f, []byte("said"), 0o644)
	}
	for {
		m, err := c.Read()
		if errors.Is(err, debugger.ErrMalformed) {
			continue
		}
		if err != nil {
			return
		}
		if m.Name == "scene:request_scene_tree" {
			c.Write("scene:scene_tree", 1, []any{int64(1), "root", "Window", int64(1), "", int64(0), int64(0), name, "Node", int64(2), "", int64(0)})
		}
	}
}

// Launch accepts only the game it started (or a process the game
// started), however many others connect first and whatever they send:
// one that sends nothing, one that speaks the protocol as a game would.
func TestLaunchAcceptsOnlyItsGame(t *testing.T) {
	silent := func(net.Conn) {}
	speaking := func(c net.Conn) { go speak(debugger.NewConn(c, gdvar.Godot4), 1, "Impostor") }
	for _, c := range []struct {
		name      string
		wrapped   bool // the game is a child of the program launched, a shell script
		impostors []func(net.Conn)
	}{
		{"a silent impostor first", false, []func(net.Conn){silent}},
		{"an impostor speaking the protocol first", false, []func(net.Conn){speaking}},
		{"both, then a game a script starts", true, []func(net.Conn){silent, speaking}},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			dir := t.TempDir()
			addrFile, goFile := filepath.Join(dir, "addr"), filepath.Join(dir, "go")
			godot, env := os.Args[0], append(os.Environ(), "DBGTEST_FAKEGAME=1", "DBGTEST_NAME=Real",
				"DBGTEST_ADDRFILE="+addrFile, "DBGTEST_GOFILE="+goFile)
			if c.wrapped {
				script := filepath.Join(dir, "game.sh")
				require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\n\"$GAME\" \"$@\"\nexit $?\n"), 0o755))
				godot, env = script, append(env, "GAME="+os.Args[0])
			}
			done := launchInBackground(godot, env)
			addr := waitFile(t, addrFile)
			for _, impostor := range c.impostors {
				conn, err := net.Dial("tcp", addr)
				require.NoError(t, err)
				defer conn.Close()
				impostor(conn)
			}
			require.NoError(t, os.WriteFile(goFile, nil, 0o644))
			l := <-done
			require.NoError(t, l.err)
			defer l.g.Close()
			ctx, cancel := context.WithTimeout(context.Background(), liveWait)
			defer cancel()
			root, err := l.g.Tree(ctx)
			require.NoError(t, err)
			assert.Equal(t, "Real", root.Children[0].Name)
			if c.wrapped {
				assert.NotEqual(t, int64(l.g.Process().Pid), l.g.PID(), "the game is the script's child")
			} else {
				assert.Equal(t, int64(l.g.Process().Pid), l.g.PID())
			}
		})
	}
}

// waitFile waits for the file at path to hold something, and returns it.
func waitFile(t *testing.T, path string) string {
	t.Helper()
	for deadline := time.Now().Add(liveWait); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			return string(b)
		}
	}
	t.Fatalf("no %s after %v", path, liveWait)
	return ""
}

// A Listener's Accept waits on past connections that send nothing, or
// something other than a debugger message, for a game's.
func TestAcceptOutwaitsOtherConnections(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	ln, err := debugger.Listen("127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	for _, first := range [][]byte{nil, []byte("GET / HTTP/1.1\r\n\r\n"), {8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0}} {
		c, err := net.Dial("tcp", ln.Addr().String())
		require.NoError(t, err)
		defer c.Close()
		_, err = c.Write(first)
		require.NoError(t, err)
	}
	game, err := net.Dial("tcp", ln.Addr().String())
	require.NoError(t, err)
	defer game.Close()
	go speak(debugger.NewConn(game, gdvar.Godot4), 7, "Real")
	ctx, cancel := context.WithTimeout(context.Background(), liveWait)
	defer cancel()
	s, err := ln.Accept(ctx)
	require.NoError(t, err)
	defer s.Close()
	root, err := s.Tree(ctx)
	require.NoError(t, err)
	assert.Equal(t, "Real", root.Children[0].Name)
}

// A launcher that starts another program beside the game, which connects
// first and says it is process 31337, as a game's first message does:
// Launch takes the game's connection. The other program holds its
// connection and descends from the launched process, as the game does:
// it passed the kernel's check, and the first debugger message won.
func TestLaunchRefusesAnImpostorBesideTheGame(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	dir := t.TempDir()
	addrFile, goFile, saidFile := filepath.Join(dir, "addr"), filepath.Join(dir, "go"), filepath.Join(dir, "said")
	script := filepath.Join(dir, "game.sh")
	require.NoError(t, os.WriteFile(script, []byte(`#!/bin/sh
DBGTEST_PID=31337 DBGTEST_NAME=Impostor DBGTEST_GOFILE=/dev/null DBGTEST_ADDRFILE="$IMPOSTOR_ADDR" DBGTEST_SAIDFILE="$SAID" "$GAME" "$@" &
"$GAME" "$@"
`), 0o755))
	env := append(os.Environ(), "DBGTEST_FAKEGAME=1", "DBGTEST_NAME=Real", "GAME="+os.Args[0], "SAID="+saidFile,
		"IMPOSTOR_ADDR="+filepath.Join(dir, "impostor-addr"), "DBGTEST_ADDRFILE="+addrFile, "DBGTEST_GOFILE="+goFile)
	done := launchInBackground(script, env)
	waitFile(t, addrFile)
	waitFile(t, saidFile) // the impostor connected and spoke
	require.NoError(t, os.WriteFile(goFile, nil, 0o644))
	l := <-done
	require.NoError(t, l.err)
	defer l.g.Close()
	ctx, cancel := context.WithTimeout(context.Background(), liveWait)
	defer cancel()
	root, err := l.g.Tree(ctx)
	require.NoError(t, err)
	assert.Equal(t, "Real", root.Children[0].Name)
	assert.NotEqual(t, int64(31337), l.g.PID())
}

// launched is what a Launch in the background returned.
type launched struct {
	g   *debugger.Game
	err error
}

// launchInBackground launches godot with env, within liveWait, and
// sends what Launch returned.
func launchInBackground(godot string, env []string) <-chan launched {
	done := make(chan launched, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), liveWait)
		defer cancel()
		g, err := debugger.Launch(ctx, godot, nil, debugger.WithEnv(env))
		done <- launched{g, err}
	}()
	return done
}
