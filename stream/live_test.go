package stream

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/internal/testrig/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// liveWait bounds each wait on an engine: generous, as an engine on a
// loaded machine may take seconds where it takes milliseconds alone.
const liveWait = time.Minute

// dial connects to a server the engine is starting. Reads and writes on
// the connection fail after 2 liveWait.
func dial(t *testing.T, port int) net.Conn {
	t.Helper()
	deadline := time.Now().Add(liveWait)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			t.Cleanup(func() { c.Close() })
			require.NoError(t, c.SetDeadline(time.Now().Add(2*liveWait)))
			return c
		}
		if time.Now().After(deadline) {
			t.Fatalf("the engine's server did not come up: %v", err) // its output is logged
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestLiveEchoGoldenVectors sends every golden vector to a Godot echo
// server (get_var, then put_var) and gets back exactly the same bytes.
func TestLiveEchoGoldenVectors(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	for _, objects := range []bool{false, true} {
		t.Run(fmt.Sprintf("objects=%v", objects), func(t *testing.T) {
			port := godot.FreePort(t, "tcp")
			args := []string{strconv.Itoa(port)}
			if objects {
				args = append(args, "objects")
			}
			proc := godot.Start(t, engine, "scripts/stream/echo.gd", args...)
			conn := dial(t, port)
			peer := mustPeer(t, conn, WithCodec(gdvar.MustCodec(gdvar.AllowObjects(objects))), WithMaxFrame(1<<24))
			n := 0
			for _, v := range golden.Load(t, golden.Path("golden", "godot4")) {
				if v.Objects != objects || !golden.Echoed(v) {
					continue
				}
				require.NoError(t, peer.WriteFrame(func(enc *gdvar.Encoder) error {
					return gdvar.CopyValue(enc, gdvar.MustCodec(gdvar.AllowObjects(true)).NewDecoderBytes(v.Bin))
				}), v.Name)
				var back gdvar.RawValue
				require.NoError(t, peer.GetVar(&back), v.Name)
				assert.Equal(t, v.Bin, []byte(back), v.Name)
				n++
			}
			conn.Close()
			out := proc.Wait(t)
			assert.Contains(t, out, fmt.Sprintf("echoed %d values", n))
			t.Logf("%d vectors echoed byte for byte", n)
		})
	}
}

// TestLiveEchoLargeValue streams a 64 MiB PackedByteArray to the engine and
// back with bounded memory on the Go side.
func TestLiveEchoLargeValue(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	const size = 64 << 20
	port := godot.FreePort(t, "tcp")
	godot.Start(t, engine, "scripts/stream/echo.gd", strconv.Itoa(port))
	conn := dial(t, port)
	limits := gdvar.Limits{MaxPackedBytes: size, MaxValueBytes: size + 8}
	peer := mustPeer(t, conn, WithMaxFrame(size+8), WithCodec(gdvar.MustCodec(gdvar.WithLimits(limits))))
	chunk := make([]byte, 64<<10)
	for i := range chunk {
		chunk[i] = byte(i * 7)
	}
	sent := make(chan error, 1)
	go func() {
		sent <- peer.WriteFrameLen(8+size, func(enc *gdvar.Encoder) error {
			if err := enc.WriteToken(gdvar.PackedStartToken(gdvar.TypePackedByteArray, size, gdvar.Single)); err != nil {
				return err
			}
			for range size / len(chunk) {
				if err := enc.WriteToken(gdvar.PackedChunkToken(chunk)); err != nil {
					return err
				}
			}
			return enc.WriteToken(gdvar.PackedEndToken)
		})
	}()
	dec, err := peer.NextFrame()
	require.NoError(t, err)
	got, peak := 0, heapInUse()
	for {
		tok, err := dec.ReadToken()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if tok.Kind() != gdvar.KindPackedChunk {
			continue
		}
		for i, b := range tok.Bytes() {
			if b != chunk[(got+i)%len(chunk)] {
				t.Fatalf("byte %d differs", got+i)
			}
		}
		got += len(tok.Bytes())
		peak = max(peak, heapInUse())
	}
	require.NoError(t, <-sent)
	assert.Equal(t, size, got)
	assert.Less(t, peak, uint64(32<<20), "Go heap in use while 64 MiB go both ways")
	t.Logf("64 MiB both ways; Go heap in use at most %d KiB", peak>>10)
}

// sentValues parses the "SENT <hex>" and "GOT <hex>" lines a script prints.
func printed(t *testing.T, out, prefix string) [][]byte {
	var list [][]byte
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		if h, ok := strings.CutPrefix(sc.Text(), prefix+" "); ok {
			b, err := hex.DecodeString(h)
			require.NoError(t, err)
			list = append(list, b)
		}
	}
	require.NotEmpty(t, list, "the script printed no %s lines:\n%s", prefix, out)
	return list
}

