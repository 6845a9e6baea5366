package audit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/enet"
	"github.com/gdvar/gdvar/internal/wsframe"
	"github.com/gdvar/gdvar/multiplayer"
	"github.com/gdvar/gdvar/multiplayer/fromproject"
	"github.com/gdvar/gdvar/multiplayer/mode"
	"github.com/gdvar/gdvar/project"
)

// joinWait bounds the wait for the server to take a client, after it
// started: a game may open its port after its main scene is there.
const joinWait = time.Minute

// joinAttempt bounds one attempt to join: a server that answers with a
// refusal, or compresses otherwise, says so at once.
const joinAttempt = 10 * time.Second

// settle is how long a client waits, once joined, for the server's
// spawns and calls of a join.
const settle = time.Second

// clientTick is the clients' replication tick: a burst of the
// attacker's own state goes out at 200 syncs a second, past the
// engine's 60 frames.
const clientTick = 5 * time.Millisecond

// client is one of the audit's peers: a Multiplayer declared from the
// project, joined to the server.
type client struct {
	m     *multiplayer.Multiplayer
	scene *fromproject.Scene
	gone  chan struct{} // closed when the server is gone from it
	once  sync.Once
	// silent, set before gone is closed, says the client timed the
	// server out: it stopped answering, rather than dropped the client.
	silent atomic.Bool
	// broke, set before gone is closed, says the connection failed
	// otherwise: this side refused what the server sent (a frame
	// against the protocol, a packet over its limit), or its socket
	// broke; ended says how, the last error of the connection's end.
	broke atomic.Bool
	ended atomic.Pointer[string]
	// refused counts the spawns of the server's the client could not
	// make (a scene its spawner does not declare), the first saying why.
	refused      atomic.Int64
	refusedFirst atomic.Pointer[string]
	// mark, once set, is the amplification's mark: marked counts the
	// bytes of the arguments of the server's calls to the client that
	// carry it near their start, as the Variant encoding sent them.
	mark   atomic.Pointer[[]byte]
	marked atomic.Int64
}

// markWithin is how near an argument's start its mark is looked for:
// past a String's or an Array's headers.
const markWithin = 64

