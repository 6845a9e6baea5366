package debugger

import (
	"fmt"
	"net"
	"sync"

	"github.com/gdvar/gdvar/netsim"
)

// A Link stands between a client game and its server, as a network
// would (package netsim), so that a [Recorder] can record it beside the
// games and [Replay.Play] make it again: how it was made, its conditions
// each way at the frames they changed, and the frames it was stepped
// between the games' frames.

// LinkSpec is how a [Link] is made, as a replay file holds it.
type LinkSpec struct {
	// Network is "udp" for a game's ENet, "tcp" for its WebSocket.
	Network string
	// Server is the server's HOST:PORT.
	Server string
	// Listen is the HOST:PORT the link listens on, which the client is
	// given in place of the server's; "" is a free loopback port, which
	// [Link.Spec] then names.
	Listen string
	// FPS is the games' --fixed-fps: a link of frames, which Step runs
	// beside the games in lockstep ([LockstepWith]). 0 is a link on the
	// wall clock, which a Recorder does not record.
	FPS int
	// Seed seeds the link's losses, duplicates, reorders and jitter.
	Seed int64
}

// Link is a link between a client game and its server: a netsim Proxy
// for UDP, a netsim StreamLink for TCP. A Recorder that added it
// ([Recorder.AddLink]) records each change of its conditions and each
// Step. Its methods may be called from several goroutines.
type Link struct {
	spec LinkSpec
	net  netLink

	mu      sync.Mutex
	faults  [2]netsim.Faults
	rec     *Recorder
	recName string
}

// netLink is what a Link asks of netsim's Proxy and StreamLink.
type netLink interface {
	SetFaults(netsim.Direction, netsim.Faults) error
	Stats() netsim.Stats
	Frame() int64
	Step(frames int) error
	Close() error
}

// NewLink makes a link as spec says, listening at once.
func NewLink(spec LinkSpec) (*Link, error) {
	if spec.FPS < 0 {
		return nil, fmt.Errorf("debugger: a link at %d fps: want 0 (the wall clock) or more", spec.FPS)
	}
	server, err := net.ResolveUDPAddr("udp", spec.Server) // a TCP address is the same IP and port
	if err != nil || server.IP == nil {
		return nil, fmt.Errorf("debugger: a link to %q: want the server's HOST:PORT, such as 127.0.0.1:8080", cutText(spec.Server))
	}
	opts := netsim.Options{Seed: uint64(spec.Seed), FPS: spec.FPS}
	if spec.Listen != "" {
		if opts.Listen, err = net.ResolveUDPAddr("udp", spec.Listen); err != nil {
			return nil, fmt.Errorf("debugger: a link listening on %q: want HOST:PORT, such as 127.0.0.1:8081", cutText(spec.Listen))
		}
	}
	l := &Link{spec: spec}
	switch spec.Network {
	case "udp":
		p, err := netsim.New(server, opts)
		if err != nil {
			return nil, err
		}
		l.net, l.spec.Listen = p, p.Addr().String()
	case "tcp":
		s, err := netsim.NewStream(&net.TCPAddr{IP: server.IP, Port: server.Port, Zone: server.Zone}, opts)
		if err != nil {
			return nil, err
		}
		l.net, l.spec.Listen = s, s.Addr().String()
	default:
		return nil, fmt.Errorf("debugger: a link of network %q: want udp (ENet) or tcp (WebSocket)", cutText(spec.Network))
	}
	return l, nil
}

// Spec is how the link was made, its Listen the address it listens on.
func (l *Link) Spec() LinkSpec { return l.spec }

// Addr is the HOST:PORT to give the client in place of the server's.
func (l *Link) Addr() string { return l.spec.Listen }

// Faults are the conditions of a direction, as SetFaults last set them.
func (l *Link) Faults(dir netsim.Direction) netsim.Faults {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.faults[dir&1]
}

// SetFaults sets the conditions of a direction from now on (a TCP link
// loses, duplicates and reorders nothing: those are refused).
func (l *Link) SetFaults(dir netsim.Direction, f netsim.Faults) error {
	if dir != netsim.Up && dir != netsim.Down {
		return fmt.Errorf("debugger: direction %d: want netsim.Up or netsim.Down", dir)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.net.SetFaults(dir, f); err != nil {
		return err
	}
	l.faults[dir] = f
	if l.rec != nil {
		l.rec.write(netStep(l.recName, l.net.Frame(), dir, f))
	}
	return nil
}

// Step runs a link of frames n frames: it reads what the games sent and
// delivers what is due by then.
func (l *Link) Step(frames int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	before := l.net.Frame()
	if err := l.net.Step(frames); err != nil {
		return err
	}
	if l.rec != nil {
		l.rec.write(ReplayStep{Frame: before, Link: l.recName, Op: OpStep, Frames: int64(frames)})
	}
	return nil
}

// Frame is the frames the link has run.
func (l *Link) Frame() int64 { return l.net.Frame() }

// Stats counts what the link did each way.
func (l *Link) Stats() netsim.Stats { return l.net.Stats() }

// Close ends the link and what it joined.
func (l *Link) Close() error { return l.net.Close() }

// AddLink records a link under a name (1 to 64 bytes, one of each link's
// in the file) from now: how it was made, then its conditions. It must be
// a link of frames that has run none yet: a replay makes it afresh, and
// could not give the same link else ([ErrNotRecordable]). At most
// [MaxReplayLinks] links.
func (r *Recorder) AddLink(name string, l *Link) error {
	l.mu.Lock() // before r.mu, as SetFaults and Step take them
	defer l.mu.Unlock()
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.checkName("link", name, r.links, MaxReplayLinks); err != nil {
		return err
	}
	switch {
	case l.rec != nil:
		return fmt.Errorf("%w: the link is recorded already", ErrNotRecordable)
	case l.spec.FPS == 0:
		return fmt.Errorf("%w: a link on the wall clock: give it the games' --fixed-fps (LinkSpec.FPS)", ErrNotRecordable)
	case l.net.Frame() != 0:
		return fmt.Errorf("%w: the link has run %d frames already", ErrNotRecordable, l.net.Frame())
	}
	r.links[name] = true
	r.linked = append(r.linked, l)
	l.rec, l.recName = r, name
	s := l.spec
	r.writeStep(ReplayStep{Link: name, Op: OpLink, Network: s.Network, Server: s.Server, Listen: s.Listen, FPS: int64(s.FPS), Seed: s.Seed})
	for _, dir := range []netsim.Direction{netsim.Up, netsim.Down} {
		if l.faults[dir] != (netsim.Faults{}) {
			r.writeStep(netStep(name, 0, dir, l.faults[dir]))
		}
	}
	return nil
}

// netStep is the step of a change of a link's conditions.
func netStep(name string, frame int64, dir netsim.Direction, f netsim.Faults) ReplayStep {
	return ReplayStep{Frame: frame, Link: name, Op: OpNet, Dir: dir.String(), Faults: replayFaults(f)}
}
