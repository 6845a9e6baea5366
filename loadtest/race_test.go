//go:build race

package loadtest

// raceDetector: the race detector is on: it allocates.
const raceDetector = true
