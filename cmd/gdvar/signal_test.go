package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gdvar/gdvar/cmd/gdvar/internal/gametest"
	"github.com/gdvar/gdvar/cmd/gdvar/internal/temps"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain runs the command itself when GDVAR_TEST_MAIN holds its
// arguments, so that a test can start it as a process and signal it; with
// GDVAR_TEST_PEAK, it then writes its peak resident memory there (see
// peakResident). With GDVAR_TEST_JQ16 set, it is a program for gdvar
// edit, jq 1.6 without jq (see jq16Edit); with GDVAR_TEST_FAKE_GAME, a
// game for gdvar mcp that does not play (see gametest.Fake).
func TestMain(m *testing.M) {
	if os.Getenv("GDVAR_TEST_JQ16") != "" {
		os.Exit(jq16Edit(os.Stdin, os.Stdout))
	}
	if how := os.Getenv("GDVAR_TEST_FAKE_GAME"); how != "" {
		os.Exit(gametest.Fake(how, os.Args[1:]))
	}
	if os.Getenv("GDVAR_TEST_AS_GDVAR") != "" { // the gdvar command, its arguments as given
		main()
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
			for !tempOpen(cmd.Process.Pid, dir) {
				require.True(t, time.Now().Before(deadline), "no temporary file appeared")
				time.Sleep(10 * time.Millisecond)
			}
			require.NoError(t, cmd.Process.Signal(c.sig))
			exitedAsKilled(t, exited, c.sig, dir)
		})
	}
}

// tempOpen says whether the process pid has a temporary file open in
// dir: one named there, or on Linux one with no name (O_TMPFILE), which
// its descriptors show as "dir/#inode (deleted)".
func tempOpen(pid int, dir string) bool {
	if names, _ := filepath.Glob(filepath.Join(dir, "gdvar-*")); len(names) > 0 {
		return true
	}
	fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	for _, fd := range fds {
		target, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if err == nil && strings.HasPrefix(target, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
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

// gdvar edit ended by a signal while its program runs: SIGINT, SIGTERM and
// SIGHUP are passed on to the program and gdvar waits for it, SIGKILL has
// the kernel end it (Linux); gdvar's watchdog removes what SIGKILL left.
// Nothing is left in the temporary folder or beside the save, which is as
// it was, and the program has ended.
func TestEditSignalLeavesNothing(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			if sig == syscall.SIGKILL && runtime.GOOS != "linux" {
				t.Skip("the program ends with gdvar's SIGKILL on Linux only")
			}
			dir := t.TempDir()
			tmp := filepath.Join(dir, "tmp")
			require.NoError(t, os.Mkdir(tmp, 0o700))
			save := editCopy(t, "godot4", "save.sav")
			before, err := os.ReadFile(save)
			require.NoError(t, err)
			pidFile := filepath.Join(dir, "program.pid")
			program := filepath.Join(dir, "program.sh")
			require.NoError(t, os.WriteFile(program, []byte("#!/bin/sh\necho $$ > '"+pidFile+"'\nexec sleep 1000\n"), 0o700))

			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "GDVAR_TEST_MAIN=edit "+save+" -- "+program, "TMPDIR="+tmp)
			stderr, err := os.Create(filepath.Join(dir, "stderr")) // a file: Wait does not wait for a pipe the program holds
			require.NoError(t, err)
			defer stderr.Close()
			cmd.Stderr = stderr
			require.NoError(t, cmd.Start())
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			defer cmd.Process.Kill()
			pid := readPIDFile(t, pidFile)
			defer syscall.Kill(pid, syscall.SIGKILL) // if the test fails with it running
			left, err := filepath.Glob(filepath.Join(tmp, "gdvar-*"))
			require.NoError(t, err)
			if runtime.GOOS == "linux" {
				require.Empty(t, left, "the JSON files have no name (O_TMPFILE)")
			} else {
				require.Len(t, left, 2, "gdvar-before-*.json and gdvar-after-*.json while the program runs")
			}

			require.NoError(t, cmd.Process.Signal(sig))
			select {
			case err = <-exited:
			case <-time.After(temps.ChildGrace + 30*time.Second):
				t.Fatal("gdvar edit did not exit")
			}
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee)
			if sig == syscall.SIGKILL {
				assert.Equal(t, syscall.SIGKILL, ee.Sys().(syscall.WaitStatus).Signal())
			} else {
				printed, _ := os.ReadFile(stderr.Name())
				assert.Equal(t, 128+int(sig), ee.ExitCode(), "%s\n%s", ee.ProcessState, printed)
			}
			assert.True(t, ended(pid), "the program is left running")
			assert.Empty(t, leftBehind(t, tmp, ""), "left in the temporary folder")
			assert.Empty(t, leftBehind(t, filepath.Dir(save), filepath.Base(save)), "left beside the save")
			after, err := os.ReadFile(save)
			require.NoError(t, err)
			assert.Equal(t, before, after)
		})
	}
}

