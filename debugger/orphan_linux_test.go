package debugger_test

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/debugger/debuggertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Go process killed with SIGKILL, which cannot Close its game, leaves
// no game behind: the kernel kills it too. Without that, a game whose
// output goes nowhere runs on when its debugger goes.
func TestLiveGameDiesWithItsParent(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "DBGTEST_LAUNCH="+debuggertest.Godot(t), "DBGTEST_PATH="+project(t, "game"), "GDVAR_GODOT_HOME="+t.TempDir())
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	require.NoError(t, err)
	pid, err := strconv.Atoi(line[:len(line)-1])
	require.NoError(t, err, line)

	time.Sleep(time.Second) // the game runs on its own for a while
	require.NoError(t, syscall.Kill(pid, 0), "the game is running")
	require.NoError(t, cmd.Process.Kill())
	_ = cmd.Wait() // killed
	deadline := time.Now().Add(liveWait)
	for !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			assert.Fail(t, "the game outlived its parent")
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}