// join connects a new client to the server, again and again until it
// takes it (within joinWait), then lets the server's spawns of the join
// come. A server that refuses the clients' handshake, or compresses
// otherwise, is a MismatchError at once.
func (a *auditor) join(ctx context.Context) (*client, error) {
	jctx, cancel := context.WithTimeout(ctx, joinWait)
	defer cancel()
	var last error
	for {
		tried := time.Now()
		c, err := a.connect(jctx)
		if err == nil {
			a.settle(ctx)
			return c, nil
		}
		if errors.Is(err, ErrMismatch) {
			return nil, err
		}
		switch took := time.Since(tried); {
		case !errors.Is(err, context.DeadlineExceeded):
			last = err
		case took >= 100*time.Millisecond || last == nil:
			// Its cause, not the context's: a server that took the
			// connection and said nothing (a stuck main loop), or a
			// silent ENet port.
			last = fmt.Errorf("no answer to a join within %s: %w", took.Round(100*time.Millisecond), err)
		} // an attempt cut at once by the join's end says less than the one before
		select {
		case <-jctx.Done():
			return nil, fmt.Errorf("joining the server at %s: %w", a.cfg.Addr, last)
		case <-a.game.Done():
			return nil, fmt.Errorf("the server ended before it took a client: %w", a.game.Err())
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// checkClients makes a client of the project's scene once, before the
// server starts: a scene the clients cannot declare is ErrClients at
// once, naming its file, not a join that fails for a minute and blames
// the address.
func (a *auditor) checkClients() error {
	c, _, err := a.newClient(a.cfg.Net)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrClients, err)
	}
	c.close()
	return nil
}

// settle waits for the server's spawns and calls of a join.
func (a *auditor) settle(ctx context.Context) {
	select {
	case <-time.After(settle):
	case <-ctx.Done():
	}
}

// connect makes a client and connects it once, as the network says; a
// server that compresses otherwise is tried with each other mode (see
// findCompression), and one the transport the project does not tell did
// not reach, with the other (findTransport).
func (a *auditor) connect(ctx context.Context) (*client, error) {
	c, err := a.connectWith(ctx, a.cfg.Net)
	if err != nil && !a.transportFound && untold(a.cfg.Net, "transport") && !errors.Is(err, multiplayer.ErrHandshake) && !errors.Is(err, enet.ErrCompression) {
		if c, ok := a.findTransport(ctx); ok {
			return c, nil
		}
	}
	switch {
	case errors.Is(err, enet.ErrCompression):
		return a.findCompression(ctx, err)
	case errors.Is(err, wsframe.ErrHandshake):
		// The upgrade refused: a Godot server requiring a subprotocol
		// the clients do not offer closes it. A server that took the
		// upgrade and gave no peer id (ErrHandshake too) is no
		// mismatch: the join is tried again, and its error says so.
		return nil, &MismatchError{Setting: "subprotocols", Clients: shownList(a.cfg.Net.Subprotocols), Err: err}
	}
	return c, err
}

// findTransport joins with the other transport, for a project whose
// scripts make both ENet and WebSocket peers (or none): a server the
// assumed one did not reach may listen with the other on its port. The
// one that joins is the clients' from then on, found.
func (a *auditor) findTransport(ctx context.Context) (*client, bool) {
	try := *a.cfg.Net
	try.Transport = multiplayer.WebSocket
	if a.cfg.Net.Transport == multiplayer.WebSocket {
		try.Transport = multiplayer.ENet
	}
	c, err := a.connectWith(ctx, &try)
	if err != nil {
		return nil, false
	}
	a.cfg.Net.Transport, a.transportFound = try.Transport, true
	for i, u := range a.cfg.Net.Unknown {
		if fromproject.NoteSetting(u) == "transport" {
			said, _, _ := strings.Cut(u, "; ")
			a.cfg.Net.Unknown[i] = said + "; the server's, " + try.Transport.String() + ", found by trying"
		}
	}
	return c, true
}

// untold says the project's scripts do not tell n's setting (its
// Unknown has a line of it, "transport: …"), nor did the user.
func untold(n *fromproject.Net, setting string) bool {
	return slices.ContainsFunc(n.Unknown, func(u string) bool { return fromproject.NoteSetting(u) == setting })
}

// findCompression tries the compression modes the clients did not use,
// all at once, after the server refused theirs (refused: the client's
// own error). The project (or Config.Net) did not tell the mode: the one
// that joins is the clients' from then on, found. It told one: the
// server's is a MismatchError naming it.
func (a *auditor) findCompression(ctx context.Context, refused error) (*client, error) {
	n := a.cfg.Net
	type tried struct {
		mode string
		c    *client
		err  error
	}
	results := make(chan tried)
	tctx, cancel := context.WithCancel(ctx)
	defer cancel()
	trying := 0
	for _, m := range fromproject.CompressionModes {
		if same(m, n.Compression) {
			continue
		}
		try := *n
		try.Compression = m
		c, fc, err := a.newClient(&try)
		if err != nil {
			continue
		}
		trying++
		go func() { results <- tried{m, c, c.join(tctx, fc, a.cfg.Addr)} }()
	}
	var found *tried
	for ; trying > 0 && found == nil; trying-- {
		if r := <-results; r.err == nil {
			found = &r
		}
	}
	cancel() // the other joins end at once; one that joined meanwhile is closed
	go func(left int) {
		for range left {
			if r := <-results; r.err == nil {
				r.c.close()
			}
		}
	}(trying)
	switch {
	case found == nil:
		return nil, &MismatchError{Setting: "compression", Clients: shown(n.Compression), Err: refused}
	case n.Compression != "":
		found.c.close()
		return nil, &MismatchError{Setting: "compression", Clients: n.Compression, Server: shown(found.mode), Err: refused}
	}
	n.Compression, a.compressionFound = found.mode, true
	return found.c, nil
}

// same says two compression modes are one: "" and "NONE" are.
func same(x, y string) bool {
	none := func(s string) string {
		if s == "NONE" {
			return ""
		}
		return s
	}
	return none(x) == none(y)
}

// shownList says a list of names, "none" for none.
func shownList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return fmt.Sprint(names)
}

