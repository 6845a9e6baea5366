package netsim

import (
	"container/heap"
	"slices"
	"time"
)

// DefaultQueueLimit is Options.QueueLimit's default.
const DefaultQueueLimit = 1024

// packet is a datagram waiting in the queue: delayed, or held for
// reordering.
type packet struct {
	at        time.Time
	seq       uint64 // its arrival number: keeps the order of packets due at the same time
	dir       Direction
	f         *flow
	data      []byte // a copy: the read buffer is reused
	duplicate bool
	held      bool // waits for a later datagram of its flow and direction
	index     int  // in the queue's heap
}

// queue orders the waiting packets by due time.
type queue []*packet

func (q queue) Len() int { return len(q) }

func (q queue) Less(i, j int) bool {
	if !q[i].at.Equal(q[j].at) {
		return q[i].at.Before(q[j].at)
	}
	return q[i].seq < q[j].seq
}

func (q queue) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].index, q[j].index = i, j
}

// Push is heap.Interface's; use heap.Push.
func (q *queue) Push(x any) {
	p := x.(*packet)
	p.index = len(*q)
	*q = append(*q, p)
}

// Pop is heap.Interface's; use heap.Pop.
func (q *queue) Pop() any {
	old := *q
	p := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	return p
}

// schedule runs until the proxy closes, sending the queue's packets when
// they are due.
func (p *Proxy) schedule() {
	defer p.wg.Done()
	timer := time.NewTimer(time.Hour)
	defer timer.Stop()
	for {
		p.mu.Lock()
		now := time.Now()
		p.releaseDue(now)
		wait := time.Hour
		if len(p.queue) > 0 {
			wait = p.queue[0].at.Sub(now)
		}
		p.mu.Unlock()
		timer.Reset(wait)
		select {
		case <-p.done:
			return
		case <-p.wake:
		case <-timer.C:
		}
	}
}

// releaseDue sends the queue's packets due by now. Called with p.mu held.
func (p *Proxy) releaseDue(now time.Time) {
	for len(p.queue) > 0 && !p.queue[0].at.After(now) {
		pk := heap.Pop(&p.queue).(*packet)
		after := pk.seq // a delayed packet lets out the ones held before it
		if pk.held {
			p.unhold(pk) // it waited long enough for a later one
			after = 0
		}
		p.send(pk.dir, pk.f, pk.data, pk.duplicate, after)
	}
}

// enqueue adds a packet, or drops it if the queue is full. Called with
// p.mu held.
func (p *Proxy) enqueue(pk *packet) {
	if len(p.queue) >= p.queueLimit {
		p.drop(pk.dir, pk.f.client, pk.data, Overflowed)
		return
	}
	heap.Push(&p.queue, pk)
	if pk.held {
		p.counters[pk.dir].reordered.add(len(pk.data))
		pk.f.held[pk.dir] = append(pk.f.held[pk.dir], pk)
	} else {
		p.counters[pk.dir].delayed.add(len(pk.data))
	}
	if pk.index == 0 {
		select {
		case p.wake <- struct{}{}:
		default:
		}
	}
}

// unhold removes a held packet from its flow's list. Called with p.mu held.
func (p *Proxy) unhold(pk *packet) {
	held := pk.f.held[pk.dir]
	if i := slices.Index(held, pk); i >= 0 {
		pk.f.held[pk.dir] = slices.Delete(held, i, i+1)
	}
}

// release sends the packets of a flow held for reordering that arrived
// before arrival number after, once that later datagram went out. Called
// with p.mu held.
func (p *Proxy) release(dir Direction, f *flow, after uint64) {
	held := f.held[dir]
	n := 0
	for n < len(held) && held[n].seq < after {
		n++
	}
	for _, pk := range held[:n] {
		heap.Remove(&p.queue, pk.index)
		p.send(dir, f, pk.data, pk.duplicate, 0) // releases none: held stays as is
	}
	f.held[dir] = slices.Delete(held, 0, n)
}
