package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// auditGame is a corpus game with an any_peer method that never asks
// who called it.
const auditGame = "../../testdata/projects/jonathanhecl__ENetMultiplayer-server-godot4"

// gdvar audit's usage errors exit 2, with the reason first.
func TestAuditUsage(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-static"}, "usage: gdvar audit"},
		{[]string{"-project", auditGame, "-static", "-fail-on", "severe"}, "-fail-on: audit: a level is info, low, medium or high"},
		{[]string{"-project", auditGame, "-static", "-addr", "127.0.0.1:1"}, "-static audits the project alone"},
		{[]string{"-project", auditGame}, "give the server's -addr and the command that starts it"},
		{[]string{"-project", auditGame, "-addr", "127.0.0.1:1", "-transport", "tcp", "--", "godot"}, `Transport "tcp": ws or enet`},
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
// deciding the exit status.
func TestAuditStatic(t *testing.T) {
	code, out, stderr := runGdvar(nil, "audit", "-project", auditGame, "-static")
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "project alone: 2 methods")
	assert.Contains(t, out, "medium  no-sender-check  /root/Main.send_message_to_server res://scenes/main.gd:34")

	code, _, stderr = runGdvar(nil, "audit", "-project", auditGame, "-static", "-fail-on", "medium")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "gdvar audit: a finding at medium, at or above -fail-on medium")

	code, out, stderr = runGdvar(nil, "audit", "-project", auditGame, "-static", "-json", "-")
	require.Equal(t, 0, code, stderr)
	var rep struct {
		Static   bool
		Findings []struct{ Kind, Level, Node, Method, Script string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.True(t, rep.Static)
	require.Len(t, rep.Findings, 1)
	assert.Equal(t, "no-sender-check", rep.Findings[0].Kind)
	assert.Equal(t, "medium", rep.Findings[0].Level)

	file := filepath.Join(t.TempDir(), "audit.json")
	code, out, _ = runGdvar(nil, "audit", "-project", auditGame, "-static", "-json", file)
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "1 findings")
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"kind": "no-sender-check"`)
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
