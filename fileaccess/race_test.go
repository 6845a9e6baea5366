//go:build race

package fileaccess

// raceDetector: the race detector is on, and sync.Pool drops items at
// random.
const raceDetector = true
