package netsim

import (
	"errors"
	"fmt"
	"maps"
	"net"
	"net/netip"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultMaxClients is Options.MaxClients's default.
const DefaultMaxClients = 1024

// Options configure a Proxy. The zero value forwards everything faithfully.
type Options struct {
	// Seed seeds the fault decisions; zero is a seed like any other.
	Seed uint64
	// Up and Down are the faults of each direction.
	Up, Down Faults
	// Listen is the address clients send to; nil means a free port on the
	// loopback address of the server's family (on every address if the
	// server is not on loopback, as for the upstream sockets).
	Listen *net.UDPAddr
	// QueueLimit bounds the datagrams delayed or held for reordering, both
	// directions together; more are dropped as Overflowed. Zero means
	// DefaultQueueLimit.
	QueueLimit int
	// MaxClients bounds the client addresses, each with its own upstream
	// socket; datagrams from more are dropped as Overflowed. Zero means
	// DefaultMaxClients.
	MaxClients int
	// Tap, if set, sees every event of every datagram, in order. It runs
	// under the proxy's lock: it must return quickly, and may call Stats
	// and Vanish but not SetFaults or Close.
	Tap func(Event)
	// FPS, if not zero, makes a link of frames: its time is the frames
	// Step ran, each 1/FPS s long, and it reads what the games sent only
	// in Step (no goroutine). Games stepped in lockstep then get the same
	// datagrams at the same frames on every run. It needs a unix system.
	FPS int
}

// Proxy forwards datagrams between clients and a server, injecting faults.
type Proxy struct {
	server     netip.AddrPort
	network    string
	bindIP     net.IP // for upstream sockets
	listener   *net.UDPConn
	queueLimit int
	maxClients int
	tap        func(Event)
	counters   [2]dirCounters

	flowsMu  sync.Mutex
	flows    map[netip.AddrPort]*flow
	vanished map[netip.AddrPort]bool
	closed   bool

	mu     sync.Mutex // the faults, generators, queue, held lists and clock
	faults [2]Faults
	draws
	queue queue
	seq   uint64       // datagrams given a fate so far
	free  [2]time.Time // when each direction has sent what its Rate let through

	frameClock
	buf []byte // a link of frames' reads

	wake      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
	wg        sync.WaitGroup
}

// flow is one client: its address and its socket towards the server.
type flow struct {
	client   netip.AddrPort
	upstream *net.UDPConn
	vanished atomic.Bool
	held     [2][]*packet // by direction, under Proxy.mu
}

// New starts a proxy to server, a UDP address with an IP (IPv4 or IPv6).
func New(server *net.UDPAddr, opts Options) (*Proxy, error) {
	if server == nil || server.IP == nil {
		return nil, errors.New("netsim: the server address needs an IP")
	}
	if err := opts.Up.validate(); err != nil {
		return nil, err
	}
	if err := opts.Down.validate(); err != nil {
		return nil, err
	}
	if opts.QueueLimit < 0 || opts.MaxClients < 0 {
		return nil, fmt.Errorf("netsim: negative limit in QueueLimit %d, MaxClients %d", opts.QueueLimit, opts.MaxClients)
	}
	clock, err := newFrameClock(opts.FPS)
	if err != nil {
		return nil, err
	}
	ap := server.AddrPort()
	p := &Proxy{
		server:     netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port()),
		network:    "udp6",
		bindIP:     net.IPv6loopback,
		queueLimit: orDefault(opts.QueueLimit, DefaultQueueLimit),
		maxClients: orDefault(opts.MaxClients, DefaultMaxClients),
		tap:        opts.Tap,
		flows:      make(map[netip.AddrPort]*flow),
		vanished:   make(map[netip.AddrPort]bool),
		faults:     [2]Faults{opts.Up, opts.Down},
		wake:       make(chan struct{}, 1),
		done:       make(chan struct{}),
		frameClock: clock,
	}
	if p.server.Addr().Is4() {
		p.network, p.bindIP = "udp4", net.IPv4(127, 0, 0, 1)
	}
	if !server.IP.IsLoopback() {
		p.bindIP = nil
	}
	p.draws = newDraws(opts.Seed)
	listen := opts.Listen
	if listen == nil {
		listen = &net.UDPAddr{IP: p.bindIP}
	}
	l, err := net.ListenUDP(p.network, listen)
	if err != nil {
		return nil, fmt.Errorf("netsim: %w", err)
	}
	p.listener = l
	if p.fps > 0 {
		p.buf = make([]byte, 1<<16)
		return p, nil // Step does the rest
	}
	p.wg.Add(2)
	go p.readClients()
	go p.schedule()
	return p, nil
}

// Frame is the frames Step ran.
func (p *Proxy) Frame() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.frame
}

