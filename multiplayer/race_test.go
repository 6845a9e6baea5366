//go:build race

package multiplayer

// raceDetector: the race detector is on: it allocates, and sync.Pool
// drops items at random.
const raceDetector = true
