package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// mode is the workload: every client syncing its player, or every client
// sending inputs that the server relays to all.
type mode string

const (
	modeSync mode = "sync"
	modeRPC  mode = "rpc"
)

// epoch is the load process's clock origin: timestamps are µs since it.
var epoch = time.Now()

func now() int64 { return int64(time.Since(epoch) / time.Microsecond) }

// client is one load client: it does what a Godot client of the game does
// on the wire, and no more. Its reader answers the server (paths,
// announced peers, spawns) and counts and times what arrives; its sender
// sends a sync, or an input, each tick.
type client struct {
	link link
	id   int32
	mode mode

	mu        sync.Mutex
	peers     []int32         // the other clients, as the server announced them
	confirmed map[int32]bool  // the peers (the server, 1, among them) that confirmed the synchronizer's path
	spawned   map[string]bool // the players spawned here, by name
	mainOK    bool            // the server confirmed /root/Main's path (the RPC mix)
	err       error           // why the reader stopped, once it has

	from     atomic.Int64 // the run's start (µs): what was sent before is not counted
	received atomic.Int64 // syncs (or moved calls) sent since from and received
	lat      latencies    // the reader's alone until done is closed
	done     chan struct{}
	seq      int64 // ticks sent, the sender's alone
	sent     int64 // ticks sent since from, the sender's alone
}

func newClient(l link, id int32, m mode) *client {
	c := &client{link: l, id: id, mode: m, confirmed: map[int32]bool{}, spawned: map[string]bool{}, done: make(chan struct{})}
	c.from.Store(math.MaxInt64)
	if m == modeRPC {
		c.send(1, simplify(mainChecksum, mainCacheID, "Main"))
	}
	go c.read()
	return c
}

// syncPath is the path of the client's own player's synchronizer.
func (c *client) syncPath() string {
	return "Main/Players/" + strconv.Itoa(int(c.id)) + "/Sync"
}

// send sends a reliable packet to peer to, through the server's relay if
// to is another client (c.mu may be held).
func (c *client) send(to int32, pkt []byte) {
	if to != 1 {
		pkt = relay(nil, to, pkt)
	}
	if err := c.link.put(pkt, reliable); err == nil {
		c.link.flush()
	}
}

// read handles what the server sends until the link ends.
func (c *client) read() {
	defer close(c.done)
	for {
		b, err := c.link.receive()
		if err == nil {
			err = c.handle(1, b)
		}
		if err != nil {
			c.mu.Lock()
			c.err = err
			c.mu.Unlock()
			return
		}
	}
}

// handle handles a packet from peer from.
func (c *client) handle(from int32, b []byte) error {
	if len(b) == 0 {
		return errShort
	}
	switch b[0] & 7 {
	case cmdSync:
		return syncStamps(b, c.arrived)
	case cmdCall:
		t, ok, err := movedStamp(b)
		if ok {
			c.arrived(t)
		}
		return err
	case cmdSys:
		if len(b) < sysSize {
			return errShort
		}
		peer := int32(binary.LittleEndian.Uint32(b[2:]))
		switch b[1] {
		case sysRelay:
			return c.handle(peer, b[sysSize:])
		case sysAddPeer:
			c.addPeer(peer)
		case sysDelPeer:
			c.delPeer(peer)
		}
	case cmdSimplify:
		if len(b) < 38 {
			return errShort
		}
		c.send(from, confirm(binary.LittleEndian.Uint32(b[34:])))
	case cmdConfirm:
		if len(b) < 6 {
			return errShort
		}
		c.confirm(from, binary.LittleEndian.Uint32(b[2:]))
	case cmdSpawn:
		return c.spawn(b)
	}
	return nil
}

// arrived counts a sync or moved call sent at us, if the run had started:
// not the state a Godot server syncs of a player before it hands it over.
func (c *client) arrived(us int64) {
	if us < c.from.Load() {
		return
	}
	c.received.Add(1)
	c.lat.add(now() - us)
}

