package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/multiplayer"
)

// auditGame is a corpus game with an any_peer method that never asks
// who called it.
const auditGame = "../../testdata/projects/jonathanhecl__ENetMultiplayer-server-godot4"

// gdvar audit's usage errors exit 2, with the reason first.
func TestAuditUsage(t *testing.T) {
	scenario := filepath.Join(t.TempDir(), "scenario.json")
	require.NoError(t, os.WriteFile(scenario, []byte(`{"start": [{"call": "/root/Main:start", "input": "ui_accept"}]}`), 0o644))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-static"}, "usage: gdvar audit"},
		{[]string{"-project", auditGame, "-static", "-fail-on", "severe"}, "-fail-on: audit: a level is info, low, medium or high"},
		{[]string{"-project", auditGame, "-static", "-addr", "127.0.0.1:1"}, "-static audits the project alone"},
		{[]string{"-project", auditGame}, "give the server's -addr and the command that starts it"},
		{[]string{"-project", auditGame, "-addr", "127.0.0.1:1", "-transport", "tcp", "--", "godot"}, `a transport is enet or ws, not "tcp"`},
		{[]string{"-project", auditGame, "-addr", "127.0.0.1:1", "-compression", "LZMA", "--", "godot"}, "-compression: gdvar: invalid option: compression \"LZMA\""},
		{[]string{"-project", auditGame, "-addr", "127.0.0.1:1", "-start", "press:start", "--", "godot"}, "-start: audit: bad scenario"},
		{[]string{"-project", auditGame, "-addr", "127.0.0.1:1", "-start", "call:Main", "--", "godot"}, `call "Main": /root/Node:method`},
		{[]string{"-project", auditGame, "-static", "-start", "input:ui_accept"}, "no -scenario nor -start"},
		{[]string{"-project", auditGame, "-addr", "127.0.0.1:1", "-scenario", scenario, "--", "godot"}, "start 0: a step is one of call, input and set"},
		{[]string{"-project", "../../testdata/projects/Ultraegern__godot-multiplayer-example", "-addr", "127.0.0.1", "--", "godot"},
			"Addr \"127.0.0.1\" has no port, and the project's create_server tells none"},
		{[]string{"-project", auditGame, "-addr", "127.0.0.1:1", "-rate", "0", "--", "godot"}, "-rate 0: 0.01 to 1000"},
		{[]string{"-project", auditGame, "-addr", "127.0.0.1:1", "-restarts", "-1", "--", "godot"}, "-restarts -1"},
		{[]string{"-project", auditGame, "-static", "-watch", "nocolon"}, "NODE:PROPERTY"},
	} {
		code, _, stderr := runGdvar(nil, append([]string{"audit"}, c.args...)...)
		assert.Equal(t, 2, code, "%v: %s", c.args, stderr)
		assert.Contains(t, stderr, c.want, "%v", c.args)
	}
}

