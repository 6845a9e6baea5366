package audit

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/internal/procstat"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/multiplayer/mode"
)

// joinWait bounds the wait for the server to take a client, after it
// started: a game may open its port after its main scene is there.
const joinWait = time.Minute

// settle is how long a client waits, once joined, for the server's
// spawns and calls of a join.
const settle = time.Second

// client is one of the audit's peers: a Multiplayer declared from the
// project, joined to the server.
type client struct {
	m     *multiplayer.Multiplayer
	scene *fromproject.Scene
	gone  chan struct{} // closed when the server is gone from it
	once  sync.Once
}

// launch starts the server under the debugger.
func (a *auditor) launch(ctx context.Context) error {
	opts := append(append([]debugger.Option(nil), a.cfg.LaunchOptions...),
		debugger.OnError(a.obs.onError), debugger.OnOutput(a.obs.onOutput))
	lctx, cancel := context.WithTimeout(ctx, joinWait)
	defer cancel()
	g, err := debugger.Launch(lctx, a.cfg.Godot, a.cfg.Args, opts...)
	if err != nil {
		return fmt.Errorf("starting the server: %w", err)
	}
	a.game = g
	a.pid = g.Process().Pid
	a.cpu0, _ = procstat.CPU(a.pid)
	if major, minor := g.Version(); major > 0 {
		a.rep.Engine = strconv.Itoa(major) + "." + strconv.Itoa(minor)
	}
	return nil
}

// stopServer ends the server, adding its CPU time to the report's.
func (a *auditor) stopServer() {
	if a.game == nil {
		return
	}
	if cpu, err := procstat.CPU(a.pid); err == nil {
		a.stats.CPU += cpu - a.cpu0
	}
	a.sample()
	a.game.Close()
	a.game = nil
}

// sample notes the server's resident memory.
func (a *auditor) sample() {
	if rss, err := procstat.RSS(a.pid); err == nil {
		a.stats.PeakRSS = max(a.stats.PeakRSS, rss)
	}
}

// join connects a new client to the server, again and again until it
// takes it (within joinWait), then lets the server's spawns of the join
// come.
func (a *auditor) join(ctx context.Context) (*client, error) {
	jctx, cancel := context.WithTimeout(ctx, joinWait)
	defer cancel()
	var last error
	for {
		c, err := a.connect(jctx)
		if err == nil {
			select {
			case <-time.After(settle):
			case <-ctx.Done():
			}
			return c, nil
		}
		last = err
		select {
		case <-jctx.Done():
			return nil, fmt.Errorf("joining the server at %s: %w", a.cfg.Addr, last)
		case <-a.game.Done():
			return nil, fmt.Errorf("the server ended before it took a client: %w", a.game.Err())
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// connect makes a client and connects it once.
func (a *auditor) connect(ctx context.Context) (*client, error) {
	m, err := multiplayer.New(multiplayer.WithCodec(gdvar.MustCodec(gdvar.AllowObjects(true))),
		multiplayer.WithMaxPacketSize(max(multiplayer.DefaultMaxPacket, a.cfg.MaxPayload+4096)),
		multiplayer.WithSendQueue(max(multiplayer.DefaultSendQueue, 4*a.cfg.MaxPayload)), // a huge call and its fence
		multiplayer.WithErrorInterval(time.Second))
	if err != nil {
		return nil, err
	}
	scene, err := fromproject.Declare(m, a.cfg.Project, a.scene)
	if err != nil {
		return nil, err
	}
	c := &client{m: m, scene: scene, gone: make(chan struct{})}
	for _, path := range scene.Nodes() {
		n, _ := scene.Node(path)
		handleAll(n)
	}
	for _, path := range scene.Spawners() {
		sp, _ := scene.Spawner(path)
		sp.OnSpawn(func(o *multiplayer.Object) { handleAll(o.Node()) })
	}
	m.OnError(func(error) {}) // the server's calls of methods this side does not serve, and the like
	m.OnPeerDisconnected(func(id multiplayer.PeerID) {
		if id == multiplayer.ServerID {
			c.once.Do(func() { close(c.gone) })
		}
	})
	cctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if a.cfg.Transport == "enet" {
		err = m.ConnectENet(cctx, a.cfg.Addr)
	} else {
		err = m.Connect(cctx, "ws://"+a.cfg.Addr)
	}
	if err != nil {
		m.Close()
		return nil, err
	}
	go func() {
		<-m.Done()
		c.once.Do(func() { close(c.gone) })
	}()
	return c, nil
}

// handleAll gives each method of n a handler that takes anything: the
// server's calls to a client.
func handleAll(n *multiplayer.Node) {
	for _, meth := range n.MethodSet().Methods() {
		n.SetHandler(meth.Name, func(*multiplayer.Call, ...any) {})
	}
}

// close ends a client.
func (c *client) close() {
	if c != nil {
		c.m.Close()
	}
}

// fenceMethod is the method a fence calls.
var fenceMethod = multiplayer.Method{Name: "fence", Mode: mode.AnyPeer, Transfer: mode.Reliable}

// sendFence sends the next fence from the attacker and returns its
// number.
func (a *auditor) sendFence() (int, error) {
	a.fences++
	n, err := a.attacker.m.DeclareNode("/root/"+fenceName(a.fences), fenceSet)
	if err != nil {
		return 0, err
	}
	return a.fences, n.Call(multiplayer.ServerID, fenceMethod.Name)
}

// fenceSet is the fences' method set.
var fenceSet = func() *multiplayer.MethodSet {
	s, err := multiplayer.NewMethodSet(fenceMethod)
	if err != nil {
		panic(err)
	}
	return s
}()

// start launches the server and joins it as the victim, then the
// attacker.
func (a *auditor) start(ctx context.Context) error {
	if err := a.launch(ctx); err != nil {
		return err
	}
	var err error
	if a.victim, err = a.join(ctx); err != nil {
		return err
	}
	a.attacker, err = a.join(ctx)
	return err
}

// restart ends the clients and the server, and starts them again, if
// the restarts left allow; it says why it could not.
func (a *auditor) restart(ctx context.Context) error {
	a.victim.close()
	a.attacker.close()
	a.victim, a.attacker = nil, nil
	a.stopServer()
	if a.stats.Restarts >= a.cfg.Restarts {
		return errors.New("the server ended, and the restarts allowed are spent")
	}
	a.stats.Restarts++
	if err := a.start(ctx); err != nil {
		return err
	}
	a.readWatched(ctx) // the new server's values
	return nil
}