func (c *client) addPeer(p int32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.peers = append(c.peers, p)
	if c.spawned[strconv.Itoa(int(c.id))] && c.mode == modeSync {
		c.send(p, simplify(syncChecksum, syncCacheID, c.syncPath()))
	}
}

func (c *client) delPeer(p int32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, q := range c.peers {
		if q == p {
			c.peers = append(c.peers[:i], c.peers[i+1:]...)
			break
		}
	}
	delete(c.confirmed, p)
}

func (c *client) confirm(from int32, id uint32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch id {
	case syncCacheID:
		c.confirmed[from] = true
	case mainCacheID:
		c.mainOK = true
	}
}

// spawn notes a player's spawn; the client's own is its cue to name its
// synchronizer by path to every peer, as the engine names a synchronizer
// whose authority it became.
func (c *client) spawn(b []byte) error {
	if len(b) < 18 {
		return errShort
	}
	count, nameLen := binary.LittleEndian.Uint32(b[10:]), binary.LittleEndian.Uint32(b[14:])
	at := 18 + 4*uint64(count)
	if nameLen < 1 || at+uint64(nameLen) > uint64(len(b)) {
		return errShort
	}
	name := string(b[at : at+uint64(nameLen)-1])
	c.mu.Lock()
	defer c.mu.Unlock()
	c.spawned[name] = true
	if name == strconv.Itoa(int(c.id)) && c.mode == modeSync {
		path := simplify(syncChecksum, syncCacheID, c.syncPath())
		c.send(1, path)
		for _, p := range c.peers {
			c.send(p, path)
		}
	}
	return nil
}

// ready reports whether the client can take part in a run of n players:
// it knows the n-1 others and every player, and every peer can read its
// syncs (or the server its inputs). Else it says what it waits for.
func (c *client) ready(n int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.err != nil:
		return fmt.Errorf("client %d: %w", c.id, c.err)
	case len(c.peers) != n-1:
		return fmt.Errorf("client %d knows %d peers of %d", c.id, len(c.peers), n-1)
	case len(c.spawned) != n:
		return fmt.Errorf("client %d has %d players of %d", c.id, len(c.spawned), n)
	case c.mode == modeSync && len(c.confirmed) != n:
		return fmt.Errorf("client %d has its path confirmed by %d peers of %d", c.id, len(c.confirmed), n)
	case c.mode == modeRPC && !c.mainOK:
		return fmt.Errorf("client %d: the server has not confirmed /root/Main", c.id)
	}
	return nil
}

// run sends a tick every period, the first after offset, until stop is
// closed.
func (c *client) run(period, offset time.Duration, stop <-chan struct{}) error {
	c.mu.Lock()
	peers := append([]int32(nil), c.peers...)
	c.mu.Unlock()
	body := syncPacket()
	if c.mode == modeRPC {
		body = inputCall()
	}
	relayed := make([][]byte, len(peers))
	for i, p := range peers {
		relayed[i] = relay(nil, p, body)
	}
	select {
	case <-time.After(offset):
	case <-stop:
		return nil
	}
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		if err := c.tick(body, relayed); err != nil {
			return err
		}
		select {
		case <-tick.C:
		case <-stop:
			return nil
		}
	}
}

// tick sends one sync to every peer (to the server, and relayed to each
// other client), or one input to the server: the packets are made once,
// and each tick patches only its time, timestamp and heading.
func (c *client) tick(body []byte, relayed [][]byte) error {
	c.seq++
	us := now()
	if us >= c.from.Load() {
		c.sent++
	}
	if c.mode == modeRPC {
		stampInput(body, us)
		if err := c.link.put(body, ordered); err != nil {
			return err
		}
		return c.link.flush()
	}
	stampSync(body, uint16(c.seq), us, float32(c.seq%628)/100)
	if err := c.link.put(body, unordered); err != nil {
		return err
	}
	for _, r := range relayed {
		copy(r[sysSize:], body)
		if err := c.link.put(r, unordered); err != nil {
			return err
		}
	}
	return c.link.flush()
}

// close ends the link and waits for the reader.
func (c *client) close() {
	c.link.close()
	<-c.done
}
