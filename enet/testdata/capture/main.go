// Command capture records real ENet datagrams between Godot 4.6 peers, as
// golden vectors for the enet package's datagram parser. For each session
// it starts a Godot server and client (the scripts of enet/testdata/godot)
// and puts a UDP relay between them, which forwards every datagram and
// writes it to OUT/<session>.txt: a comment header, then one line per
// datagram,
//
//	c>s 0.012345 8000a1b2...
//
// its direction (c>s from client to server, s>c back), the seconds since
// the session's first datagram, and its bytes in hex.
//
// Sessions: raw-none, raw-range_coder, raw-fastlz, raw-zlib and raw-zstd
// run raw_client.gd's "capture" plan against raw_server.gd (plain
// ENetConnection, each compression mode; raw-none idles 1.2 s for pings and
// disconnects with data); raw-vanish runs it too, then cuts the link (the
// lines' direction becomes c>x or s>x) and records both ends' retransmissions
// until the server times the client out; mp runs mp_client.gd (ENetMultiplayerPeer
// with SceneMultiplayer, an echo RPC) against mp_server.gd while a second
// client, not relayed, joins and leaves; mp-modes sends raw packets
// (send_bytes) in every transfer mode on channels 0 to 3, with the
// throttle kept from dropping the unreliable ones.
//
// Rerun from the repository root, with Godot 4.6 installed by
// scripts/install-godot.sh 4 (or named by $GDVAR_GODOT4 or -godot):
//
//	go run ./enet/testdata/capture -out enet/testdata/captures [session ...]
//
// The bytes differ from run to run (connect IDs, peer IDs, sent times,
// session numbers), never their structure.
package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// session is one capture: the server's and the clients' script arguments.
type session struct {
	name   string
	server []string // script, then key=value arguments
	client []string // the relayed client; port= is added
	// joiner, if set, is a client started straight on the server's port
	// once the relayed client has printed its ID, so that the capture sees
	// a peer join and leave.
	joiner []string
	// vanish cuts the link both ways once the client prints RESULT, and
	// records what each side still sends (c>x, s>x) until the server has
	// timed the client out; the client is then stopped.
	vanish bool
}

func sessions() []session {
	var out []session
	for _, c := range []string{"none", "range_coder", "fastlz", "zlib", "zstd"} {
		client := []string{"raw_client.gd", "compress=" + c, "plan=capture", "data=42", "lossy=1"}
		if c == "none" {
			client = append(client, "idle=1200", "disconnect=7")
		}
		out = append(out, session{
			name:   "raw-" + c,
			server: []string{"raw_server.gd", "port=0", "compress=" + c},
			client: client,
		})
	}
	return append(out, session{
		name:   "mp",
		server: []string{"mp_server.gd", "port=0"},
		client: []string{"mp_client.gd", "mode=watch"},
		joiner: []string{"mp_client.gd", "mode=leave"},
	}, session{
		name:   "raw-vanish",
		server: []string{"raw_server.gd", "port=0"},
		client: []string{"raw_client.gd", "plan=capture", "idle=120000", "timeout=150"},
		vanish: true,
	}, session{
		name:   "mp-modes",
		server: []string{"mp_server.gd", "port=0"},
		client: []string{"mp_client.gd", "mode=modes", "throttle=off", "lossy=0"},
	})
}

func main() {
	log.SetFlags(0)
	out := flag.String("out", "enet/testdata/captures", "folder for the capture files")
	engine := flag.String("godot", defaultEngine(), "the Godot 4.6 launcher")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: capture [-out DIR] [-godot PATH] [session ...]")
		flag.PrintDefaults()
	}
	flag.Parse()
	scripts, err := filepath.Abs(filepath.Join("enet", "testdata", "godot"))
	if err != nil {
		log.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(scripts, "raw_server.gd")); err != nil {
		log.Fatalf("run from the repository root: %v", err)
	}
	version, err := exec.Command(*engine, "--version").Output()
	if err != nil {
		log.Fatalf("%s --version: %v", *engine, err)
	}
	want := map[string]bool{}
	for _, name := range flag.Args() {
		want[name] = true
	}
	r := runner{engine: *engine, scripts: scripts, version: lastLine(string(version))}
	for _, s := range sessions() {
		if len(want) > 0 && !want[s.name] {
			continue
		}
		text, err := r.capture(s)
		if err != nil {
			log.Fatalf("%s: %v", s.name, err)
		}
		file := filepath.Join(*out, s.name+".txt")
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("%s: %d lines", file, strings.Count(text, "\n"))
	}
}

