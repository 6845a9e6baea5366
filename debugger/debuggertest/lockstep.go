package debuggertest

import "testing"

// Lockstep runs several games n frames together, a frame of each in the
// order given, then the next (see [debugger.Lockstep]), and returns the
// frames they hold at; the test fails if a game fails, each frame of each
// game bounded by the request timeout.
func Lockstep(t testing.TB, n int, games ...*Game) []int64 {
	t.Helper()
	return LockstepWith(t, n, nil, games...)
}
