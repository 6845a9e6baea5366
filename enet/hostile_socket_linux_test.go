package enet

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gdvar/gdvar/internal/testrig/cputime"
	"github.com/stretchr/testify/require"
)

// BenchmarkHostile's inputs sent to a host through its socket, from
// another process: the host's CPU time counts reading each datagram too.

// senderEnv, set to "attack size", makes the test binary the sender of
// BenchmarkHostileSocket instead of running tests.
const senderEnv = "GDVAR_ENET_HOSTILE_SENDER"

func TestMain(m *testing.M) {
	if spec := os.Getenv(senderEnv); spec != "" {
		if err := sendHostile(spec, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// hostileReadBuffer is the host's socket buffer asked for (the kernel
// doubles it, up to net.core.rmem_max twice): room for a window.
const hostileReadBuffer = 4 << 20

// hostileWindow is how many datagrams the sender sends before it waits
// for the host's socket to be read empty: a window of the largest takes
// about 2.4 MB of the socket's buffer, the smallest about 1 MB.
const hostileWindow = 1024

// sendHostile is the sender's process: it opens the sources, makes the
// attack spec names ("ordinary 1048576"), writes its first source, its
// datagrams and their bytes to out, then, for each host address read from
// in, sends the datagrams to it in windows and writes "done", until in
// ends.
func sendHostile(spec string, in io.Reader, out io.Writer) error {
	name, sizeText, _ := strings.Cut(spec, " ")
	size, err := strconv.Atoi(sizeText)
	if err != nil {
		return err
	}
	var a *attack
	for _, c := range attacks() {
		if c.name == name {
			a = &c
		}
	}
	if a == nil {
		return fmt.Errorf("no attack %q", name)
	}
	conns, err := loopbackSockets(hostileSources)
	if err != nil {
		return err
	}
	from := make([]netip.AddrPort, len(conns))
	by := make(map[netip.AddrPort]*net.UDPConn, len(conns))
	for i, c := range conns {
		from[i] = c.LocalAddr().(*net.UDPAddr).AddrPort()
		by[from[i]] = c
	}
	rs := a.make(size, from)
	fmt.Fprintln(out, from[0], len(rs), total(rs))
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		to, err := netip.ParseAddrPort(lines.Text())
		if err != nil {
			return err
		}
		for i, r := range rs {
			if _, err := by[r.from].WriteToUDPAddrPort(r.b, to); err != nil {
				return err
			}
			if (i+1)%hostileWindow == 0 || i == len(rs)-1 {
				if err := waitRead(to, 10*time.Second); err != nil {
					return err
				}
			}
		}
		fmt.Fprintln(out, "done")
	}
	return lines.Err()
}

// waitRead waits, at most for limit, until the IPv4 socket at addr holds
// no datagram, as /proc/net/udp shows it.
func waitRead(addr netip.AddrPort, limit time.Duration) error {
	ip := addr.Addr().As4()
	local := fmt.Sprintf("%02X%02X%02X%02X:%04X", ip[3], ip[2], ip[1], ip[0], addr.Port())
	for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(50 * time.Microsecond) {
		table, err := os.ReadFile("/proc/net/udp")
		if err != nil {
			return err
		}
		found := false
		for line := range strings.Lines(string(table)) {
			f := strings.Fields(line)
			if len(f) > 4 && f[1] == local {
				found = true
				if _, rx, _ := strings.Cut(f[4], ":"); strings.Trim(rx, "0") == "" {
					return nil
				}
			}
		}
		if !found {
			return fmt.Errorf("no socket %s in /proc/net/udp", addr)
		}
	}
	return fmt.Errorf("%s not read within %s", addr, limit)
}

// hostileSender is a sender process, its first source and what it sends.
type hostileSender struct {
	to               io.Writer
	lines            *bufio.Scanner
	from             netip.AddrPort
	datagrams, bytes int
}

// startSender starts the test binary as the sender of attack at size,
// until tb ends.
func startSender(tb testing.TB, attack string, size int) *hostileSender {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d", senderEnv, attack, size))
	cmd.Stderr = os.Stderr
	to, err := cmd.StdinPipe()
	require.NoError(tb, err)
	back, err := cmd.StdoutPipe()
	require.NoError(tb, err)
	require.NoError(tb, cmd.Start())
	tb.Cleanup(func() {
		to.Close()
		if err := cmd.Wait(); err != nil {
			tb.Errorf("sender: %v", err)
		}
	})
	s := &hostileSender{to: to, lines: bufio.NewScanner(back)}
	require.True(tb, s.lines.Scan(), "the sender said nothing")
	var from string
	_, err = fmt.Sscan(s.lines.Text(), &from, &s.datagrams, &s.bytes)
	require.NoError(tb, err)
	s.from, err = netip.ParseAddrPort(from)
	require.NoError(tb, err)
	return s
}

// send has the sender send everything to h, and waits until h has read
// it, or, if the kernel dropped some, for at most a second.
func (s *hostileSender) send(tb testing.TB, h *Host) {
	_, err := fmt.Fprintln(s.to, h.Addr())
	require.NoError(tb, err)
	require.True(tb, s.lines.Scan(), "the sender stopped")
	require.Equal(tb, "done", s.lines.Text())
	for end := time.Now().Add(time.Second); h.Stats().DatagramsIn < uint64(s.datagrams) && time.Now().Before(end); {
		time.Sleep(100 * time.Microsecond)
	}
}

// receiveAll takes p's packets as a server does, woken by Receive, each
// wake taking all that wait, until stop.
func receiveAll(p *Peer) (stop func()) {
	if p == nil {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			if _, err := p.Receive(ctx); err != nil {
				return
			}
			p.host.mu.Lock()
			for {
				if _, ok := p.take(); !ok {
					break
				}
			}
			p.host.unlock()
		}
	}()
	return func() { cancel(); <-done }
}

// BenchmarkHostileSocket is BenchmarkHostile through a real socket: each
// input is sent to the host's loopback socket by another process (the
// test binary again, senderEnv set), from as many sources, in windows of
// hostileWindow datagrams, each sent once the host's socket is read
// empty. The host runs as a server does, its reader and Receive's waiter
// woken by the datagrams, so its cpu-ns/byte (the process's CPU time per
// byte received) counts reading each datagram, handling it and sending
// the answers, and not the sender's sending. dropped is the datagrams per
// run the host did not read (the kernel dropped them); a run that drops
// is not comparable. Linux only (the sender reads /proc/net/udp).
//
//	go test -run XXX -bench 'HostileSocket/(ordinary|connects-32|reliable-desc)' -benchtime 3x ./enet
func BenchmarkHostileSocket(b *testing.B) {
	for _, size := range []int{1 << 20, 8 << 20} {
		for _, a := range attacks() {
			b.Run(fmt.Sprintf("%s/%dMiB", a.name, size>>20), func(b *testing.B) {
				s := startSender(b, a.name, size)
				var read, out uint64
				start := cputime.Process()
				for b.Loop() {
					h, p := hostileHost(b, a.opts, a.peer, s.from)
					require.NoError(b, h.udp.SetReadBuffer(hostileReadBuffer))
					if a.inFlight > 0 {
						sendInFlight(h, p, a.inFlight)
					}
					stop := receiveAll(p)
					s.send(b, h)
					stop()
					st := h.Stats()
					read, out = read+st.DatagramsIn, out+st.BytesOut
					h.Close()
				}
				cpu := cputime.Process() - start
				bytes := float64(b.N) * float64(s.bytes)
				b.SetBytes(int64(s.bytes))
				if cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/bytes, "cpu-ns/byte")
				}
				b.ReportMetric(float64(out)/bytes, "out/in")
				b.ReportMetric(float64(b.N*s.datagrams-int(read))/float64(b.N), "dropped")
			})
		}
	}
}