// defaultEngine is $GDVAR_GODOT4, or where scripts/install-godot.sh puts it.
func defaultEngine() string {
	if p := os.Getenv("GDVAR_GODOT4"); p != "" {
		return p
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "gdvar", "engines", "bin", "godot4")
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// runner starts Godot scripts in an empty project of its own.
type runner struct {
	engine, scripts, version string
}

// capture runs one session and returns its capture file's text.
func (r runner) capture(s session) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	project, err := os.MkdirTemp("", "enet-capture-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(project)
	// An empty project.godot: without one the engine takes a second or
	// more to reach its first frame.
	if err := os.WriteFile(filepath.Join(project, "project.godot"), nil, 0o644); err != nil {
		return "", err
	}

	server, err := r.start(ctx, project, s.server)
	if err != nil {
		return "", err
	}
	ready, err := server.waitFor("READY ")
	if err != nil {
		return "", fmt.Errorf("server: %w", err)
	}
	serverPort := strings.TrimPrefix(ready, "READY ")

	rl, err := newRelay("127.0.0.1:" + serverPort)
	if err != nil {
		return "", err
	}
	defer rl.close()
	client, err := r.start(ctx, project, append(s.client, fmt.Sprintf("port=%d", rl.port())))
	if err != nil {
		return "", err
	}
	var joiner *process
	if s.joiner != nil {
		if _, err := client.waitFor("ID "); err != nil {
			return "", fmt.Errorf("client: %w", err)
		}
		if joiner, err = r.start(ctx, project, append(s.joiner, "port="+serverPort)); err != nil {
			return "", err
		}
	}
	vanished := ""
	if s.vanish {
		if _, err := client.waitFor("RESULT "); err != nil {
			return "", fmt.Errorf("client: %w", err)
		}
		rl.cut()
		if err := server.wait(); err != nil {
			return "", err
		}
		client.stop()
		// The timeout itself sends nothing: note when the server saw it, by
		// the engine's clock (its output reaches the pipe late).
		d, err := server.eventGap("CONNECT ", "DISCONNECT ")
		if err != nil {
			return "", err
		}
		vanished = fmt.Sprintf("# the server timed the client out %.3f s after its CONNECT event (engine clock)\n", d.Seconds())
	} else {
		for _, p := range []*process{client, joiner, server} {
			if p == nil {
				continue
			}
			if err := p.wait(); err != nil {
				return "", err
			}
		}
	}

	var b strings.Builder
	fmt.Fprintf(&b, "# ENet datagrams of a %s session between Godot %s peers on 127.0.0.1,\n", s.name, r.version)
	fmt.Fprintf(&b, "# made by go run ./enet/testdata/capture (see its doc). Scripts in enet/testdata/godot:\n")
	fmt.Fprintf(&b, "# server: %s\n", strings.Join(s.server, " "))
	fmt.Fprintf(&b, "# client (relayed): %s\n", strings.Join(s.client, " "))
	if s.joiner != nil {
		fmt.Fprintf(&b, "# joiner (not relayed): %s\n", strings.Join(s.joiner, " "))
	}
	for _, p := range []*process{server, client, joiner} {
		if p != nil {
			fmt.Fprintf(&b, "# %s printed: %s\n", p.script, strings.Join(p.lines(), " | "))
		}
	}
	b.WriteString(vanished)
	b.WriteString("# direction (c>s client to server; c>x, s>x: sent, not forwarded), seconds since the first datagram, hex\n")
	for _, d := range rl.datagrams() {
		fmt.Fprintf(&b, "%s %.6f %s\n", d.dir, d.at.Seconds(), hex.EncodeToString(d.data))
	}
	return b.String(), nil
}

// process is a running Godot script and the lines it printed.
type process struct {
	script string
	cmd    *exec.Cmd
	mu     sync.Mutex
	out    []string
	more   chan struct{} // closed and replaced on each new line
	done   chan struct{} // closed when standard output ends
	stderr strings.Builder
}

func (r runner) start(ctx context.Context, project string, script []string) (*process, error) {
	args := append([]string{"--headless", "-s", filepath.Join(r.scripts, script[0]), "--"}, script[1:]...)
	cmd := exec.CommandContext(ctx, r.engine, args...)
	cmd.Dir = project
	cmd.Env = append(os.Environ(), "GDVAR_GODOT_HOME="+filepath.Join(project, "home"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &process{script: script[0], cmd: cmd, more: make(chan struct{}), done: make(chan struct{})}
	cmd.Stderr = &lockedWriter{mu: &p.mu, w: &p.stderr}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go p.read(stdout)
	return p, nil
}

func (p *process) read(r io.Reader) {
	defer close(p.done)
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		p.mu.Lock()
		p.out = append(p.out, sc.Text())
		close(p.more)
		p.more = make(chan struct{})
		p.mu.Unlock()
	}
}

// waitFor returns the first line the script printed that starts with
// prefix, once it has.
func (p *process) waitFor(prefix string) (string, error) {
	for {
		p.mu.Lock()
		for _, l := range p.out {
			if strings.HasPrefix(l, prefix) {
				p.mu.Unlock()
				return l, nil
			}
		}
		more := p.more
		p.mu.Unlock()
		select {
		case <-more:
		case <-p.done:
			return "", fmt.Errorf("%s ended without printing %q: %s", p.script, prefix, p.failure())
		}
	}
}

// wait waits for the script to end, and fails unless it printed DONE.
func (p *process) wait() error {
	<-p.done
	err := p.cmd.Wait()
	for _, l := range p.lines() {
		if l == "DONE" && err == nil {
			return nil
		}
	}
	return fmt.Errorf("%s failed (%v): %s", p.script, err, p.failure())
}

// eventGap is the time between the lines starting with from and to, by
// the milliseconds raw_server.gd ends them with.
func (p *process) eventGap(from, to string) (time.Duration, error) {
	var ms [2]int
	for i, prefix := range []string{from, to} {
		l, err := p.waitFor(prefix)
		if err != nil {
			return 0, err
		}
		f := strings.Fields(l)
		if ms[i], err = strconv.Atoi(f[len(f)-1]); err != nil {
			return 0, fmt.Errorf("%s: %q: %w", p.script, l, err)
		}
	}
	return time.Duration(ms[1]-ms[0]) * time.Millisecond, nil
}

// stop kills the script, for a client whose link was cut.
func (p *process) stop() {
	_ = p.cmd.Process.Kill()
	<-p.done
	_ = p.cmd.Wait()
}

// lines are the script's own lines, without the engine's banner.
func (p *process) lines() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, l := range p.out {
		if l != "" && !strings.HasPrefix(l, "Godot Engine ") {
			out = append(out, l)
		}
	}
	return out
}

func (p *process) failure() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.out, "\n") + "\n" + p.stderr.String()
}

