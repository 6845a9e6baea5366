package netsim

import "math/rand/v2"

// draws are a link's random draws each way, from its seed: one sequence
// on the wall clock; on a link of frames, each frame's own sequence, so
// that a datagram more or fewer in one frame (a transport's ping, timed
// by the wall clock) leaves the draws of every later frame as they were.
type draws struct {
	seed uint64
	src  [2]*rand.PCG
	rng  [2]*rand.Rand
}

// newDraws starts a link's draws from its seed.
func newDraws(seed uint64) draws {
	d := draws{seed: seed}
	for dir := range d.src {
		d.src[dir] = rand.NewPCG(seed, uint64(dir))
		d.rng[dir] = rand.New(d.src[dir])
	}
	return d
}

// startFrame starts the draws of frame n, each way's its own. Called with
// the link's mutex held.
func (d *draws) startFrame(n int64) {
	for dir, src := range d.src {
		src.Seed(d.seed, uint64(n)<<1|uint64(dir))
	}
}
