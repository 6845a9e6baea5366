//go:build race

package gdvar_test

// unmarshalAllocsExact: the race detector is on, and allocation counts are
// not the program's.
const unmarshalAllocsExact = false