// lockedWriter lets the engine's standard error be written while failure
// reads it.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// datagram is one recorded datagram.
type datagram struct {
	dir  string
	at   time.Duration // since the first datagram
	data []byte
}

// relay forwards datagrams between the first client that sends to it and
// the server, recording each.
type relay struct {
	front  *net.UDPConn // the clients' side
	server *net.UDPAddr
	mu     sync.Mutex
	start  time.Time
	log    []datagram
	back   *net.UDPConn // the server's side, once the client has sent
	dead   bool         // forward nothing more (see session.vanish)
	wg     sync.WaitGroup
}

func newRelay(server string) (*relay, error) {
	addr, err := net.ResolveUDPAddr("udp", server)
	if err != nil {
		return nil, err
	}
	front, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		return nil, err
	}
	r := &relay{front: front, server: addr}
	r.wg.Add(1)
	go r.forward()
	return r, nil
}

func (r *relay) port() int { return r.front.LocalAddr().(*net.UDPAddr).Port }

// forward copies the client's datagrams to the server, starting the copy
// back at the first.
func (r *relay) forward() {
	defer r.wg.Done()
	buf := make([]byte, 65536)
	for {
		n, client, err := r.front.ReadFromUDP(buf)
		if err != nil {
			return
		}
		r.mu.Lock()
		if r.back == nil {
			back, err := net.DialUDP("udp", nil, r.server)
			if err != nil {
				r.mu.Unlock()
				log.Printf("relay: %v", err)
				return
			}
			r.back = back
			r.wg.Add(1)
			go r.backward(back, client)
		}
		dead := r.dead
		r.record(direction("c>s", dead), buf[:n])
		back := r.back
		r.mu.Unlock()
		if dead {
			continue
		}
		if _, err := back.Write(buf[:n]); err != nil {
			return
		}
	}
}

// backward copies the server's datagrams to the client.
func (r *relay) backward(back *net.UDPConn, client *net.UDPAddr) {
	defer r.wg.Done()
	buf := make([]byte, 65536)
	for {
		n, err := back.Read(buf)
		if err != nil {
			return
		}
		r.mu.Lock()
		dead := r.dead
		r.record(direction("s>c", dead), buf[:n])
		r.mu.Unlock()
		if dead {
			continue
		}
		if _, err := r.front.WriteToUDP(buf[:n], client); err != nil && errors.Is(err, net.ErrClosed) {
			return
		}
	}
}

// cut stops forwarding, both ways.
func (r *relay) cut() {
	r.mu.Lock()
	r.dead = true
	r.mu.Unlock()
}

// direction is dir, or for a datagram not forwarded, its sender and x.
func direction(dir string, dead bool) string {
	if dead {
		return dir[:2] + "x"
	}
	return dir
}

// record notes a datagram; r.mu is held.
func (r *relay) record(dir string, data []byte) {
	now := time.Now()
	if r.log == nil {
		r.start = now
	}
	r.log = append(r.log, datagram{dir: dir, at: now.Sub(r.start), data: append([]byte(nil), data...)})
}

func (r *relay) datagrams() []datagram {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]datagram(nil), r.log...)
}

func (r *relay) close() {
	r.front.Close()
	r.mu.Lock()
	if r.back != nil {
		r.back.Close()
	}
	r.mu.Unlock()
	r.wg.Wait()
}
