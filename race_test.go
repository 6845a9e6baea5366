//go:build race

package gdvar

// RaceDetector says the race detector is on: allocation counts are then not
// the program's (it allocates, and sync.Pool drops items at random), so the
// tests that count allocations skip. Exported for package gdvar_test.
const RaceDetector = true
