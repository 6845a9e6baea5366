package game

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/netsim"
)

// gdvar debug's and gdvar mcp's links: a relay between a client game and
// its server (package netsim), whose address the client is given in
// place of the server's, and whose conditions net sets each way. Under
// -hold the games are stepped, and so are the links: a frame of each
// after every frame of the games in lockstep (netsim's link of frames,
// its delays counted in frames at the games' --fixed-fps, its faults
// drawn from a seeded generator); else they run on the wall clock.

// gameLinks are the links of a gdvar debug or gdvar mcp run, by the name
// of the game given each. MCP's tools call it from several goroutines.
type gameLinks struct {
	mu     sync.Mutex
	held   bool // links of frames, at fps
	fps    int
	seed   int64 // the games' -seed: link n made is seeded seed+n
	made   int64
	base   gameLaunch // how the games were launched: held, fps and seed again once a recording stops
	links  map[string]*debugLink
	record *debugger.Recorder // records each link made (MCP's record tool)
}

// newLinks returns the links of games launched as base: of frames
// under -hold, at its --fixed-fps.
func newLinks(base gameLaunch) *gameLinks {
	d := &gameLinks{base: base}
	d.launchedAs()
	return d
}

// launchedAs makes the links made from now on as the games were
// launched: of frames under -hold, at their --fixed-fps, seeded -seed.
func (d *gameLinks) launchedAs() {
	d.held, d.fps, d.seed = d.base.held, int(debugger.FixedFPS(d.base.args)), d.base.seed
}

// recordTo records the links made from now on to rec, links of frames at
// fps, the recorded games', seeded from seed, theirs: a replay makes them
// again with the games. The links made before, of games launched again
// for the recording, end. A nil rec stops recording: the links made
// stay as they are, and those made next are as the games were launched.
func (d *gameLinks) recordTo(rec *debugger.Recorder, fps int, seed int64, out io.Writer) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.record = rec
	if rec == nil {
		d.launchedAs()
		return
	}
	d.held, d.fps, d.seed, d.made = true, fps, seed, 0
	for _, name := range slices.Sorted(maps.Keys(d.links)) {
		d.links[name].link.Close()
		fmt.Fprintf(out, "link of game %s ended, its game launched again: proxy %[1]s again to record it\n", name)
	}
	d.links = nil
}

// debugLink is a link put between a game and its server.
type debugLink struct {
	server string // as given
	addr   string // the address to give the game
	link   *debugger.Link
}

