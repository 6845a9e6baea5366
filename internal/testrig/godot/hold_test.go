package godot

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A port held by one test process waits another's hold until the first
// lets go.
func TestHoldPortWaitsForAnotherProcess(t *testing.T) {
	if port := os.Getenv("GDVAR_HOLD_CHILD"); port != "" {
		HoldPort(t, "udp", port)
		fmt.Println("HELD")
		time.Sleep(time.Second)
		return
	}
	port := strconv.Itoa(FreePort(t, "udp"))
	child := exec.Command(os.Args[0], "-test.run=^TestHoldPortWaitsForAnotherProcess$", "-test.v")
	child.Env = append(os.Environ(), "GDVAR_HOLD_CHILD="+port)
	out, err := child.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, child.Start())
	defer child.Wait()
	held := make(chan struct{})
	go func() {
		for sc := bufio.NewScanner(out); sc.Scan(); {
			if strings.HasPrefix(sc.Text(), "HELD") {
				close(held)
			}
		}
	}()
	select {
	case <-held:
	case <-time.After(30 * time.Second):
		t.Fatal("the child did not hold the port within 30 s")
	}
	started := time.Now()
	HoldPort(t, "udp", port)
	assert.Greater(t, time.Since(started), 500*time.Millisecond, "held until the child let go, a second after it took it")
}

// A port a test holds is held (which Port skips), for this process and
// others, until the test ends.
func TestHeldWhileHeld(t *testing.T) {
	port := strconv.Itoa(FreePort(t, "tcp"))
	assert.False(t, held("tcp", port), "before the hold")
	t.Run("holding", func(t *testing.T) {
		HoldPort(t, "tcp", port)
		assert.True(t, held("tcp", port))
		assert.False(t, held("udp", port), "the other network's port")
	})
	assert.False(t, held("tcp", port), "once the holding test ended")
}