// connectWith makes a client of the project's scene and connects it
// once, as n says.
func (a *auditor) connectWith(ctx context.Context, n *fromproject.Net) (*client, error) {
	c, fc, err := a.newClient(n)
	if err != nil {
		return nil, err
	}
	if err := c.join(ctx, fc, a.cfg.Addr); err != nil {
		return nil, err
	}
	return c, nil
}

// newClient makes a client of the project's scene that joins as n says,
// each of its nodes' methods handled (handleAll).
func (a *auditor) newClient(n *fromproject.Net) (*client, *fromproject.Client, error) {
	payload := a.cfg.payload(n.Transport) // n's: a client that finds the transport is the attacker
	fc, err := fromproject.NewClient(a.cfg.Project, a.scene, n, []multiplayer.Option{
		multiplayer.WithCodec(gdvar.MustCodec(gdvar.AllowObjects(true))),
		multiplayer.WithMaxPacketSize(max(multiplayer.DefaultMaxPacket, payload+4096)),
		multiplayer.WithSendQueue(max(multiplayer.DefaultSendQueue, 4*payload)), // a huge call and its fence
		multiplayer.WithErrorInterval(time.Second),
		multiplayer.WithReplicationTick(clientTick)}, a.declare...)
	if err != nil {
		return nil, nil, err
	}
	c := &client{m: fc.M, scene: fc.Scene, gone: make(chan struct{})}
	for _, path := range c.scene.Nodes() {
		n, _ := c.scene.Node(path)
		c.handleAll(n)
	}
	for _, path := range c.scene.Spawners() {
		sp, _ := c.scene.Spawner(path)
		cfg, _ := c.scene.SpawnerConfig(path)
		c.handleSpawns(sp, cfg)
	}
	return c, fc, nil
}

// declareCustom returns the declarations of the custom scenes of the
// spawners whose spawn_function makes them (customSpawn), for the
// clients of the game in p whose main scene is scene: without them, a
// client refuses each spawn of such a spawner (multiplayer's
// ErrUnknownScene), and the audit never sees the nodes it spawns (a
// level's players, each made from its peer's id). All of them, where
// the scene declares with all; else, in turn, each that declares with
// those kept before (a spawner of a scene fromproject does not read, as
// one a script made spawnable in code, or a scene it cannot read, is
// left out: its spawns are refused as before).
func declareCustom(p *project.Project, scene string, spawns []customSpawn) []fromproject.Option {
	var all []fromproject.Option
	for _, c := range spawns {
		if c.scene == "" {
			all = append(all, fromproject.WithCustomSpawn(c.spawner, c.scenes...))
		} else {
			all = append(all, fromproject.WithCustomSpawnIn(c.scene, c.spawner, c.scenes...))
		}
	}
	declares := func(opts []fromproject.Option) bool {
		_, err := fromproject.Declare(multiplayer.MustNew(), p, scene, opts...)
		return err == nil
	}
	if len(all) == 0 || declares(all) {
		return all
	}
	var kept []fromproject.Option
	for _, o := range all {
		if declares(append(slices.Clip(kept), o)) {
			kept = append(kept, o)
		}
	}
	return kept
}

// handleSpawns handles the methods of each node sp (of config cfg)
// spawns (handleAll), and of those the spawners it holds spawn, as deep
// as they go: each such spawner's handler is set as its node comes,
// before its first spawn can.
func (c *client) handleSpawns(sp *multiplayer.Spawner, cfg multiplayer.SpawnerConfig) {
	scenes := slices.Concat(cfg.Scenes, cfg.Custom)
	sp.OnSpawn(func(o *multiplayer.Object) {
		c.handleAll(o.Node())
		for _, sc := range scenes {
			if sc.Path != o.Scene() {
				continue
			}
			for _, inner := range sc.Spawners {
				if s := o.SpawnerAt(inner.Path); s != nil {
					c.handleSpawns(s, inner.SpawnerConfig)
				}
			}
		}
	})
}