// proxy is the proxy command: proxy NAME SERVER [LISTEN] puts a link
// between game NAME and its server, listening on LISTEN (a free loopback
// port if not given: a script that names the address in a call gives
// it), and prints the address to give NAME in place of the server's.
// SERVER is HOST:PORT for UDP (ENet), ws://HOST:PORT[/PATH] or
// tcp://HOST:PORT for TCP (WebSocket), the address printed in the same
// form. A link of that name ends first.
func (d *gameLinks) proxy(args []string, out io.Writer) error {
	if len(args) < 2 || len(args) > 3 {
		return errors.New("usage: proxy NAME HOST:PORT|ws://HOST:PORT [LISTEN]")
	}
	name, server := args[0], args[1]
	scheme, hostPort, path := splitServer(server)
	spec := debugger.LinkSpec{Network: "udp", Server: hostPort}
	if scheme != "" {
		spec.Network = "tcp"
	}
	if addr, err := net.ResolveUDPAddr("udp", hostPort); err != nil || addr.IP == nil {
		return fmt.Errorf("proxy %s %s: the server's HOST:PORT (ENet), ws://HOST:PORT (WebSocket), such as 127.0.0.1:8080: %v", shown(name), shown(server), err)
	}
	if len(args) == 3 {
		if _, err := net.ResolveUDPAddr("udp", args[2]); err != nil {
			return fmt.Errorf("proxy: the address to listen on, HOST:PORT, such as 127.0.0.1:8081: %v", err)
		}
		spec.Listen = args[2]
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if old := d.links[name]; old != nil {
		old.link.Close()
		delete(d.links, name)
	}
	if len(d.links) >= maxGames {
		return fmt.Errorf("%d links already: end one with proxy of its name (links lists them)", len(d.links))
	}
	if d.held {
		if spec.FPS = d.fps; spec.FPS == 0 {
			return fmt.Errorf("a link of stepped games counts their frames: give the games --fixed-fps N")
		}
	}
	d.made++
	spec.Seed = d.seed + d.made // each link its own losses, the same on every run
	link, err := debugger.NewLink(spec)
	if err != nil {
		return err
	}
	if d.record != nil {
		if err := d.record.AddLink(name, link); err != nil {
			link.Close()
			return err
		}
	}
	l := &debugLink{server: server, link: link, addr: link.Addr()}
	if scheme == "ws" || scheme == "wss" {
		l.addr = scheme + "://" + l.addr + path
	}
	if d.links == nil {
		d.links = map[string]*debugLink{}
	}
	d.links[name] = l
	_, err = fmt.Fprintln(out, l.addr)
	return err
}

// splitServer splits a server's address into its scheme (ws, wss, tcp;
// "" for UDP), its HOST:PORT and its path.
func splitServer(s string) (scheme, hostPort, path string) {
	for _, sc := range []string{"ws", "wss", "tcp"} {
		if rest, ok := strings.CutPrefix(s, sc+"://"); ok {
			hostPort, path = rest, ""
			if i := strings.IndexByte(rest, '/'); i >= 0 {
				hostPort, path = rest[:i], rest[i:]
			}
			return sc, hostPort, path
		}
	}
	return "", strings.TrimPrefix(s, "udp://"), ""
}

// netUsage is the net command's.
const netUsage = "usage: net NAME [to-server|to-client] [latency D] [jitter D] [loss P%] [duplicate P%] [reorder P%] [rate BYTES/s] [down|up]"

// setNet is the net command: it changes the conditions of game NAME's
// link, both ways or one, from the next datagram on; what it does not
// name stays as it was. latency and jitter are one way's (a round trip
// has both ways'); down cuts the link, up joins it again, each the ways
// named (both if none).
func (d *gameLinks) setNet(args []string) error {
	if len(args) < 2 {
		return errors.New(netUsage)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	l := d.links[args[0]]
	if l == nil {
		return fmt.Errorf("no link of game %[1]s: proxy %[1]s HOST:PORT first", shown(args[0]))
	}
	dirs := []netsim.Direction{netsim.Up, netsim.Down}
	words := args[1:]
	switch words[0] {
	case "to-server":
		dirs, words = dirs[:1], words[1:]
	case "to-client":
		dirs, words = dirs[1:], words[1:]
	}
	faults := [2]netsim.Faults{l.link.Faults(netsim.Up), l.link.Faults(netsim.Down)}
	for len(words) > 0 {
		w := words[0]
		if w == "down" || w == "up" {
			for _, dir := range dirs {
				faults[dir].Cut = w == "down"
			}
			words = words[1:]
			continue
		}
		if len(words) < 2 {
			return fmt.Errorf("net: %s needs a value; %s", shown(w), netUsage)
		}
		v := words[1]
		words = words[2:]
		for _, dir := range dirs {
			if err := setCondition(&faults[dir], w, v); err != nil {
				return err
			}
		}
	}
	for _, dir := range []netsim.Direction{netsim.Up, netsim.Down} {
		if faults[dir] == l.link.Faults(dir) {
			continue // unchanged: no step for a replay
		}
		if err := l.link.SetFaults(dir, faults[dir]); err != nil {
			return err
		}
	}
	return nil
}

// setCondition sets one condition of a direction from its words.
func setCondition(f *netsim.Faults, name, value string) error {
	var err error
	switch name {
	case "latency":
		f.Delay, err = linkDuration(value)
	case "jitter":
		f.Jitter, err = linkDuration(value)
	case "loss":
		f.Loss, err = percent(value)
	case "duplicate":
		f.Duplicate, err = percent(value)
	case "reorder":
		f.Reorder, err = percent(value)
	case "rate":
		f.Rate, err = strconv.Atoi(value)
		if err != nil || f.Rate < 0 {
			err = fmt.Errorf("rate %s: bytes a second, 0 or more (0: no bound)", shown(value))
		}
	default:
		err = fmt.Errorf("net: no condition %s; %s", shown(name), netUsage)
	}
	return err
}

// maxLinkDelay bounds a latency or a jitter: what a link holds is
// bounded by its queue, and a minute is past any network's.
const maxLinkDelay = time.Minute

// linkDuration reads a latency or a jitter: 150ms, 0.2s.
func linkDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > maxLinkDelay {
		return 0, fmt.Errorf("duration %s: from 0 to 1m, such as 150ms", shown(s))
	}
	return d, nil
}

// percent reads a probability written as a percentage: 5%, 0.5%. The %
// is needed: 0.05 could be meant as a chance (5 %) or a percentage.
func percent(s string) (float64, error) {
	digits, ok := strings.CutSuffix(s, "%")
	p, err := strconv.ParseFloat(digits, 64)
	if !ok || err != nil || !(p >= 0 && p <= 100) {
		return 0, fmt.Errorf("percentage %s: from 0%% to 100%%, the %% written, such as 5%%", shown(s))
	}
	return p / 100, nil
}

// showLinks is the links command: each link, by its game's name, with
// its conditions and what it did each way.
func (d *gameLinks) show(out io.Writer) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	w := bufio.NewWriter(out)
	if len(d.links) == 0 {
		fmt.Fprintln(w, "no links: proxy NAME HOST:PORT puts one between a game and its server")
	}
	for _, name := range slices.Sorted(maps.Keys(d.links)) {
		l := d.links[name]
		clock := "wall clock"
		if l.link.Spec().FPS > 0 {
			clock = fmt.Sprintf("frame %d", l.link.Frame())
		}
		fmt.Fprintf(w, "%s: %s to %s (%s)\n", name, l.addr, l.server, clock)
		s := l.link.Stats()
		for _, dir := range []netsim.Direction{netsim.Up, netsim.Down} {
			ds := []netsim.DirStats{s.Up, s.Down}[dir]
			fmt.Fprintf(w, "  %s: %s; received %d, forwarded %d, delayed %d, lost %d, duplicated %d, reordered %d, cut %d\n",
				[]string{"to-server", "to-client"}[dir], describeFaults(l.link.Faults(dir)),
				ds.Received.Datagrams, ds.Forwarded.Datagrams, ds.Delayed.Datagrams, ds.Lost.Datagrams,
				ds.Duplicated.Datagrams, ds.Reordered.Datagrams, ds.Cut.Datagrams)
		}
	}
	return w.Flush()
}

