package multiplayer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/stretchr/testify/require"
)

// floorClients is how many clients BenchmarkEchoFloor runs against each
// server, each making calls one after another.
const floorClients = 16

// BenchmarkEchoFloor measures, in one run, the server CPU time per echo
// RPC of this package's echo server, in a process of its own, against a
// floor built beside it under the same client load: floorClients clients
// each sending echo(id, "name", Vector3), built with AppendArg and
// appendCall, and waiting for what comes back, over and over, to each
// server in turn, the order rotating. Over WebSocket the floor is a bare
// coder/websocket server sending each message back through one buffer;
// over ENet it is one UDP socket sending each datagram back, and its
// clients send the very datagram an ENet client sends for the call. The
// server's CPU time is read from /proc/PID/stat: go-cpu-ns/echo and
// floor-cpu-ns/echo, x-floor their ratio; the rates are beside them.
//
//	go test -run XXX -bench EchoFloor -benchtime 5x ./multiplayer
func BenchmarkEchoFloor(b *testing.B) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		b.Skip("a server's CPU time is read from /proc")
	}
	const calls = 2000 // each client's, a server, an iteration
	for _, transport := range []string{"websocket", "enet"} {
		b.Run(transport, func(b *testing.B) {
			addr, pid := echoServerProcess(b, transport, floorClients+4)
			floorAddr, floorPID := echoServerProcess(b, transport+"-floor", 0)
			sides := []*floorSide{{name: "go", pid: pid}, {name: "floor", pid: floorPID}}
			call := echoCall(b)
			for i := range floorClients {
				if transport == "websocket" {
					sides[0].clients = append(sides[0].clients, dialCaller(b, addr, call, true))
					sides[1].clients = append(sides[1].clients, dialCaller(b, floorAddr, call, false))
				} else {
					c, h := enetCaller(b, addr, call, uint32(2+i), nil)
					sides[0].clients = append(sides[0].clients, c)
					sides[0].hosts = append(sides[0].hosts, h)
				}
			}
			if transport == "enet" {
				datagram := enetDatagram(b, addr, call)
				b.Logf("the floor's datagram: %d bytes, the call %d", len(datagram), len(call))
				for range floorClients {
					sides[1].clients = append(sides[1].clients, udpCaller(b, floorAddr, datagram))
				}
			}
			i := 0
			for b.Loop() {
				for j := range sides {
					sides[(i+j)%len(sides)].run(b, calls)
				}
				i++
			}
			echoes := float64(floorClients * calls * i)
			for _, s := range sides {
				b.ReportMetric(float64(s.cpu.Nanoseconds())/echoes, s.name+"-cpu-ns/echo")
				b.ReportMetric(echoes/s.took.Seconds(), s.name+"-echo/s")
				if s.hosts != nil {
					b.ReportMetric(float64(s.traffic.DatagramsOut)/echoes, s.name+"-datagrams-in/echo")
					b.ReportMetric(float64(s.traffic.DatagramsIn)/echoes, s.name+"-datagrams-out/echo")
				}
			}
			b.ReportMetric(sides[0].cpu.Seconds()/sides[1].cpu.Seconds(), "x-floor")
			b.ReportMetric(0, "ns/op") // an iteration is both servers' echoes: its time says nothing
		})
	}
}

// floorSide is a server of BenchmarkEchoFloor, its clients and what they
// have measured. Over ENet, its clients' hosts count the datagrams the
// server received (their DatagramsOut) and sent (their DatagramsIn).
type floorSide struct {
	name      string
	pid       int
	clients   []echoer
	hosts     []*enet.Host
	cpu, took time.Duration
	traffic   enet.Stats
}

// stats is the sum of the clients' hosts' counts.
func (s *floorSide) stats() enet.Stats {
	var sum enet.Stats
	for _, h := range s.hosts {
		st := h.Stats()
		sum.DatagramsIn += st.DatagramsIn
		sum.DatagramsOut += st.DatagramsOut
	}
	return sum
}

// run has every client make calls echoes at once, and adds the server's
// CPU time and the clock's.
func (s *floorSide) run(b *testing.B, calls int) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cpu, start, before := procCPU(b, s.pid), time.Now(), s.stats()
	var wg sync.WaitGroup
	for _, c := range s.clients {
		wg.Go(func() {
			for range calls {
				if err := c.echo(ctx); err != nil {
					b.Errorf("%s: %v", s.name, err)
					return
				}
			}
		})
	}
	wg.Wait()
	s.took += time.Since(start)
	s.cpu += procCPU(b, s.pid) - cpu
	after := s.stats()
	s.traffic.DatagramsIn += after.DatagramsIn - before.DatagramsIn
	s.traffic.DatagramsOut += after.DatagramsOut - before.DatagramsOut
}

