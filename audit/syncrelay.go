package audit

import (
	"fmt"
	"time"

	"github.com/gdvar/gdvar/multiplayer"
)

// syncRelayedAt is the bytes another peer receives per byte of the
// attacker's syncs at or past which the server relays them (server_relay,
// the default): about one for each two sent, with two clients.
const syncRelayedAt = 0.4

// quietFor is how long the victim's traffic is measured with the
// attacker's syncs paused: what the server sends it of its own.
const quietFor = 500 * time.Millisecond

// traffic is what the victim received and the attacker sent, at a
// moment.
type traffic struct {
	at                 time.Time
	victimIn, sentOut  uint64
	victimSyncs, syncs uint64
}

// traffic reads the clients' counters.
func (a *auditor) traffic() traffic {
	v, s := a.victim.m.Stats(), a.attacker.m.Stats()
	return traffic{at: time.Now(), victimIn: v.ENet.BytesIn + v.WebSocket.BytesIn, sentOut: s.ENet.BytesOut + s.WebSocket.BytesOut,
		victimSyncs: v.Received.Syncs, syncs: s.Sent.Syncs}
}

// quietRate returns the bytes a second the victim receives while the
// attacker's syncs of w's synchronizer are paused (the client holding
// the server for its authority): the server's own traffic.
func (a *auditor) quietRate(w *owned) float64 {
	if err := w.o.SetAuthorityAt(w.syncPath, multiplayer.ServerID); err != nil {
		return -1
	}
	defer w.o.SetAuthorityAt(w.syncPath, a.attacker.m.ID())
	time.Sleep(4 * clientTick) // the syncs in flight
	from := a.traffic()
	time.Sleep(quietFor)
	to := a.traffic()
	return float64(to.victimIn-from.victimIn) / to.at.Sub(from.at).Seconds()
}

// recordSyncRelay notes what the victim received past its quiet rate
// while the attacker synced w's property from since, per byte the
// attacker sent. A client sends each peer its own copy of a sync (the
// server relays the victim's), so a server that relays each one, at
// whatever rate the attacker sends, gives the victim about a byte for
// each two sent with two clients: a SyncRelayed finding, its factor
// and rate said; twice the bytes sent is an Amplification one.
func (a *auditor) recordSyncRelay(w *owned, since traffic, quiet float64) string {
	now := a.traffic()
	secs := now.at.Sub(since.at).Seconds()
	sent := float64(now.sentOut - since.sentOut)
	if quiet < 0 || sent == 0 || secs <= 0 {
		return ""
	}
	factor := max(float64(now.victimIn-since.victimIn)-quiet*secs, 0) / sent
	rate := float64(now.victimSyncs-since.victimSyncs) / secs
	said := fmt.Sprintf("the victim received %.2f bytes per byte of the attacker's syncs, %.0f syncs a second (%.0f sent)",
		factor, rate, float64(now.syncs-since.syncs)/secs)
	key := findingKey{node: w.pattern, method: w.syncPath, param: w.prop}
	switch {
	case factor >= amplifies:
		key.kind = Amplification
	case factor >= syncRelayedAt:
		key.kind = SyncRelayed
	default:
		return said
	}
	a.addAt(key, "", 0, attackBurst, fmt.Sprintf(
		"the server relayed the attacker's syncs to the other peer as fast as it sent them: %.0f a second (a Godot client sends 60), %.2f bytes received per byte sent; each other player receives as much",
		rate, factor))
	return said
}
