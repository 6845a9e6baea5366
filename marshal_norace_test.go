//go:build !race

package gdvar_test

// marshalAllocsExact: allocation counts are the program's (the race
// detector adds its own).
const marshalAllocsExact = true
