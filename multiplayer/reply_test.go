package multiplayer

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gdvar/gdvar"
)

// TestRepliesWritten: replies over a WebSocket arrive however they are
// made: in the handler (written by the reading goroutine once it
// returns), from a goroutine the handler waits for (queued while the
// handler runs: written when it returns), from one after it returned
// (the writing goroutine's), and after a call this side made first. Each
// reply names the way it was made; they come in order.
func TestRepliesWritten(t *testing.T) {
	server := MustNew()
	main := server.Node("/root/Main", echoMethods...)
	later := make(chan *Call, 1)
	main.Handle("echo", func(c *Call, id int64, name string, pos gdvar.Vector3) error {
		switch name {
		case "inline":
			return c.Reply("echo_reply", id, name, pos)
		case "waited":
			done := make(chan error)
			go func() { done <- c.Reply("echo_reply", id, name, pos) }()
			return <-done
		case "after":
			later <- c
			return nil
		case "behind":
			// A call this side makes first, on its own, then the reply.
			if err := main.Call(c.From, "echo_reply", id, "first", pos); err != nil {
				return err
			}
			return c.Reply("echo_reply", id, name, pos)
		}
		return nil
	})
	go func() {
		for c := range later {
			assert.NoError(t, c.Reply("echo_reply", int64(2), "after", gdvar.Vector3{}))
		}
	}()
	defer close(later)
	port := serve(t, server)

	client := MustNew()
	replies := make(chan string, 16)
	cm := client.Node("/root/Main", echoMethods...)
	cm.Handle("echo_reply", func(_ *Call, id int64, name string, _ gdvar.Vector3) { replies <- name })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(t, client.Connect(ctx, "ws://127.0.0.1:"+port))
	defer client.Close()

	for i, step := range []struct {
		name string
		want []string
	}{
		{"inline", []string{"inline"}},
		{"waited", []string{"waited"}},
		{"after", []string{"after"}},
		{"behind", []string{"first", "behind"}},
		{"inline", []string{"inline"}},
	} {
		require.NoError(t, cm.Call(ServerID, "echo", int64(i), step.name, gdvar.Vector3{}))
		var got []string
		wait := time.After(20 * time.Second)
		for len(got) < len(step.want) {
			select {
			case name := <-replies:
				got = append(got, name)
			case <-wait:
				t.Fatalf("call %d (%s): replies %v, want %v", i, step.name, got, step.want)
			}
		}
		assert.Equal(t, step.want, got, "call %d", i)
	}
}
