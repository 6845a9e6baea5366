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
// arguments, so that a test can start it as a process and signal it; with
// GDVAR_TEST_PEAK, it then writes its peak resident memory there (see
// peakResident). With GDVAR_TEST_JQ16 set, it is a program for gdvar
// edit, jq 1.6 without jq (see jq16Edit); with GDVAR_TEST_FAKE_GAME, a
// game for gdvar mcp that does not play (see fakeGame).
func TestMain(m *testing.M) {
	if os.Getenv("GDVAR_TEST_JQ16") != "" {
		os.Exit(jq16Edit(os.Stdin, os.Stdout))
	}
	if how := os.Getenv("GDVAR_TEST_FAKE_GAME"); how != "" {
		os.Exit(fakeGame(how, os.Args[1:]))
	}
	if args := os.Getenv("GDVAR_TEST_MAIN"); args != "" {
		os.Args = append([]string{"gdvar"}, strings.Fields(args)...)
		if peak := os.Getenv("GDVAR_TEST_PEAK"); peak != "" {
			code := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
			writePeak(peak)
			os.Exit(code)
		}
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
			exitedAsKilled(t, exited, c.sig, dir)
		})
	}
}

// A conversion whose reader goes away (gdvar json save.dat | head) exits
// as killed by SIGPIPE, quietly, as filters do, and removes its temporary
// files: the Go runtime's default for a write to a broken standard output
// kills the process before any deferred removal runs.
func TestBrokenPipeRemovesTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	var save []byte
	value := append([]byte{4, 0, 0, 0, 0, 4, 0, 0}, make([]byte, 1024)...) // a String of 1 KiB
	for range 1000 {
		save = append(append(save, byte(len(value)), byte(len(value)>>8), 0, 0), value...)
	}
	file := filepath.Join(dir, "save.dat")
	require.NoError(t, os.WriteFile(file, save, 0o600))
	tmp := filepath.Join(dir, "tmp")
	require.NoError(t, os.Mkdir(tmp, 0o700))

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GDVAR_TEST_MAIN=json -framing stream "+file, "TMPDIR="+tmp)
	stdout, err := cmd.StdoutPipe()
	require.NoError(t, err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	_, err = stdout.Read(make([]byte, 10)) // as head -c 10 does, then leaves
	require.NoError(t, err)
	require.NoError(t, stdout.Close())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	exitedAsKilled(t, exited, syscall.SIGPIPE, tmp)
	assert.Empty(t, stderr.String())
}

// exitedAsKilled waits (30 s at most) for the command to exit, and checks
// that it exited as one killed by sig does, leaving nothing in dir.
func exitedAsKilled(t *testing.T, exited <-chan error, sig syscall.Signal, dir string) {
	t.Helper()
	var err error
	select {
	case err = <-exited:
	case <-time.After(30 * time.Second):
		t.Fatal("the command did not exit")
	}
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, 128+int(sig), ee.ExitCode(), "%s", ee.ProcessState)
	left, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, left, "temporary files left behind")
}
