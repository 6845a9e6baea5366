//go:build !race

package gdvar_test

// unmarshalAllocsExact: allocation counts are exact (the race detector
// changes them, and sync.Pool drops items at random under it).
const unmarshalAllocsExact = true
