package multiplayer

import (
	"io"
	"net"
	"regexp"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/hostile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Clients that declare a message of the packet limit (1 MiB here), send
// 10 bytes of it and stall hold what came, not what they declared: the
// buffer grows as the bytes arrive. 50 of them hold under 16 KiB of heap
// each, their connections included (over 1 MiB each when the buffer was
// made to the declared length).
func TestStalledFramesHoldWhatCame(t *testing.T) {
	const peers, limit = 50, 1 << 20
	port := serve(t, newEchoServer(WithMaxPacketSize(limit), WithReadTimeout(time.Minute)))
	hostile.Collect()
	before := hostile.HeapInUse()
	for range peers {
		nc := upgraded(t, port)
		_, err := nc.Write(append(declaring(0x82, limit), make([]byte, 10)...))
		require.NoError(t, err)
	}
	inPayload := regexp.MustCompile(`wsframe\.\(\*Reader\)\.payload\(`)
	waitFor(t, "every server reader waiting inside its frame", func() bool {
		return len(inPayload.FindAllString(allStacks(), -1)) == peers
	})
	perPeer := (int64(hostile.HeapInUse()) - int64(before)) / peers
	t.Logf("%d stalled peers: %.1f KiB of heap each", peers, float64(perPeer)/1024)
	assert.Less(t, perPeer, int64(16<<10))
}

// closeRuns is how many times the close tests below play their
// scenario: a reset that destroys the close frame is a race, lost in
// about half the runs where it is not prevented.
const closeRuns = 50

// stream writes the header of a frame declaring 2^62 bytes, then as many
// writes of size bytes as writes says, as a peer streaming a message over
// the limit does, and returns the first write's error.
func stream(nc net.Conn, writes, size int) error {
	if _, err := nc.Write(declaring(0x82, 1<<62)); err != nil {
		return err
	}
	chunk := make([]byte, size)
	for range writes {
		if _, err := nc.Write(chunk); err != nil {
			return err
		}
	}
	return nil
}

// A peer whose frame is refused while its bytes keep coming still reads
// the close frame that says why, and the stream's end: the server sends
// it, half-closes and reads what the peer sent until the peer closes
// (RFC 6455, 7.1.1). It closed the socket with the peer's bytes unread,
// and the kernel's reset then destroyed the close frame in flight, or the
// end of the stream: the peer's next write or read saw "broken pipe" or
// "connection reset by peer" (streamed in 16 writes: 50 runs of 50).
func TestRefusedFrameCloseArrives(t *testing.T) {
	port, _ := testServer(t, WithMaxPacketSize(1000))
	for _, tc := range []struct {
		name         string
		writes, size int
	}{
		{"256 KiB in one write", 1, 256 << 10},
		{"16 writes of 4 KiB", 16, 4 << 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for i := range closeRuns {
				f := dialFrames(t, port)
				require.NoError(t, stream(f.nc, tc.writes, tc.size), "run %d: the server reads until the peer closes", i)
				require.Equal(t, 1009, f.closeCode(t), "run %d", i)
				_, err := f.br.ReadByte()
				require.ErrorIs(t, err, io.EOF, "run %d: the server half-closes after its close frame, with no reset", i)
				f.nc.Close()
			}
		})
	}
}

// A frame refused while the server's own close handshake waits for the
// peer's close frame (here, after Disconnect) is lingered on as one
// refused before: the server decided whether to linger before it sent its
// close frame, and closed the socket on the refusal with the peer's bytes
// unread (50 runs of 50 reset).
func TestCloseRefusedFrameDuringCloseHandshake(t *testing.T) {
	m := newEchoServer(WithMaxPacketSize(1000))
	port := serve(t, m)
	for i := range closeRuns {
		f := dialFrames(t, port)
		waitFor(t, "the peer to join", func() bool { return len(m.Peers()) == 1 })
		require.NoError(t, m.Disconnect(m.Peers()[0]))
		require.Equal(t, 1000, f.closeCode(t), "run %d", i)
		require.NoError(t, stream(f.nc, 16, 4<<10), "run %d: the server reads until the peer closes", i)
		_, err := f.br.ReadByte()
		require.ErrorIs(t, err, io.EOF, "run %d: the server half-closes, with no reset", i)
		f.nc.Close()
		waitFor(t, "the peer to leave", func() bool { return len(m.Peers()) == 0 })
	}
}

// A peer whose frame was refused is read from for closeWait and
// lingerBytes at most, then let go of, whatever it does: one that goes
// on sending is cut off, its next writes failing, and so is one that
// sends a byte now and then; one that says nothing and never closes is
// let go of too (OnPeerDisconnected: the link's goroutines have ended).
func TestRefusedFrameLingerBounded(t *testing.T) {
	const bound = 2*closeWait + 10*time.Second // generous, for a busy machine
	for _, tc := range []struct {
		name  string
		chunk int           // bytes a write after the header
		every time.Duration // between writes
		quiet bool          // sends nothing after the header, never closes
	}{
		{name: "flood", chunk: 64 << 10},
		{name: "trickle", chunk: 1, every: 50 * time.Millisecond},
		{name: "silent", quiet: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newEchoServer(WithMaxPacketSize(1000))
			left := make(chan PeerID, 1)
			m.OnPeerDisconnected(func(id PeerID) { left <- id })
			f := dialFrames(t, serve(t, m))
			require.NoError(t, f.nc.SetDeadline(time.Now().Add(time.Minute)))
			_, err := f.nc.Write(declaring(0x82, 1<<62))
			require.NoError(t, err)
			assert.Equal(t, 1009, f.closeCode(t))
			sent := make(chan int64, 1)
			if !tc.quiet {
				go func() {
					var n int64
					chunk := make([]byte, tc.chunk)
					for {
						k, err := f.nc.Write(chunk)
						if n += int64(k); err != nil {
							sent <- n
							return
						}
						time.Sleep(tc.every)
					}
				}()
			}
			select {
			case <-left:
			case <-time.After(bound):
				t.Fatal("the server held a peer whose frame it refused past its linger")
			}
			if tc.quiet {
				return
			}
			select {
			case n := <-sent:
				t.Logf("the server cut the peer off after %d bytes sent", n)
			case <-time.After(bound):
				t.Fatal("a peer sending after its refused frame was never cut off")
			}
		})
	}
}
