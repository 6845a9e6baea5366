//go:build race

package locust

// raceDetector: the race detector is on: it allocates.
const raceDetector = true
