package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain runs the command itself when GDVAR_TEST_MAIN holds its
// arguments, so that a test can start it as a process and signal it.
func TestMain(m *testing.M) {
	if args := os.Getenv("GDVAR_TEST_MAIN"); args != "" {
		os.Args = append([]string{"gdvar"}, strings.Fields(args)...)
		main()
	}
	os.Exit(m.Run())
}

// A conversion killed by SIGINT or SIGTERM while it reads standard input
// into its temporary files removes them, and exits as killed by the signal.
func TestSignalRemovesTemporaryFiles(t *testing.T) {
	for _, c := range []struct {
		args string
		sig  syscall.Signal
	}{
		{"json -framing stream -", syscall.SIGINT},
		{"encode -from text -", syscall.SIGTERM},
		{"text -", syscall.SIGTERM},
	} {
		t.Run(c.args+", "+c.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "GDVAR_TEST_MAIN="+c.args, "TMPDIR="+dir)
			stdin, err := cmd.StdinPipe()
			require.NoError(t, err)
			defer stdin.Close()
			require.NoError(t, cmd.Start())
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			defer cmd.Process.Kill()

			// Input that never ends: the command spools it and waits for more.
			_, err = stdin.Write(make([]byte, 64<<10))
			require.NoError(t, err)
			deadline := time.Now().Add(30 * time.Second)
			for {
				names, _ := filepath.Glob(filepath.Join(dir, "gdvar-*"))
				if len(names) > 0 {
					break
				}
				require.True(t, time.Now().Before(deadline), "no temporary file appeared")
				time.Sleep(10 * time.Millisecond)
			}
			require.NoError(t, cmd.Process.Signal(c.sig))
			select {
			case err = <-exited:
			case <-time.After(30 * time.Second):
				t.Fatal("the command did not exit")
			}
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee)
			assert.Equal(t, 128+int(c.sig), ee.ExitCode())
			left, err := os.ReadDir(dir)
			require.NoError(t, err)
			assert.Empty(t, left, "temporary files left behind")
		})
	}
}
