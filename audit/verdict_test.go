package audit

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/project"
)

// A report's verdict at its FailOn, as its JSON gives it first: clean,
// findings at or above FailOn, could not audit whatever the findings;
// the worst level, null without a finding; no findings are [].
func TestReportStatus(t *testing.T) {
	at := func(levels ...Level) []Finding {
		var out []Finding
		for _, l := range levels {
			out = append(out, Finding{Kind: NotChecked, Level: l})
		}
		return out
	}
	for _, c := range []struct {
		rep    Report
		status Status
		worst  string
	}{
		{Report{FailOn: High}, StatusClean, "null"},
		{Report{FailOn: High, Findings: at(Medium, Low)}, StatusClean, `"medium"`},
		{Report{FailOn: Medium, Findings: at(Low, Medium)}, StatusFindings, `"medium"`},
		{Report{FailOn: Info, Findings: at(Info)}, StatusFindings, `"info"`},
		{Report{FailOn: High, Findings: at(High), Error: "audit: could not audit the server: …"}, StatusCouldNotAudit, `"high"`},
		{Report{FailOn: High, Error: "project: no project.godot"}, StatusCouldNotAudit, "null"},
	} {
		assert.Equal(t, c.status, c.rep.Status(), "%+v", c.rep)
		b, err := json.Marshal(&c.rep)
		require.NoError(t, err)
		want := fmt.Sprintf(`{"status":%q,"worst":%s,"fail_on":%q,`, c.status, c.worst, c.rep.FailOn)
		assert.True(t, strings.HasPrefix(string(b), want), "%s", b)
		var back map[string]any
		require.NoError(t, json.Unmarshal(b, &back))
		assert.NotNil(t, back["findings"], "[], not null")
		assert.Equal(t, c.rep.Error != "", back["error"] != nil)
	}
}

// A Run that could not audit returns an error matching ErrCouldNotAudit
// and its reason, with the report of what was done: the project's
// findings, its Error, its Status. Before, it returned no report, and an
// error no caller could tell from a bad Config.
func TestRunCouldNotAudit(t *testing.T) {
	p, err := project.Open(corpus + "jonathanhecl__ENetMultiplayer-server-godot4")
	require.NoError(t, err)
	rep, err := Run(context.Background(), Config{Project: p, Addr: "127.0.0.1:9",
		Godot: filepath.Join(t.TempDir(), "no-godot")})
	require.ErrorIs(t, err, ErrServerStart)
	assert.ErrorIs(t, err, ErrCouldNotAudit)
	assert.ErrorIs(t, err, os.ErrNotExist, "its cause")
	assert.NotErrorIs(t, err, ErrJoin)
	require.NotNil(t, rep)
	assert.Equal(t, StatusCouldNotAudit, rep.Status())
	assert.Equal(t, err.Error(), rep.Error)
	assert.Equal(t, []string{"high no-sender-check-shared /root/Main.send_message_to_server"}, rep.Keys())
	assert.False(t, rep.Server.Launched)

	for _, c := range []Config{
		{Project: p, Addr: "127.0.0.1:9", Net: &fromproject.Net{Transport: 7}, Godot: "godot"},
		{Project: p, Addr: "127.0.0.1", Net: &fromproject.Net{}, Godot: "godot"}, // no port, none the project tells
		{Project: p, Addr: "127.0.0.1:9", Net: &fromproject.Net{Compression: "LZMA"}, Godot: "godot"},
		{Project: p, Addr: "127.0.0.1:9", Godot: "godot", Scenario: &Scenario{Calls: []Step{{Call: "main:go"}}}},
		{Project: p, Addr: "127.0.0.1:9", Godot: "godot", FreezeAfter: 50 * time.Millisecond},
		{Project: p, Addr: "127.0.0.1:9", Godot: "godot", FreezeAfter: 3 * time.Second, Wait: 2 * time.Second},
		{Project: p, Addr: "127.0.0.1:9", Godot: "godot", Root: "Main"},
		{Project: p, Addr: "127.0.0.1:9", Godot: "godot", Root: "/root/Main/"},
		{Project: p, Addr: "127.0.0.1:9", Godot: "godot", Root: "/rooted"},
	} {
		_, err = Run(context.Background(), c)
		assert.ErrorIs(t, err, ErrConfig)
		assert.NotErrorIs(t, err, ErrCouldNotAudit)
	}
}

// A server that runs where the audit's clients cannot join it (ENet,
// joined over WebSocket) is ErrJoin, and its report holds what the
// server printed.
func TestLiveRunCouldNotJoin(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := filepath.Join(t.TempDir(), "server")
	require.NoError(t, os.CopyFS(dir, os.DirFS("testdata/server")))
	port := strconv.Itoa(godot.FreePort(t, "udp"))
	p, err := project.Open(dir)
	require.NoError(t, err)
	rep, err := Run(context.Background(), Config{Project: p, Addr: "127.0.0.1:" + port, Net: &fromproject.Net{Transport: multiplayer.WebSocket}, Duration: 8 * time.Second,
		Godot: engine, Args: []string{"--headless", "--path", dir, "--", port},
		LaunchOptions: []debugger.Option{debugger.WithStdout(io.Discard), debugger.WithStderr(io.Discard)}})
	require.ErrorIs(t, err, ErrJoin)
	require.NotNil(t, rep)
	assert.Equal(t, StatusCouldNotAudit, rep.Status())
	assert.True(t, rep.Server.Launched)
	assert.Contains(t, rep.Server.OutputLines.First, "LISTENING "+port)
	assert.Eventually(t, func() bool { return !running(dir) }, 10*time.Second, 20*time.Millisecond, "the server is left running")
}