// Step runs a link of frames n frames: at each, it reads what the games
// sent since the last (every datagram then in its sockets), then moves
// to the next frame and lets out what is due by then. A game stepped
// after it gets what arrived for it before its frame.
func (p *Proxy) Step(n int) error {
	if err := p.canStep(); err != nil {
		return err
	}
	for range n {
		p.mu.Lock()
		p.startFrame(p.frame)
		p.mu.Unlock()
		if err := p.drain(); err != nil {
			return err
		}
		p.mu.Lock()
		p.advance()
		p.releaseDue(p.now())
		p.mu.Unlock()
	}
	return nil
}

// drain reads, without waiting, every datagram in the link's sockets,
// those of the flows made meanwhile too.
func (p *Proxy) drain() error {
	for {
		got := false
		for {
			n, from, ok, err := recvNow(p.listener, p.buf)
			if err != nil || !ok {
				if err != nil {
					return err
				}
				break
			}
			got = true
			f, err := p.flow(from)
			if err != nil {
				return err
			}
			p.handle(Up, f, from, p.buf[:n])
		}
		p.flowsMu.Lock()
		flows := slices.Collect(maps.Values(p.flows))
		p.flowsMu.Unlock()
		for _, f := range flows {
			for {
				n, from, ok, err := recvNow(f.upstream, p.buf)
				if err != nil {
					return err
				}
				if !ok {
					break
				}
				got = true
				if from == p.server {
					p.handle(Down, f, f.client, p.buf[:n])
				}
			}
		}
		if !got {
			return nil
		}
	}
}

// orDefault returns v, or def if v is zero.
func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// Addr is the address clients send to.
func (p *Proxy) Addr() *net.UDPAddr {
	return p.listener.LocalAddr().(*net.UDPAddr)
}

// Stats returns the counters. While traffic flows, the fields are read one
// at a time, not as one snapshot.
func (p *Proxy) Stats() Stats {
	return Stats{Up: p.counters[Up].load(), Down: p.counters[Down].load()}
}

// SetFaults changes the faults of one direction from now on; datagrams
// already queued keep their fate.
func (p *Proxy) SetFaults(dir Direction, f Faults) error {
	if err := f.validate(); err != nil {
		return err
	}
	p.mu.Lock()
	p.faults[dir] = f
	p.mu.Unlock()
	return nil
}

// Vanish drops every datagram from and to client from now on, queued ones
// included, as if it had left without a word. client is its address as the
// proxy sees it, such as the client socket's LocalAddr when bound to the
// loopback address; it may not have sent anything yet.
func (p *Proxy) Vanish(client net.Addr) {
	key := addrPort(client)
	p.flowsMu.Lock()
	defer p.flowsMu.Unlock()
	p.vanished[key] = true
	if f := p.flows[key]; f != nil {
		f.vanished.Store(true)
	}
}

// addrPort is a client's key: its address with IPv4 unmapped.
func addrPort(a net.Addr) netip.AddrPort {
	var ap netip.AddrPort
	switch a := a.(type) {
	case *net.UDPAddr:
		ap = a.AddrPort()
	default:
		ap, _ = netip.ParseAddrPort(a.String())
	}
	return netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())
}

// Close stops the proxy: it closes its sockets, drops what is queued and
// returns once every goroutine has ended.
func (p *Proxy) Close() error {
	var err error
	p.closeOnce.Do(func() {
		close(p.done)
		p.flowsMu.Lock()
		p.closed = true
		err = p.listener.Close()
		for _, f := range p.flows {
			if e := f.upstream.Close(); err == nil {
				err = e
			}
		}
		p.flowsMu.Unlock()
		p.wg.Wait()
	})
	return err
}

// readClients reads the clients' datagrams until the proxy closes.
func (p *Proxy) readClients() {
	defer p.wg.Done()
	buf := make([]byte, 1<<16)
	for {
		n, from, err := p.listener.ReadFromUDPAddrPort(buf)
		if errors.Is(err, net.ErrClosed) {
			return
		}
		if err != nil {
			continue
		}
		from = netip.AddrPortFrom(from.Addr().Unmap(), from.Port())
		f, err := p.flow(from)
		if err != nil {
			return
		}
		p.handle(Up, f, from, buf[:n])
	}
}

// errClosed tells readClients that the proxy closed while it made a flow.
var errClosed = errors.New("netsim: closed")

