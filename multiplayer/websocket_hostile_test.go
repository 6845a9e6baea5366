package multiplayer

import (
	"io"
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

// A peer whose frame is refused while its bytes keep coming still reads
// the close frame that says why: the server sends it, half-closes and
// reads what the peer sent until the peer closes (RFC 6455, 7.1.1). It
// closed the socket with the peer's bytes unread, and the kernel's reset
// then destroyed the close frame in flight, or the end of the stream: the
// peer's next read saw "connection reset by peer".
func TestRefusedFrameCloseArrives(t *testing.T) {
	port, _ := testServer(t, WithMaxPacketSize(1000))
	for i := range 8 {
		f := dialFrames(t, port)
		_, err := f.nc.Write(append(declaring(0x82, 1<<62), make([]byte, 256<<10)...))
		require.NoError(t, err)
		require.Equal(t, 1009, f.closeCode(t), "run %d", i)
		_, err = f.br.ReadByte()
		require.ErrorIs(t, err, io.EOF, "run %d: the server half-closes after its close frame, with no reset", i)
		f.nc.Close()
	}
}

// A peer that goes on sending after its frame was refused is read from
// for a bounded time and number of bytes, then cut off.
func TestRefusedFrameLingerBounded(t *testing.T) {
	port, _ := testServer(t, WithMaxPacketSize(1000))
	f := dialFrames(t, port)
	require.NoError(t, f.nc.SetDeadline(time.Now().Add(time.Minute)))
	sent := make(chan int64, 1)
	go func() {
		var n int64
		chunk := make([]byte, 64<<10)
		_, err := f.nc.Write(declaring(0x82, 1<<62))
		for err == nil {
			var k int
			k, err = f.nc.Write(chunk)
			n += int64(k)
		}
		sent <- n
	}()
	assert.Equal(t, 1009, f.closeCode(t))
	select {
	case n := <-sent:
		t.Logf("the server cut the peer off after %d bytes sent", n)
	case <-time.After(2*closeWait + 10*time.Second):
		t.Fatal("a peer sending after its refused frame was never cut off")
	}
}
