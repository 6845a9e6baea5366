//go:build race

package gdvar_test

// marshalAllocsExact: the race detector is on, and allocation counts are
// not the program's.
const marshalAllocsExact = false
