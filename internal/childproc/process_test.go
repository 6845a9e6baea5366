package childproc

import (
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A process that ends is reaped and its error kept; one that does not is
// killed by Stop, which returns once it is reaped.
func TestStart(t *testing.T) {
	p, err := Start(exec.Command("sh", "-c", "exit 3"))
	require.NoError(t, err)
	select {
	case <-p.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("not reaped")
	}
	var ee *exec.ExitError
	require.ErrorAs(t, p.Err(), &ee)
	assert.Equal(t, 3, ee.ExitCode())

	p, err = Start(exec.Command("sleep", "1000"))
	require.NoError(t, err)
	assert.Positive(t, p.Pid())
	p.Stop()
	select {
	case <-p.Done():
	default:
		t.Fatal("Stop returned before the process was reaped")
	}
	assert.Error(t, p.Err(), "killed")

	_, err = Start(exec.Command("/nonexistent/gdvar-no-such-program"))
	assert.Error(t, err)
}
