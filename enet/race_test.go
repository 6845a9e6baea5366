//go:build race

package enet

// raceDetector: the race detector is on: it allocates, and sync.Pool
// drops items at random (zstd's decoders are pooled).
const raceDetector = true
