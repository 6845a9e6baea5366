//go:build race

package stream

// raceDetector: the race detector is on, and sync.Pool drops items at
// random.
const raceDetector = true
