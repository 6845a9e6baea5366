package resource

// sceneIDs makes the ids Godot 4 gives resources as it saves a file
// (Resource::generate_scene_unique_id): a PCG32 generator seeded with the
// hash of the path saved to, so that the same resource saved to the same
// path gets the same ids.
type sceneIDs struct{ state, inc uint64 }

// newSceneIDs seeds the generator as the engine does for a save to path:
// with String::hash, djb2 over the path's code points.
func newSceneIDs(path string) *sceneIDs {
	h := uint32(5381)
	for _, c := range path {
		h = h*33 + uint32(c)
	}
	const initSeq = 0x14057b7ef767814f
	g := &sceneIDs{inc: initSeq<<1 | 1}
	g.random()
	g.state += uint64(h)
	g.random()
	return g
}

// random is pcg32_random_r.
func (g *sceneIDs) random() uint32 {
	old := g.state
	g.state = old*6364136223846793005 + g.inc
	x := uint32((old>>18 ^ old) >> 27)
	rot := uint32(old >> 59)
	return x>>rot | x<<(-rot&31)
}

// next returns the next id: five base-34 digits of a draw, lowest first.
func (g *sceneIDs) next() string {
	var b [5]byte
	r := g.random()
	for i := range b {
		b[i] = uidDigits[r%34]
		r /= 34
	}
	return string(b[:])
}
