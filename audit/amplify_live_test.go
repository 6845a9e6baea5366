package audit

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/project"
)

// slowRelay is a server that sends every peer 8 MiB of other calls before
// it sends on a peer's message: the victim gets the message seconds
// after the call, on any machine.
const slowRelay = `extends Node

func _ready() -> void:
	var peer := ENetMultiplayerPeer.new()
	peer.create_server(int(OS.get_cmdline_user_args()[0]))
	multiplayer.multiplayer_peer = peer


@rpc("any_peer")
func relay(message: String) -> void:
	for i in 8:
		filler.rpc(message.substr(64))
	show.rpc(message)


@rpc("authority")
func filler(_text: String) -> void:
	pass


@rpc("authority")
func show(_message: String) -> void:
	pass
`

// The amplification counts a marked String the server sends on after 8
// MiB of other calls (slowRelay): once, relayed at 1.0×, as it waits
// for the server to confirm a path the victim sends it, not for a pause
// in what comes; waiting for 500 ms of nothing found nothing there.
func TestLiveAmplifySlowRelay(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir, _ := writeGame(t, slowRelay, 0)
	port := strconv.Itoa(godot.FreePort(t, "udp"))
	p, err := project.Open(dir)
	require.NoError(t, err)
	w := godot.ShownOnFailure(t, "the server")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// What is measured is the relay, not the time it takes: the 8 MiB the
	// server sends for the call stood it still past the default second on
	// a machine whose cores CI's fuzzers shared (a freezes finding).
	rep, err := Run(ctx, Config{Project: p, Addr: "127.0.0.1:" + port, FreezeAfter: 5 * time.Second,
		Godot: engine, Args: []string{"--headless", "--path", dir, "--", port},
		LaunchOptions: []debugger.Option{debugger.WithStdout(w), debugger.WithStderr(w)}})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"high no-sender-check-shared /root/Main.relay",
		"medium relayed /root/Main.relay(message)",
		"low accepts-huge /root/Main.relay(message)",
	}, rep.Keys())
	var measured []string
	for _, r := range rep.Results {
		if r.Attack == attackAmplify {
			measured = append(measured, r.Args+": "+r.Message)
		}
	}
	assert.Equal(t, []string{
		"a marked String of 1 MiB: the victim received 1048584 bytes for 1048584 sent",
		"(String): the victim received 0 bytes for 16 sent",
	}, measured)
	assert.Empty(t, rep.Stopped)
}
