package enet

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// An order keeps its entries sorted whatever order they come and go in:
// checked against a sorted slice, with keys inserted ascending,
// descending and at random, and removed from the front, taken from
// the front as runs are delivered, at random, and taken whole.
func TestOrder(t *testing.T) {
	const n = 3000
	orders := map[string]func(i int) uint64{
		"ascending":  func(i int) uint64 { return uint64(i) },
		"descending": func(i int) uint64 { return uint64(n - i) },
		"random":     func(i int) uint64 { return rand.Uint64N(1 << 40) },
	}
	for name, key := range orders {
		t.Run(name, func(t *testing.T) {
			var o order
			want := []uint64{}
			check := func() {
				require.Equal(t, len(want), o.n)
				got := []uint64{}
				for in := o.min(); in != nil; in = o.after(in.key) {
					got = append(got, in.key)
				}
				require.Equal(t, want, got)
				each := 0
				o.each(func(*incoming) { each++ })
				require.Equal(t, len(want), each)
			}
			for i := range n {
				k := key(i)
				if o.get(k) != nil {
					continue
				}
				o.insert(&incoming{key: k})
				want = append(want, k)
			}
			slices.Sort(want)
			check()
			for range n / 3 { // from the front, as dispatching removes
				o.remove(o.min())
				want = want[1:]
			}
			check()
			take := func(n int) {
				got, taken := []uint64{}, []*incoming{}
				o.takeWhile(func(in *incoming) bool {
					if len(got) == n {
						return false
					}
					got, taken = append(got, in.key), append(taken, in)
					return true
				})
				require.Equal(t, want[:n], got)
				for _, in := range taken { // out of the treap
					require.Nil(t, in.left)
					require.Nil(t, in.right)
				}
				want = want[n:]
				check()
			}
			take(len(want) / 4)
			take(0)
			for len(want) > 10 { // anywhere
				i := rand.IntN(len(want))
				in := o.get(want[i])
				require.NotNil(t, in)
				o.remove(in)
				require.Nil(t, o.get(want[i]))
				want = slices.Delete(want, i, i+1)
			}
			check()
			take(len(want))
			require.Nil(t, o.root)
		})
	}
}

// The cost an entry counts against MaxWaitingData is at least what it
// takes.
func TestEntryCost(t *testing.T) {
	require.LessOrEqual(t, int(unsafe.Sizeof(incoming{})), entryCost)
}

// enetChannel is one channel's receiving queues as ENet 1.3.18 keeps them
// (peer.c), for packets sent whole: lists, walked from the end to insert.
// TestQueuesAsENet checks the host against it.
type enetChannel struct {
	inR, inU   uint16
	rel, unrel []enetEntry
	out        []uint32 // the packets delivered
}

type enetEntry struct {
	rseq, useq uint16
	id         uint32
}

func (m *enetChannel) acceptable(seq uint16) bool {
	w, cur := seq/reliableWindowSize, m.inR/reliableWindowSize
	if seq < m.inR {
		w += reliableWindows
	}
	return w >= cur && w < cur+freeReliableWindows-1
}

// find is enet_peer_queue_incoming_command's walk from the end.
func (m *enetChannel) find(q []enetEntry, seq uint16, reliable bool, useq uint16) (at int, same bool) {
	i := len(q) - 1
	for ; i >= 0; i-- {
		e := q[i]
		if seq >= m.inR {
			if e.rseq < m.inR {
				continue
			}
		} else if e.rseq >= m.inR {
			break
		}
		if e.rseq != seq {
			if e.rseq < seq {
				break
			}
			continue
		}
		if reliable || e.useq == useq {
			return i, true
		}
		if e.useq < useq {
			break
		}
	}
	return i + 1, false
}

func (m *enetChannel) reliable(seq uint16, id uint32) {
	if !m.acceptable(seq) || seq == m.inR {
		return
	}
	at, same := m.find(m.rel, seq, true, 0)
	if same {
		return
	}
	m.rel = slices.Insert(m.rel, at, enetEntry{seq, 0, id})
	n := 0
	for _, e := range m.rel {
		if e.rseq != m.inR+1 {
			break
		}
		m.inR = e.rseq
		m.out = append(m.out, e.id)
		n++
	}
	if n == 0 {
		return
	}
	m.rel = m.rel[n:]
	m.inU = 0
	m.dispatchUnreliable()
}

func (m *enetChannel) unreliable(seq, useq uint16, id uint32) {
	if !m.acceptable(seq) || seq == m.inR && useq <= m.inU {
		return
	}
	at, same := m.find(m.unrel, seq, false, useq)
	if same {
		return
	}
	m.unrel = slices.Insert(m.unrel, at, enetEntry{seq, useq, id})
	m.dispatchUnreliable()
}

func (m *enetChannel) dispatchUnreliable() {
	i := 0
	for ; i < len(m.unrel); i++ {
		e := m.unrel[i]
		if e.rseq == m.inR {
			m.inU = e.useq
			m.out = append(m.out, e.id)
			continue
		}
		if m.acceptable(e.rseq) {
			break // waits for its reliable packet
		}
	}
	m.unrel = m.unrel[i:]
}

// Reliable and unreliable packets in any order, copies among them, from
// any point of the sequence numbers (the wrap included), are delivered as
// ENet delivers them.
func TestQueuesAsENet(t *testing.T) {
	for trial := range 300 {
		start := []uint16{0, 0xFFFF - 20, uint16(rand.Uint32())}[trial%3]
		h, _ := testHost()
		p := connectedPeer(h)
		ch := p.channel(0)
		ch.inReliableSeq, ch.inReliablePos = start, rand.Uint64N(1<<40)
		m := &enetChannel{inR: start}
		// 150 reliable packets, some twice, in an order shuffled
		// throughout or only locally, and unreliable ones among them.
		var order []uint16
		for i := range uint16(150) {
			order = append(order, i+1)
			if rand.IntN(10) == 0 {
				order = append(order, i+1)
			}
		}
		if trial%2 == 0 {
			rand.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		} else {
			for i := range order {
				j := min(i+rand.IntN(8), len(order)-1)
				order[i], order[j] = order[j], order[i]
			}
		}
		var cmds [][]byte
		id := uint32(0)
		for _, r := range order {
			for range rand.IntN(3) {
				seq, useq := start+uint16(rand.IntN(150)), uint16(1+rand.IntN(30))
				cmds = append(cmds, cmdBytes(command{cmd: cmdSendUnreliable, channel: 0, seq: seq, unreliableSeq: useq,
					payload: binary.BigEndian.AppendUint32(nil, id)}))
				m.unreliable(seq, useq, id)
				id++
			}
			cmds = append(cmds, cmdBytes(command{cmd: cmdSendReliable | flagAcknowledge, channel: 0, seq: start + r,
				payload: binary.BigEndian.AppendUint32(nil, id)}))
			m.reliable(start+r, id)
			id++
		}
		feedPacked(h, cmds)
		var got []uint32
		for _, pk := range inboxed(p) {
			got = append(got, binary.BigEndian.Uint32(pk.Data))
		}
		require.Equal(t, m.out, got, "trial %d from %d", trial, start)
		checkHeld(t, h, p)
	}
}