// gdvar edit and its watchdog killed together (SIGKILL to every process
// of the command, as an OOM killer or a container's stop does) leave
// nothing: on Linux its files have no name. The watchdog alone cleaned up
// after gdvar, so that killing it too left gdvar-before-*.json and
// gdvar-after-*.json in the temporary folder.
func TestEditKilledWithItsWatchdogLeavesNothing(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("files with no name (O_TMPFILE) are Linux's")
	}
	dir := t.TempDir()
	tmp := filepath.Join(dir, "tmp")
	require.NoError(t, os.Mkdir(tmp, 0o700))
	save := editCopy(t, "godot4", "save.sav")
	before, err := os.ReadFile(save)
	require.NoError(t, err)
	pidFile := filepath.Join(dir, "program.pid")
	program := filepath.Join(dir, "program.sh")
	require.NoError(t, os.WriteFile(program, []byte("#!/bin/sh\necho $$ > '"+pidFile+"'\nexec sleep 1000\n"), 0o700))
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GDVAR_TEST_MAIN=edit "+save+" -- "+program, "TMPDIR="+tmp)
	require.NoError(t, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	pid := readPIDFile(t, pidFile)
	defer syscall.Kill(pid, syscall.SIGKILL)
	children := childrenOf(t, cmd.Process.Pid) // the watchdog and the program
	require.NotEmpty(t, children)
	for _, p := range append(children, cmd.Process.Pid) {
		syscall.Kill(p, syscall.SIGKILL)
	}
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Fatal("gdvar edit did not end")
	}
	assert.Empty(t, leftBehind(t, tmp, ""), "left in the temporary folder")
	assert.Empty(t, leftBehind(t, filepath.Dir(save), filepath.Base(save)), "left beside the save")
	after, err := os.ReadFile(save)
	require.NoError(t, err)
	assert.Equal(t, before, after)
}

// childrenOf returns the process ids whose parent is pid (Linux's /proc).
func childrenOf(t *testing.T, pid int) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	require.NoError(t, err)
	var out []int
	for _, e := range entries {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p))
		if err != nil {
			continue
		}
		i := bytes.LastIndexByte(stat, ')')
		if fields := strings.Fields(string(stat[i+1:])); i >= 0 && len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			out = append(out, p)
		}
	}
	return out
}

// readPIDFile waits (30 s at most) for a program to write its process id
// in a file, and returns it.
func readPIDFile(t *testing.T, name string) int {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(name)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
			return pid
		}
		require.True(t, time.Now().Before(deadline), "the program did not start")
	}
}

// ended says, within 30 s, whether the process pid has ended: gone, or a
// zombie that no one has reaped yet.
func ended(pid int) bool {
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
			if i := bytes.LastIndexByte(stat, ')'); i >= 0 && bytes.HasPrefix(stat[i+1:], []byte(" Z")) {
				return true
			}
		}
	}
	return false
}

// leftBehind returns what is in dir but keep, waiting 30 s at most for it
// to go (the watchdog removes files after gdvar has gone).
func leftBehind(t *testing.T, dir, keep string) []string {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		var left []string
		for _, e := range entries {
			if e.Name() != keep {
				left = append(left, e.Name())
			}
		}
		if len(left) == 0 || !time.Now().Before(deadline) {
			return left
		}
	}
}