// TestLiveGodotClient has Godot connect to a Go server and send values
// with StreamPeerTCP.put_var and with a PacketPeerStream.
func TestLiveGodotClient(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	for _, mode := range []string{"streampeer", "packetpeerstream"} {
		t.Run(mode, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			require.NoError(t, err)
			defer ln.Close()
			proc := godot.Start(t, engine, "scripts/stream/client.gd", strconv.Itoa(ln.Addr().(*net.TCPAddr).Port), mode)
			conn := proc.Accept(t, ln)
			peer := mustPeer(t, conn)
			var got [][]byte
			require.NoError(t, conn.SetReadDeadline(time.Now().Add(liveWait)))
			for len(got) < 28 {
				var raw gdvar.RawValue
				require.NoError(t, peer.GetVar(&raw))
				got = append(got, raw)
			}
			conn.Close()
			assert.Equal(t, printed(t, proc.Wait(t), "SENT"), got)
		})
	}
}

// TestLiveUDP sends values both ways with Godot's PacketPeerUDP.
func TestLiveUDP(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(t, err)
	defer pc.Close()
	peer := mustPacketPeer(t, pc)
	proc := godot.Start(t, engine, "scripts/stream/udp.gd", strconv.Itoa(pc.LocalAddr().(*net.UDPAddr).Port), strconv.Itoa(godot.FreePort(t, "udp")))
	var got [][]byte
	for len(got) < 27 {
		require.NoError(t, pc.SetReadDeadline(time.Now().Add(liveWait)))
		var v any
		from, err := peer.GetVarFrom(&v)
		require.NoError(t, err)
		b, err := gdvar.Marshal(v)
		require.NoError(t, err)
		got = append(got, b)
		require.NoError(t, peer.PutVarTo(v, from)) // back to Godot
	}
	out := proc.Wait(t)
	sent := printed(t, out, "SENT")
	assert.Equal(t, sent, got, "Go read what Godot sent")
	assert.Equal(t, sent, printed(t, out, "GOT"), "Godot read what Go sent back")
}

// TestLiveSaveFile reads a save file Godot wrote with store_var, and has
// Godot read one Go wrote, value by value.
func TestLiveSaveFile(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	dir := t.TempDir()
	fromGodot, fromGo := filepath.Join(dir, "godot.save"), filepath.Join(dir, "go.save")
	sent := printed(t, godot.RunScript(t, engine, "scripts/stream/savefile.gd", "write", fromGodot), "SENT")

	f, err := os.Open(fromGodot)
	require.NoError(t, err)
	defer f.Close()
	r := mustReader(t, f)
	out, err := os.Create(fromGo)
	require.NoError(t, err)
	w := mustWriter(t, out)
	var read [][]byte
	for {
		var v any
		err := r.GetVar(&v)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		b, err := gdvar.Marshal(v)
		require.NoError(t, err)
		read = append(read, b)
		require.NoError(t, w.PutVar(v))
	}
	require.NoError(t, out.Close())
	assert.Equal(t, sent, read, "Go read Godot's file")
	assert.Equal(t, sent, printed(t, godot.RunScript(t, engine, "scripts/stream/savefile.gd", "read", fromGo), "GOT"), "Godot read Go's file")
}

// TestLiveRemoteDebugger runs a game with --remote-debug pointing at a Go
// listener and decodes every message it sends.
func TestLiveRemoteDebugger(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	game := godot.StartWith(t, engine, "--remote-debug", "tcp://"+ln.Addr().String(), "-s", "scripts/stream/game.gd")
	conn := game.Accept(t, ln)
	peer := mustPeer(t, conn, WithMaxFrame(1<<24))
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(liveWait)))
	names := map[string]int{}
	var output []string
	for {
		var msg []any
		err := peer.GetVar(&msg)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		require.NotEmpty(t, msg)
		name, ok := msg[0].(string)
		require.True(t, ok, "a message starts with its name: %#v", msg)
		names[name]++
		if name == "output" {
			output = append(output, fmt.Sprint(msg[1:]))
		}
	}
	t.Logf("messages: %v", names)
	assert.NotZero(t, names["output"])
	assert.Contains(t, strings.Join(output, "\n"), "hello from the game")
}
