package netsim

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"time"
)

// StreamLink is a TCP link between clients and a server (WebSocket's):
// each connection a client opens is joined to one of its own to the
// server, and the bytes each way wait their delay, jitter and rate, in
// order. A stream loses, duplicates and reorders nothing (its losses are
// the delays of their retransmission): Faults.Loss, Duplicate and Reorder
// are refused. A cut holds what is sent until the link is joined again,
// as a network down holds a TCP stream.
type StreamLink struct {
	server     *net.TCPAddr
	listener   *net.TCPListener
	maxClients int

	mu sync.Mutex // what follows, and each pipe's queue
	frameClock
	faults [2]Faults
	draws
	free     [2]time.Time // when each way has sent what its Rate let through
	pipes    []*pipe
	counters [2]dirCounters
	closed   bool

	wg sync.WaitGroup
}

// StreamQueueLimit bounds the bytes one way of a connection holds
// waiting: past it, the link reads no more of that way until some went
// (the sender's own TCP stream then waits, as on a slow network).
const StreamQueueLimit = 1 << 20

// pipe is one way of one client's connection: what it read, waiting.
type pipe struct {
	dir      Direction
	from, to *net.TCPConn
	other    *pipe   // the connection's other way
	queue    []chunk // in order, each due no earlier than the one before
	queued   int     // the bytes in queue
	last     time.Time
	eof      bool // from ended: to is closed for writing once queue is empty
	done     bool
	wake     chan struct{} // the writer's
	space    chan struct{} // the reader's: queue went below the limit
}

// chunk is bytes read from one side, due on the other at at.
type chunk struct {
	at   time.Time
	cut  bool // read while the link was cut: due once it is joined
	data []byte
}

// NewStream starts a TCP link to server, listening on a free loopback
// port (opts.Listen's IP and port if given). Of opts it takes Seed, Up,
// Down, FPS, Listen and MaxClients (the connections it joins at once;
// more are closed). What each way of a connection holds is bounded by
// StreamQueueLimit.
func NewStream(server *net.TCPAddr, opts Options) (*StreamLink, error) {
	if server == nil || server.IP == nil {
		return nil, errors.New("netsim: the server address needs an IP")
	}
	for _, f := range []Faults{opts.Up, opts.Down} {
		if err := f.validateStream(); err != nil {
			return nil, err
		}
	}
	clock, err := newFrameClock(opts.FPS)
	if err != nil {
		return nil, err
	}
	if opts.MaxClients < 0 {
		return nil, fmt.Errorf("netsim: negative MaxClients %d", opts.MaxClients)
	}
	listen := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)}
	if server.IP.To4() == nil {
		listen.IP = net.IPv6loopback
	}
	if opts.Listen != nil {
		listen = &net.TCPAddr{IP: opts.Listen.IP, Port: opts.Listen.Port}
	}
	l, err := net.ListenTCP("tcp", listen)
	if err != nil {
		return nil, fmt.Errorf("netsim: %w", err)
	}
	s := &StreamLink{server: server, listener: l, frameClock: clock, maxClients: orDefault(opts.MaxClients, DefaultMaxClients), faults: [2]Faults{opts.Up, opts.Down}}
	s.draws = newDraws(opts.Seed)
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

// validateStream checks faults a stream can have.
func (f Faults) validateStream() error {
	if f.Loss != 0 || f.Duplicate != 0 || f.Reorder != 0 {
		return errors.New("netsim: a TCP stream loses, duplicates and reorders nothing (its losses are retransmissions' delays): give it latency, jitter and a rate")
	}
	return f.validate()
}

// Addr is the address clients connect to.
func (s *StreamLink) Addr() *net.TCPAddr { return s.listener.Addr().(*net.TCPAddr) }

// SetFaults changes the faults of one direction from now on; what is
// queued keeps its time, but for what a cut held, due once the link is
// joined again (then, plus the delay).
func (s *StreamLink) SetFaults(dir Direction, f Faults) error {
	if err := f.validateStream(); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults[dir] = f
	if !f.Cut {
		now := s.now()
		for _, p := range s.pipes {
			if p.dir != dir {
				continue
			}
			for i := range p.queue {
				if c := &p.queue[i]; c.cut {
					c.cut, c.at = false, later(now.Add(f.Delay), p.last)
					p.last = c.at
				}
			}
			p.poke()
		}
	}
	return nil
}

// Stats counts the chunks each way (the reads of one side, each written
// whole on the other) and their bytes: Received, Forwarded, Delayed and
// Cut (held by a cut).
func (s *StreamLink) Stats() Stats {
	return Stats{Up: s.counters[Up].load(), Down: s.counters[Down].load()}
}

// Frame is the frames Step ran.
func (s *StreamLink) Frame() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.frame
}

// Step runs a link of frames n frames: at each, it reads what each side
// sent since (without waiting), then moves to the next frame and writes
// on what is due by then.
func (s *StreamLink) Step(n int) error {
	if err := s.canStep(); err != nil {
		return err
	}
	buf := make([]byte, 32<<10)
	for range n {
		s.mu.Lock()
		s.startFrame(s.frame)
		pipes := append([]*pipe(nil), s.pipes...)
		s.mu.Unlock()
		for _, p := range pipes {
			for !p.eof && !s.full(p) {
				n, ok, err := recvStreamNow(p.from, buf)
				if err != nil || ok && n == 0 {
					s.ended(p)
					break
				}
				if !ok {
					break
				}
				s.take(p, buf[:n])
			}
		}
		s.mu.Lock()
		s.advance()
		s.mu.Unlock()
		for _, p := range pipes {
			s.release(p)
		}
	}
	return nil
}