// join joins the server at addr within joinAttempt, and closes the
// client if it could not: the join ends as soon as the server's
// datagrams do not open (enet.ErrCompression, returned).
func (c *client) join(ctx context.Context, fc *fromproject.Client, addr string) error {
	cctx, cancel := context.WithTimeout(ctx, joinAttempt)
	defer cancel()
	refused := make(chan error, 1)
	// The server's calls of methods this side does not serve, and the
	// like, are no matter; a datagram that does not open ends the join.
	c.m.OnError(func(err error) {
		if errors.Is(err, multiplayer.ErrUnknownScene) {
			c.refused.Add(1)
			why := oneLine(err.Error(), 200)
			c.refusedFirst.CompareAndSwap(nil, &why)
		}
		if errors.Is(err, multiplayer.ErrDisconnected) {
			why := oneLine(err.Error(), 200)
			c.ended.Store(&why)
		}
		if errors.Is(err, enet.ErrCompression) {
			select {
			case refused <- err:
			default:
			}
			cancel()
		}
	})
	c.m.OnPeerDisconnected(func(id multiplayer.PeerID) {
		if id == multiplayer.ServerID {
			leaves := c.m.Stats().Leaves
			c.silent.Store(leaves.TimedOut > 0)
			c.broke.Store(leaves.Error > 0)
			c.once.Do(func() { close(c.gone) })
		}
	})
	if err := fc.Join(cctx, addr); err != nil {
		c.m.Close()
		select {
		case r := <-refused:
			return r
		default:
			return err
		}
	}
	go func() {
		<-c.m.Done()
		c.once.Do(func() { close(c.gone) })
	}()
	return nil
}

// handleAll gives each method of n a handler that takes anything, and
// counts its marked arguments' bytes: the server's calls to a client.
func (c *client) handleAll(n *multiplayer.Node) {
	for _, meth := range n.MethodSet().Methods() {
		n.SetHandler(meth.Name, func(call *multiplayer.Call, _ ...any) {
			for i := range call.NumArgs() {
				c.count(call.Arg(i))
			}
		})
	}
}

// count counts an argument of the server's call, as it came, if it
// carries the mark: it looks at its first bytes alone, and keeps none.
func (c *client) count(arg []byte) {
	if mark := c.mark.Load(); mark != nil && bytes.Contains(arg[:min(len(arg), markWithin)], *mark) {
		c.marked.Add(int64(len(arg)))
	}
}

// dropped says how the server's connection to the client ended: the
// server dropped it, or it failed (the client refused what the server
// sent), and how.
func (c *client) dropped() string {
	if !c.broke.Load() {
		return "the server dropped the client"
	}
	why := "the connection failed"
	if p := c.ended.Load(); p != nil {
		why += ": " + *p
	}
	return why
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
func (a *auditor) sendFence() (int, error) { return a.sendFenceFrom(a.attacker) }

// sendFenceFrom sends the next fence from client c and returns its
// number.
func (a *auditor) sendFenceFrom(c *client) (int, error) {
	a.fences++
	// Under the clients' multiplayer root, which their packets' paths are
	// relative to: the engine names the fence as it names its path.
	n, err := c.m.DeclareNode(c.m.Root()+"/"+fenceName(a.fences), fenceSet)
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

// waitFence says whether fence n, sent by client c, came back within
// the call's wait (see awaitFence).
func (a *auditor) waitFence(ctx context.Context, c *client, n int) bool {
	wctx, cancel := context.WithTimeout(ctx, a.cfg.Wait)
	defer cancel()
	return a.awaitFence(wctx, c, n)
}

// victimName is the victim's peer id as a spawned node's name holds it,
// "" with no victim.
func (a *auditor) victimName() string {
	if a.victim == nil {
		return ""
	}
	return peerName(a.victim.m.ID())
}