// describeFaults says a direction's conditions as net sets them.
func describeFaults(f netsim.Faults) string {
	var parts []string
	if f.Cut {
		parts = append(parts, "down")
	}
	if f.Delay > 0 {
		parts = append(parts, "latency "+f.Delay.String())
	}
	if f.Jitter > 0 {
		parts = append(parts, "jitter "+f.Jitter.String())
	}
	for _, p := range []struct {
		name string
		v    float64
	}{{"loss", f.Loss}, {"duplicate", f.Duplicate}, {"reorder", f.Reorder}} {
		if p.v > 0 {
			parts = append(parts, fmt.Sprintf("%s %g%%", p.name, p.v*100))
		}
	}
	if f.Rate > 0 {
		parts = append(parts, fmt.Sprintf("rate %d", f.Rate))
	}
	if len(parts) == 0 {
		return "clean"
	}
	return strings.Join(parts, " ")
}

// steppers are the links of frames, which lockstep steps with the games.
func (d *gameLinks) steppers() []debugger.Stepper {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.framed(slices.Sorted(maps.Keys(d.links)))
}

// stepperOf is the link of game name, if it is a link of frames: a lone
// game's advance steps its own link, as lockstep steps every link.
func (d *gameLinks) stepperOf(name string) []debugger.Stepper {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.framed([]string{name})
}

// framed is the links of the games names, in that order, that are links
// of frames: those stepped with their games. d.mu is held.
func (d *gameLinks) framed(names []string) []debugger.Stepper {
	var s []debugger.Stepper
	for _, name := range names {
		if l := d.links[name]; l != nil && l.link.Spec().FPS > 0 {
			s = append(s, l.link)
		}
	}
	return s
}

// close ends every link.
func (d *gameLinks) close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, l := range d.links {
		l.link.Close()
	}
	d.links = nil
}