// -static audits the project alone: its table, its JSON, and -fail-on
// deciding the exit status. The game's one any_peer method broadcasts
// any peer's message to every client without asking who sent it: high.
func TestAuditStatic(t *testing.T) {
	code, out, stderr := runGdvar(nil, "audit", "-project", auditGame, "-static")
	assert.Equal(t, 1, code, stderr)
	assert.Contains(t, out, "project alone: 2 methods")
	assert.Contains(t, out, "high   no-sender-check-shared  /root/Main.send_message_to_server res://scenes/main.gd:34")
	assert.Equal(t, "gdvar audit: a finding at high, at or above -fail-on high\n", stderr)

	code, out, stderr = runGdvar(nil, "audit", "-project", auditGame, "-static", "-json", "-")
	require.Equal(t, 1, code, stderr)
	var rep struct {
		Static   bool
		Findings []struct{ Kind, Level, Node, Method, Script, Message string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.True(t, rep.Static)
	require.Len(t, rep.Findings, 1)
	assert.Equal(t, "no-sender-check-shared", rep.Findings[0].Kind)
	assert.Equal(t, "high", rep.Findings[0].Level)
	assert.Contains(t, rep.Findings[0].Message, "sends send_message_to_client to every peer (rpc, line 37)")

	file := filepath.Join(t.TempDir(), "audit.json")
	code, out, _ = runGdvar(nil, "audit", "-project", auditGame, "-static", "-json", file)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "1 findings")
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"kind": "no-sender-check-shared"`)
}

// auditJSON is what a CI job reads of gdvar audit's -json report.
type auditJSON struct {
	Status, Error string
	FailOn        string `json:"fail_on"`
	Worst         any    // a level's name, nil for null
	Static        bool
	Findings      []struct{ Kind, Level string }
	Server        *struct {
		Launched    bool
		Errors      int
		Output      int
		ErrorLines  auditLines `json:"error_lines"`
		OutputLines auditLines `json:"output_lines"`
	}
}

// auditLines are a report's lines of the server's.
type auditLines struct {
	First, Last []string
	Omitted     int
}

// gdvar audit exits 0 clean, 1 on a finding at -fail-on or above, 2 on a
// usage error, 3 when it could not audit, and writes its JSON in every
// case but a usage error: with its status, -fail-on, the worst level, and
// why it could not audit (the reason on stderr's first line). Before, a
// run that could not audit exited 1, as one with a finding does, and
// wrote no JSON.
func TestAuditExitCodes(t *testing.T) {
	dir := t.TempDir()
	// A server that prints why it cannot run, and ends.
	failing := filepath.Join(dir, "failing")
	require.NoError(t, os.WriteFile(failing, []byte("#!/bin/sh\necho 'ERROR: Invalid project path specified: \"nowhere\"' >&2\nexit 1\n"), 0o755))
	// A server that connects to the debugger and serves nothing where
	// the audit joins: a wrong -addr.
	silent := filepath.Join(dir, "silent")
	require.NoError(t, os.WriteFile(silent, []byte("#!/bin/sh\nGDVAR_TEST_FAKE_GAME=silent exec "+os.Args[0]+` "$@"`+"\n"), 0o755))
	addr := closedPort(t)
	dynamic := func(server string, more ...string) []string {
		return append(append([]string{"-q", "-project", auditGame, "-addr", addr, "-transport", "ws", "-duration", "8s"}, more...),
			"--", server)
	}
	// A game whose spawner has no spawn_path, which the clients cannot
	// declare: the cause, not -addr, on the first line.
	undeclared := filepath.Join(dir, "undeclared")
	require.NoError(t, os.MkdirAll(undeclared, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(undeclared, "project.godot"), []byte("config_version=5\n[application]\nrun/main_scene=\"res://main.tscn\"\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(undeclared, "main.tscn"), []byte("[gd_scene format=3]\n[node name=\"Main\" type=\"Node\"]\n"+
		"[node name=\"S\" type=\"MultiplayerSpawner\" parent=\".\"]\n_spawnable_scenes = PackedStringArray(\"res://main.tscn\")\n"), 0o644))
	for _, c := range []struct {
		name   string
		args   []string
		code   int
		stderr string // its first line holds this
		check  func(t *testing.T, rep auditJSON)
	}{
		{"clean", []string{"-project", "../../testdata/projects/Ultraegern__godot-multiplayer-example", "-static"}, 0, "",
			func(t *testing.T, rep auditJSON) {
				assert.Equal(t, "clean", rep.Status)
				assert.Nil(t, rep.Worst)
				assert.Empty(t, rep.Findings)
			}},
		{"findings", []string{"-project", auditGame, "-static", "-fail-on", "medium"}, 1, "a finding at high, at or above -fail-on medium",
			func(t *testing.T, rep auditJSON) {
				assert.Equal(t, []any{"findings", "medium", "high"}, []any{rep.Status, rep.FailOn, rep.Worst})
			}},
		{"usage", []string{"-project", auditGame, "-static", "-fail-on", "severe"}, 2, "-fail-on: audit: a level is", nil},
		{"json unwritable", []string{"-project", auditGame, "-static", "-json", filepath.Join(dir, "no", "audit.json")}, 2, "-json: ", nil},
		{"no project", []string{"-project", filepath.Join(dir, "nowhere"), "-static"}, 3,
			"could not audit: the project could not be read (check -project and -scene): ",
			func(t *testing.T, rep auditJSON) {
				assert.Equal(t, "could-not-audit", rep.Status)
				assert.Contains(t, rep.Error, "nowhere")
			}},
		{"no server", dynamic(filepath.Join(dir, "godot-that-is-not")), 3,
			"could not audit: the server did not start, or ended before it took a client: check the command after --",
			func(t *testing.T, rep auditJSON) {
				assert.Equal(t, []any{"could-not-audit", "high", "high"}, []any{rep.Status, rep.FailOn, rep.Worst})
				assert.Contains(t, rep.Error, "could not audit the server: it did not start: starting the server: ")
				assert.Equal(t, "no-sender-check-shared", rep.Findings[0].Kind, "the project's findings, read before")
				assert.False(t, rep.Server.Launched)
			}},
		{"server failing", dynamic(failing), 3, "could not audit: the server did not start",
			func(t *testing.T, rep auditJSON) {
				assert.Equal(t, "could-not-audit", rep.Status)
				assert.Contains(t, rep.Error, `ERROR: Invalid project path specified: "nowhere"`)
			}},
		{"clients not declared", []string{"-q", "-project", undeclared, "-addr", addr, "--", silent}, 3,
			"could not audit: the audit's clients could not be declared from the project: res://main.tscn: spawner /root/Main/S: no spawn_path",
			func(t *testing.T, rep auditJSON) {
				assert.Equal(t, "could-not-audit", rep.Status)
				assert.Contains(t, rep.Error, "its clients could not be declared from the project: ")
				assert.False(t, rep.Server.Launched, "no server started")
			}},
		{"cannot join", dynamic(silent), 3,
			"could not audit: the audit's clients could not join the server at " + addr + ": check that the game listens there",
			func(t *testing.T, rep auditJSON) {
				assert.Equal(t, "could-not-audit", rep.Status)
				assert.Contains(t, rep.Error, "could not audit the server: the audit's clients could not join it: ")
				assert.True(t, rep.Server.Launched)
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			file := filepath.Join(t.TempDir(), "audit.json")
			code, _, stderr := runGdvar(nil, append([]string{"audit", "-json", file}, c.args...)...)
			assert.Equal(t, c.code, code, stderr)
			first, _, _ := strings.Cut(stderr, "\n")
			assert.Contains(t, first, c.stderr)
			b, err := os.ReadFile(file)
			if c.check == nil {
				assert.ErrorIs(t, err, os.ErrNotExist, "no report on a usage error")
				return
			}
			require.NoError(t, err, "the report, in every case")
			var rep auditJSON
			require.NoError(t, json.Unmarshal(b, &rep), string(b))
			c.check(t, rep)
		})
	}
}

// A server whose peer is set up otherwise than the clients join it (a
// WebSocket server requiring a subprotocol the project does not tell) is
// reported within a join's time by the clients' own error, exit 3, the
// first line naming the flag that fixes it; with the flag, the clients
// join it. Before, the join was tried for a minute, and its error was
// "context deadline exceeded".
func TestAuditMismatch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	server := multiplayer.MustNew(multiplayer.WithSubprotocols("ludus"))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	go server.Serve(ctx, ln)
	defer server.Close()
	// A game that connects to the debugger, whose server is the Go one.
	silent := filepath.Join(t.TempDir(), "silent")
	require.NoError(t, os.WriteFile(silent, []byte("#!/bin/sh\nGDVAR_TEST_FAKE_GAME=silent exec "+os.Args[0]+` "$@"`+"\n"), 0o755))
	args := func(more ...string) []string {
		return append(append([]string{"audit", "-q", "-project", auditGame, "-addr", ln.Addr().String(), "-transport", "ws",
			"-duration", "10s", "-wait", "200ms", "-json", "-"}, more...), "--", silent)
	}
	started := time.Now()
	code, out, stderr := runGdvar(nil, args()...)
	assert.Equal(t, 3, code, stderr)
	assert.Less(t, time.Since(started), 30*time.Second, "the fake server's start, and one join's time")
	first, _, _ := strings.Cut(stderr, "\n")
	assert.Equal(t, "gdvar audit: could not audit: the server refused the clients' subprotocols (none): give the game's with -subprotocols", first)
	var rep struct {
		Status, Error string
		Net           struct{ Transport string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, "could-not-audit", rep.Status)
	assert.Contains(t, rep.Error, "multiplayer: handshake not completed")
	assert.Equal(t, "ws", rep.Net.Transport)

	// With the flag, the clients join it; but the game the debugger talks
	// to is the fake one, not this Go server, so none of the clients'
	// calls comes back through the debugger: a server at -addr that is
	// not the game launched, which the audit says (exit 3) rather than
	// take each call for a freeze.
	code, out, stderr = runGdvar(nil, args("-subprotocols", "ludus")...)
	assert.Equal(t, 3, code, stderr)
	assert.Contains(t, stderr, "took the clients, but the game launched reported none of their calls")
	assert.NotContains(t, stderr, "refused the clients' subprotocols")
	var joined struct {
		Status string
		Net    struct {
			Subprotocols []string
			Clients      int
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &joined), out)
	assert.Equal(t, []string{"ludus"}, joined.Net.Subprotocols)
	assert.Equal(t, 2, joined.Net.Clients)
}

// closedPort returns a loopback address nothing listens at.
func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return addr
}

// The report of a server that printed and failed more than the report
// keeps: its first and last lines, each cut, and how many are left out
// between them; with -json -, standard output holds the JSON alone.
// Before, the report held their counts alone.
func TestAuditServerLines(t *testing.T) {
	server := filepath.Join(t.TempDir(), "printing")
	require.NoError(t, os.WriteFile(server, []byte("#!/bin/sh\nGDVAR_TEST_FAKE_GAME=printing exec "+os.Args[0]+` "$@"`+"\n"), 0o755))
	code, out, stderr := runGdvar(nil, "audit", "-q", "-project", auditGame, "-addr", closedPort(t), "-transport", "ws",
		"-duration", "8s", "-json", "-", "--", server)
	require.Equal(t, 3, code, stderr)
	var rep auditJSON
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	require.NotNil(t, rep.Server)
	assert.Equal(t, 200, rep.Server.Output)
	o := rep.Server.OutputLines
	require.Len(t, o.First, 32)
	assert.Equal(t, "line 0 "+strings.Repeat("é", 252)+"…", o.First[0], "cut at 512 bytes, at a character's start")
	assert.Equal(t, "line 31", o.First[31])
	assert.Equal(t, 200-64, o.Omitted)
	require.Len(t, o.Last, 32)
	assert.Equal(t, []string{"line 168", "line 199"}, []string{o.Last[0], o.Last[31]})
	assert.Equal(t, 100, rep.Server.Errors)
	e := rep.Server.ErrorLines
	assert.Equal(t, "ERROR: error 0 at: _ready (res://main.gd:7)", e.First[0])
	assert.Equal(t, 100-64, e.Omitted)
	assert.Equal(t, "ERROR: error 99 at: _ready (res://main.gd:7)", e.Last[31])
}

// gdvar audit stopped by a signal while it waits for its server exits as
// killed by the signal (128 + its number), as every gdvar command does,
// and the server it started ends with it: nothing is left running.
func TestAuditSignalLeavesNothing(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			marker := fmt.Sprintf("gdvar-audit-signal-%d", rand.Int64())
			// A server that connects to the debugger and serves nothing at
			// the address: the audit waits to join it.
			server := filepath.Join(t.TempDir(), "server")
			require.NoError(t, os.WriteFile(server, []byte("#!/bin/sh\nGDVAR_TEST_FAKE_GAME=silent exec "+os.Args[0]+` "$@"`+"\n"), 0o755))
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "GDVAR_TEST_MAIN=audit -q -project "+auditGame+
				" -addr 127.0.0.1:9 -transport ws -- "+server+" "+marker)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			defer cmd.Process.Kill()
			require.Eventually(t, func() bool { return len(processesWith(marker)) > 0 }, 30*time.Second, 20*time.Millisecond,
				"the server never started")
			time.Sleep(500 * time.Millisecond) // connected to the debugger, the audit joining
			require.NoError(t, cmd.Process.Signal(sig))
			select {
			case err := <-exited:
				var exit *exec.ExitError
				require.ErrorAs(t, err, &exit, stderr.String())
				assert.Equal(t, 128+int(sig), exit.ExitCode(), stderr.String())
			case <-time.After(30 * time.Second):
				t.Fatalf("gdvar audit did not end after %s: %s", sig, stderr.String())
			}
			assert.Eventually(t, func() bool { return len(processesWith(marker)) == 0 }, 10*time.Second, 20*time.Millisecond,
				"the server is left running")
		})
	}
}

// processesWith returns the ids of the processes whose command line
// holds marker.
func processesWith(marker string) []string {
	var ids []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && strings.Contains(string(b), marker) {
			ids = append(ids, e.Name())
		}
	}
	return ids
}