// echoer makes one echo round trip.
type echoer interface {
	echo(ctx context.Context) error
}

// echoCall is the remote call echo(1, "player", Vector3(1, 2, 3)) to the
// node of cache id 1, as a client sends it once its path is confirmed.
func echoCall(b testing.TB) []byte {
	var args []byte
	for _, v := range []any{int64(1), "player", gdvar.Vector3{X: 1, Y: 2, Z: 3}} {
		var err error
		args, err = AppendArg(args, v, nil)
		require.NoError(b, err)
	}
	return appendCall(nil, 1, "", 0, false, 3, args)
}

// packetConn is a raw client's connection, a packet at a time.
type packetConn interface {
	send(ctx context.Context, pkt []byte) error
	receive(ctx context.Context) ([]byte, error)
}

// rawCaller is a client that sends a prepared call and takes any remote
// call that comes back as its reply: the echo server's echo_reply, or the
// floor's echo of the call.
type rawCaller struct {
	conn packetConn
	call []byte
}

// echo sends the call and waits for a remote call, confirming the node
// paths the server gives, as a client does, and passing over the rest.
func (c *rawCaller) echo(ctx context.Context) error {
	if err := c.conn.send(ctx, c.call); err != nil {
		return err
	}
	for {
		pkt, err := c.conn.receive(ctx)
		if err != nil || len(pkt) == 0 {
			return err
		}
		switch pkt[0] & cmdMask {
		case cmdRemoteCall:
			return nil
		case cmdSimplifyPath:
			_, id, _, err := parseSimplify(nil, pkt)
			if err != nil {
				return err
			}
			if err := c.conn.send(ctx, appendConfirm(nil, true, id)); err != nil {
				return err
			}
		}
	}
}

// start gives the call's node its cache id and makes a few calls, so that
// every path is confirmed before anything is measured.
func (c *rawCaller) start(b testing.TB) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	checksum := MustNew().Node("/root/Main", echoMethods...).methods.checksum
	require.NoError(b, c.conn.send(ctx, appendSimplify(nil, checksum, 1, "Main")))
	for range 10 {
		require.NoError(b, c.echo(ctx))
	}
}

// wsPackets is a raw client's WebSocket connection.
type wsPackets struct{ ws *websocket.Conn }

func (w wsPackets) send(ctx context.Context, pkt []byte) error {
	return w.ws.Write(ctx, websocket.MessageBinary, pkt)
}

func (w wsPackets) receive(ctx context.Context) ([]byte, error) {
	_, pkt, err := w.ws.Read(ctx)
	return pkt, err
}

// dialCaller connects a raw caller over WebSocket; from a server of this
// package (ours) it first reads its peer id.
func dialCaller(b testing.TB, url string, call []byte, ours bool) *rawCaller {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{CompressionMode: websocket.CompressionDisabled})
	require.NoError(b, err)
	b.Cleanup(func() { ws.CloseNow() })
	if ours {
		_, id, err := ws.Read(ctx)
		require.NoError(b, err)
		require.Len(b, id, 4, "the first message is the peer id")
	}
	c := &rawCaller{conn: wsPackets{ws}, call: call}
	c.start(b)
	return c
}

// enetPackets is a raw client's ENet peer: reliable packets on channel 0,
// as calls of reliable methods travel.
type enetPackets struct{ peer *enet.Peer }

func (e enetPackets) send(_ context.Context, pkt []byte) error {
	return e.peer.Send(0, pkt, enet.Reliable)
}

func (e enetPackets) receive(ctx context.Context) ([]byte, error) {
	pk, err := e.peer.Receive(ctx)
	return pk.Data, err
}

