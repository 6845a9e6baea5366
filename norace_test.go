//go:build !race

package gdvar

// RaceDetector says the race detector is on (see race_test.go).
const RaceDetector = false