// flow returns the client's flow, making it and its upstream socket on the
// client's first datagram. A nil flow means MaxClients was reached.
func (p *Proxy) flow(client netip.AddrPort) (*flow, error) {
	p.flowsMu.Lock()
	defer p.flowsMu.Unlock()
	if p.closed {
		return nil, errClosed
	}
	if f := p.flows[client]; f != nil {
		return f, nil
	}
	if len(p.flows) >= p.maxClients {
		return nil, nil
	}
	up, err := net.ListenUDP(p.network, &net.UDPAddr{IP: p.bindIP})
	if err != nil {
		return nil, nil // out of sockets: the datagram overflows
	}
	f := &flow{client: client, upstream: up}
	f.vanished.Store(p.vanished[client])
	p.flows[client] = f
	if p.fps == 0 { // a link of frames reads it in Step
		p.wg.Add(1)
		go p.readServer(f)
	}
	return f, nil
}

// readServer reads the server's datagrams to one client until the proxy
// closes. Datagrams from other sources are ignored.
func (p *Proxy) readServer(f *flow) {
	defer p.wg.Done()
	buf := make([]byte, 1<<16)
	for {
		n, from, err := f.upstream.ReadFromUDPAddrPort(buf)
		if errors.Is(err, net.ErrClosed) {
			return
		}
		if err != nil || netip.AddrPortFrom(from.Addr().Unmap(), from.Port()) != p.server {
			continue
		}
		p.handle(Down, f, f.client, buf[:n])
	}
}

// handle decides the fate of a datagram just read and sends, queues or
// drops it. A nil f means the client could not get a flow.
func (p *Proxy) handle(dir Direction, f *flow, client netip.AddrPort, data []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.counters[dir].received.add(len(data))
	p.emit(Event{Dir: dir, Client: client, Kind: Received, Data: data})
	switch {
	case f == nil:
		p.drop(dir, client, data, Overflowed)
		return
	case f.vanished.Load():
		p.drop(dir, client, data, Vanished)
		return
	}
	p.seq++
	faults := p.faults[dir]
	fate := faults.decide(p.rng[dir])
	now := p.now()
	at := now.Add(fate.delay)
	if faults.Rate > 0 && !faults.Cut && !fate.lost {
		// It leaves once it and those before it went through at the rate.
		at = later(at, p.free[dir]).Add(time.Duration(len(data)) * time.Second / time.Duration(faults.Rate))
		p.free[dir] = at
	}
	switch {
	case faults.Cut:
		p.drop(dir, f.client, data, Cut)
	case fate.lost:
		p.drop(dir, f.client, data, Lost)
	case fate.reorder || at.After(now):
		p.enqueue(&packet{
			at:        at,
			dir:       dir,
			f:         f,
			data:      append([]byte(nil), data...),
			seq:       p.seq,
			duplicate: fate.duplicate,
			held:      fate.reorder,
		})
	default:
		p.send(dir, f, data, fate.duplicate, p.seq)
	}
}

// later returns the later of two times.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// send writes a datagram on, twice if duplicate, then the flow's datagrams
// held for reordering that arrived before arrival number after (zero for
// none). Called with p.mu held.
func (p *Proxy) send(dir Direction, f *flow, data []byte, duplicate bool, after uint64) {
	if f.vanished.Load() {
		p.drop(dir, f.client, data, Vanished)
		return
	}
	if p.write(dir, f, data, false) && duplicate {
		p.write(dir, f, data, true)
	}
	p.release(dir, f, after)
}

// write writes one copy of a datagram and reports whether it went out. It
// counts the copy first, so a receiver that reads it sees it counted, and
// moves it to Failed if the write fails.
func (p *Proxy) write(dir Direction, f *flow, data []byte, dup bool) bool {
	c := &p.counters[dir]
	c.forwarded.add(len(data))
	if dup {
		c.duplicated.add(len(data))
	}
	var err error
	if dir == Up {
		_, err = f.upstream.WriteToUDPAddrPort(data, p.server)
	} else {
		_, err = p.listener.WriteToUDPAddrPort(data, f.client)
	}
	if err != nil {
		c.forwarded.sub(len(data))
		if dup {
			c.duplicated.sub(len(data))
		}
		p.drop(dir, f.client, data, Failed)
		return false
	}
	p.emit(Event{Dir: dir, Client: f.client, Kind: Sent, Copy: dup, Data: data})
	return true
}

// drop counts a dropped datagram and tells the tap. Called with p.mu held.
func (p *Proxy) drop(dir Direction, client netip.AddrPort, data []byte, why Kind) {
	c := &p.counters[dir]
	switch why {
	case Lost:
		c.lost.add(len(data))
	case Vanished:
		c.vanished.add(len(data))
	case Overflowed:
		c.overflowed.add(len(data))
	case Cut:
		c.cut.add(len(data))
	default:
		c.failed.add(len(data))
	}
	p.emit(Event{Dir: dir, Client: client, Kind: why, Data: data})
}

// emit calls the tap, if any. Called with p.mu held.
func (p *Proxy) emit(e Event) {
	if p.tap != nil {
		p.tap(e)
	}
}