// enetCaller connects a raw caller over ENet as peer id, on conn if not
// nil (its host then owns it), else on a socket of its own, and returns
// it with its host.
func enetCaller(b testing.TB, addr string, call []byte, id uint32, conn net.PacketConn) (*rawCaller, *enet.Host) {
	var h *enet.Host
	var err error
	if conn != nil {
		h, err = enet.NewHost(conn, enet.WithMaxPeers(1))
	} else {
		h, err = enet.Listen("udp", "127.0.0.1:0", enet.WithMaxPeers(1))
	}
	require.NoError(b, err)
	b.Cleanup(func() { h.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := h.Connect(ctx, addr, enetChannels, id)
	require.NoError(b, err)
	c := &rawCaller{conn: enetPackets{p}, call: call}
	c.start(b)
	return c, h
}

// enetDatagram is the datagram an ENet client sends the server at addr
// for call, once its paths are confirmed: the last it sent that ends with
// the call's bytes, after a few calls.
func enetDatagram(b testing.TB, addr string, call []byte) []byte {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	require.NoError(b, err)
	rec := &recordingConn{PacketConn: pc, suffix: call}
	c, _ := enetCaller(b, addr, call, 1000, rec)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for range 10 {
		require.NoError(b, c.echo(ctx))
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	require.NotEmpty(b, rec.last, "no datagram carried the call")
	return rec.last
}

// recordingConn keeps a copy of the last datagram written that ends with
// suffix.
type recordingConn struct {
	net.PacketConn
	suffix []byte
	mu     sync.Mutex
	last   []byte
}

func (r *recordingConn) WriteTo(p []byte, addr net.Addr) (int, error) {
	if bytes.HasSuffix(p, r.suffix) {
		r.mu.Lock()
		r.last = append(r.last[:0], p...)
		r.mu.Unlock()
	}
	return r.PacketConn.WriteTo(p, addr)
}

// udpEcho is a floor client over UDP: it sends one datagram and waits for
// any datagram back.
type udpEcho struct {
	conn          net.Conn
	datagram, buf []byte
}

// udpCaller connects a UDP floor client that sends datagram.
func udpCaller(b testing.TB, addr string, datagram []byte) *udpEcho {
	conn, err := net.Dial("udp", addr)
	require.NoError(b, err)
	b.Cleanup(func() { conn.Close() })
	return &udpEcho{conn: conn, datagram: datagram, buf: make([]byte, 2048)}
}

func (u *udpEcho) echo(ctx context.Context) error {
	if deadline, ok := ctx.Deadline(); ok {
		u.conn.SetReadDeadline(deadline)
	}
	if _, err := u.conn.Write(u.datagram); err != nil {
		return err
	}
	_, err := u.conn.Read(u.buf)
	return err
}

// serveFloor serves, on addr until it fails, the floor transport names:
// "websocket-floor", a bare coder/websocket server that sends each message
// back as it came, or "enet-floor", one UDP socket that sends each
// datagram back.
func serveFloor(transport, addr string) error {
	switch transport {
	case "websocket-floor":
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return err
		}
		return http.Serve(ln, http.HandlerFunc(echoMessages))
	case "enet-floor":
		return echoDatagrams(addr)
	}
	return fmt.Errorf("no floor %q", transport)
}

// echoMessages sends each message of a WebSocket connection back, read
// into one buffer.
func echoMessages(w http.ResponseWriter, r *http.Request) {
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
	if err != nil {
		return
	}
	defer ws.CloseNow()
	ctx := context.Background()
	buf := make([]byte, 512)
	for {
		typ, msg, err := ws.Reader(ctx)
		if err != nil {
			return
		}
		n := 0
		for err == nil {
			if n == len(buf) {
				buf = append(buf, make([]byte, len(buf))...)
			}
			var k int
			k, err = msg.Read(buf[n:])
			n += k
		}
		if !errors.Is(err, io.EOF) || ws.Write(ctx, typ, buf[:n]) != nil {
			return
		}
	}
}

// echoDatagrams sends each datagram that reaches addr back to its sender,
// through one buffer.
func echoDatagrams(addr string) error {
	ua, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return err
	}
	conn, err := net.ListenUDP("udp", ua)
	if err != nil {
		return err
	}
	buf := make([]byte, 64<<10)
	for {
		n, from, err := conn.ReadFromUDPAddrPort(buf)
		if err != nil {
			return err
		}
		if _, err := conn.WriteToUDPAddrPort(buf[:n], from); err != nil {
			return err
		}
	}
}

// probeFloor reports whether the floor of transport serves at addr.
func probeFloor(ctx context.Context, transport, addr string) error {
	if transport == "websocket-floor" {
		ws, _, err := websocket.Dial(ctx, addr, nil)
		if err == nil {
			ws.CloseNow()
		}
		return err
	}
	conn, err := net.Dial("udp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	return (&udpEcho{conn: conn, datagram: []byte{0}, buf: make([]byte, 16)}).echo(ctx)
}
