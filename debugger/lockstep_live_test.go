package debugger_test

import (
	"errors"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger"
	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Of two games in lockstep, one whose process dies fails the next frame
// at once, naming it and how it ended; the other stays held where it
// was, and ends with Close: nothing is left running.
func TestLiveLockstepGameDies(t *testing.T) {
	dir := debuggertest.Project(t, filepath.Join("testdata", "game"))
	start := func() *debuggertest.Game {
		return debuggertest.Start(t, dir, debuggertest.Args("--fixed-fps", "60"), debuggertest.HoldFromStart(1))
	}
	a, b := start(), start()
	assert.Equal(t, []int64{5, 5}, debuggertest.Lockstep(t, 5, a, b))
	require.NoError(t, b.Process().Kill())
	began := time.Now()
	frames, err := debugger.Lockstep(liveContext(t), 100, a.Session, b.Session)
	require.ErrorIs(t, err, debugger.ErrExited)
	assert.ErrorContains(t, err, "debugger: lockstep: game 2 of 2, frame 0 of 100: ")
	assert.ErrorContains(t, err, "signal: killed")
	assert.Less(t, time.Since(began), 10*time.Second)
	assert.Equal(t, []int64{5, 5}, frames)
	assert.Equal(t, int64(5), a.Frame(), "held where it was")
	pid := a.Process().Pid
	require.NoError(t, a.Game.Close())
	assert.True(t, errors.Is(syscall.Kill(pid, 0), syscall.ESRCH), "the other game ended")
}
