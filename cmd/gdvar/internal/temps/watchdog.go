package temps

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
)

// A SIGKILL ends gdvar before it can remove anything, so gdvar edit, whose
// program may run for long, has a watchdog: gdvar itself, started again in
// a mode of its own, told of each temporary file on a pipe (tellWatchdog).
// When the pipe closes, gdvar has ended, however it ended, and the
// watchdog removes the files it was told of and not told were removed. It
// ignores the signals that end gdvar, in a process group of its own (on
// Unix), so that what ends gdvar and its program together (Ctrl-C in a
// terminal, a kill of the group) leaves it to clean up after them.

// watchdogEnv holds, in the watchdog's environment, the process id of the
// gdvar that started it; a process whose parent is another is not one.
const watchdogEnv = "GDVAR_TEMP_WATCHDOG_OF"

// init makes the process the watchdog, if it was started as one: before
// main, and before a test binary's TestMain, so that the binary started
// again, gdvar or its tests, does nothing else.
func init() {
	if of := os.Getenv(watchdogEnv); of != "" && of == strconv.Itoa(os.Getppid()) {
		os.Exit(runWatchdog(os.Stdin, os.Stdout))
	}
}

// errNoWatchdog is the error of a watchdog that did not start.
var errNoWatchdog = errors.New("the watchdog of the temporary files did not start")

// Watch starts the watchdog, and tells it of the temporary files so
// far and those created until stop, which ends it.
func Watch() (stop func(), err error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNoWatchdog, err)
	}
	paths, tell, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	ready, readyW, err := os.Pipe()
	if err != nil {
		paths.Close()
		tell.Close()
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), watchdogEnv+"="+strconv.Itoa(os.Getpid()))
	cmd.Stdin, cmd.Stdout = paths, readyW
	cmd.SysProcAttr = ownProcessGroup()
	started := cmd.Start()
	paths.Close()
	readyW.Close()
	err = started
	if started == nil {
		_, err = ready.Read(make([]byte, 1)) // io.EOF if it ended instead
	}
	ready.Close()
	if err != nil {
		tell.Close()
		if started == nil {
			cmd.Wait()
		}
		return nil, fmt.Errorf("%w: %w", errNoWatchdog, err)
	}
	temps.Lock()
	temps.watchdog = tell
	for p := range temps.paths {
		tellWatchdog('+', p)
	}
	temps.Unlock()
	return func() {
		temps.Lock()
		temps.watchdog = nil
		temps.Unlock()
		tell.Close()
		cmd.Wait()
	}, nil
}

// runWatchdog is the watchdog: it says it is ready, then reads the files
// created and removed until in ends, and removes those left.
func runWatchdog(in io.Reader, ready io.Writer) int {
	signal.Ignore(os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	if _, err := ready.Write([]byte{1}); err != nil {
		return 1
	}
	left := map[string]bool{}
	r := bufio.NewReader(in)
	for {
		told, err := r.ReadString(0)
		if err != nil {
			break
		}
		if len(told) < 2 {
			continue
		}
		switch path := told[1 : len(told)-1]; told[0] {
		case '+':
			left[path] = true
		case '-':
			delete(left, path)
		}
	}
	for p := range left {
		os.Remove(p)
	}
	return 0
}