// Close stops the link: its listener and every connection, what is
// queued dropped.
func (s *StreamLink) Close() error {
	s.mu.Lock()
	s.closed = true
	err := s.listener.Close()
	for _, p := range s.pipes {
		p.from.Close()
		p.to.Close()
		p.poke()
		select {
		case p.space <- struct{}{}:
		default:
		}
	}
	s.mu.Unlock()
	s.wg.Wait()
	return err
}

// accept joins each client's connection to one of its own to the server.
func (s *StreamLink) accept() {
	defer s.wg.Done()
	for {
		c, err := s.listener.AcceptTCP()
		if err != nil {
			return
		}
		s.mu.Lock()
		full := len(s.pipes) >= 2*s.maxClients // only this goroutine adds pipes
		s.mu.Unlock()
		if full {
			c.Close() // past MaxClients: refused, as a full server would, the server not dialled
			continue
		}
		up, err := net.DialTCP("tcp", nil, s.server)
		if err != nil {
			c.Close() // the server refused: so does the link
			continue
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			up.Close()
			return
		}
		ps := []*pipe{{dir: Up, from: c, to: up}, {dir: Down, from: up, to: c}}
		ps[0].other, ps[1].other = ps[1], ps[0]
		for _, p := range ps {
			p.wake, p.space = make(chan struct{}, 1), make(chan struct{}, 1)
			s.pipes = append(s.pipes, p)
			if s.fps == 0 {
				s.wg.Add(2)
				go s.read(p)
				go s.write(p)
			}
		}
		s.mu.Unlock()
	}
}

// read reads one way of a connection on the wall clock.
func (s *StreamLink) read(p *pipe) {
	defer s.wg.Done()
	buf := make([]byte, 32<<10)
	for {
		for s.full(p) {
			<-p.space
		}
		n, err := p.from.Read(buf)
		if n > 0 {
			s.take(p, buf[:n])
		}
		if err != nil {
			s.ended(p)
			return
		}
	}
}

// full says one way holds StreamQueueLimit bytes or more, waiting.
func (s *StreamLink) full(p *pipe) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return p.queued >= StreamQueueLimit && !s.closed
}

// write writes one way's chunks on the wall clock, each when due.
func (s *StreamLink) write(p *pipe) {
	defer s.wg.Done()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		wait, done := s.release(p)
		if done {
			return
		}
		timer.Reset(wait)
		select {
		case <-p.wake:
		case <-timer.C:
		}
	}
}

// take queues what one side sent, due after its delay and jitter, no
// earlier than what came before, and through the way's rate.
func (s *StreamLink) take(p *pipe, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.faults[p.dir]
	c := &s.counters[p.dir]
	c.received.add(len(data))
	now := s.now()
	jitter := s.rng[p.dir].Float64()
	ch := chunk{data: append([]byte(nil), data...), cut: f.Cut}
	if f.Cut {
		c.cut.add(len(data))
	} else {
		ch.at = later(now.Add(f.Delay+time.Duration(jitter*float64(f.Jitter))), p.last)
		if f.Rate > 0 {
			ch.at = later(ch.at, s.free[p.dir]).Add(time.Duration(len(data)) * time.Second / time.Duration(f.Rate))
			s.free[p.dir] = ch.at
		}
		p.last = ch.at
		if ch.at.After(now) {
			c.delayed.add(len(data))
		}
	}
	p.queue = append(p.queue, ch)
	p.queued += len(ch.data)
	p.poke()
}

// ended notes that one side closed: the other is closed for writing once
// what is queued went.
func (s *StreamLink) ended(p *pipe) {
	s.mu.Lock()
	p.eof = true
	p.poke()
	s.mu.Unlock()
}

// release writes a pipe's chunks due by now, and says how long until the
// next is, or that the pipe is done.
func (s *StreamLink) release(p *pipe) (wait time.Duration, done bool) {
	s.mu.Lock()
	now := s.now()
	var due [][]byte
	n := 0
	for n < len(p.queue) && !p.queue[n].cut && !p.queue[n].at.After(now) {
		due = append(due, p.queue[n].data)
		p.queued -= len(p.queue[n].data)
		n++
	}
	p.queue = p.queue[n:]
	if n > 0 {
		select {
		case p.space <- struct{}{}:
		default:
		}
	}
	wait = time.Hour
	if len(p.queue) > 0 && !p.queue[0].cut {
		wait = p.queue[0].at.Sub(now)
	}
	finish := p.eof && len(p.queue) == 0 && !p.done
	closed := s.closed
	s.mu.Unlock()
	for _, d := range due {
		if _, err := p.to.Write(d); err != nil {
			break // the other side is gone: its own read ends its way
		}
		s.counters[p.dir].forwarded.add(len(d))
	}
	if finish {
		s.mu.Lock()
		p.done = true
		both := p.other.done
		if both {
			s.pipes = slices.DeleteFunc(s.pipes, func(q *pipe) bool { return q == p || q == p.other })
		}
		s.mu.Unlock()
		p.to.CloseWrite()
		if both { // the connection ended both ways: its sockets go
			p.from.Close()
			p.to.Close()
		}
	}
	s.mu.Lock()
	done = closed || p.done
	s.mu.Unlock()
	return wait, done
}

// poke wakes a pipe's writer. Called with s.mu held.
func (p *pipe) poke() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}
