// Package temps makes the temporary files of gdvar's commands, which
// nothing leaves behind however the command ends: named ones removed on a
// signal, or by a watchdog process after a SIGKILL, and, where the system
// has them, files with no name at all. It runs a command's child program
// so that a signal reaches it too.
package temps

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// The command leaves nothing behind, however it ends. Its temporary files
// (the conversions' spools, a copy of standard input, gdvar edit's JSON
// and the edited file before its rename) are removed when it ends: a
// deferred removal does not run when a signal kills the process, so
// SIGINT, SIGTERM and SIGHUP remove them first, and so does SIGPIPE, with
// which the Go runtime otherwise kills the process when standard output's
// reader has gone (gdvar json save.dat | head). The program gdvar edit
// runs gets the signal too, and gdvar waits for it to end. SIGKILL cannot
// be caught: on Linux the files have no name (O_TMPFILE, unnamed_linux.go),
// which the kernel frees however gdvar ends, and the edited file is named
// only for its rename over FILE; elsewhere gdvar edit's watchdog
// (watchdog.go) removes its files, and on Linux the kernel kills
// its program (dieWithGdvar). The containers' spools (package fileaccess)
// have no name to remove.
var temps struct {
	sync.Mutex
	paths    map[string]bool
	watchdog io.Writer // told of each file, once Watch started it

	child      *os.Process   // the program RunChild runs
	childEnded chan struct{} // closed when it has ended

	signals chan os.Signal // RemoveOnSignal's
}

// ChildGrace is how long a signal waits for the program RunChild runs to
// end, before killing it.
const ChildGrace = 10 * time.Second

// Create creates a temporary file that leaves nothing behind: one
// with no name where the system makes them, else one that is removed on
// a signal until Remove removes it.
func Create(pattern string) (*os.File, error) {
	if f, err := OpenUnnamed(""); err == nil {
		return f, nil
	}
	return CreateIn("", pattern)
}

// CreateIn creates a named temporary file in the folder dir, removed
// on a signal until Remove removes it.
func CreateIn(dir, pattern string) (*os.File, error) {
	temps.Lock()
	defer temps.Unlock()
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if temps.paths == nil {
		temps.paths = map[string]bool{}
	}
	temps.paths[f.Name()] = true
	tellWatchdog('+', f.Name())
	return f, nil
}

// Remove closes a file from Create or CreateIn, and removes
// it if it has a name.
func Remove(f *os.File) {
	temps.Lock()
	defer temps.Unlock()
	f.Close()
	if temps.paths[f.Name()] {
		os.Remove(f.Name())
		delete(temps.paths, f.Name())
		tellWatchdog('-', f.Name())
	}
}

// Name gives a file with no name (OpenUnnamed) a temporary name in
// the folder dir, removed on a signal until RemoveNamed removes it.
func Name(f *os.File, dir, pattern string) (string, error) {
	temps.Lock()
	defer temps.Unlock()
	for range 100 {
		name := filepath.Join(dir, strings.Replace(pattern, "*", strconv.FormatUint(rand.Uint64(), 36), 1))
		err := nameUnnamed(f, name)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		if temps.paths == nil {
			temps.paths = map[string]bool{}
		}
		temps.paths[name] = true
		tellWatchdog('+', name)
		return name, nil
	}
	return "", fmt.Errorf("no free name for %s in %s", pattern, dir)
}

// RemoveNamed removes a name Name gave, or forgets it once renamed.
func RemoveNamed(name string) {
	temps.Lock()
	defer temps.Unlock()
	if temps.paths[name] {
		os.Remove(name)
		delete(temps.paths, name)
		tellWatchdog('-', name)
	}
}

// RunChild runs cmd as cmd.Run does; a signal that ends gdvar meanwhile is
// passed on to it, and waited for (see endChild).
func RunChild(cmd *exec.Cmd) error {
	temps.Lock()
	if err := cmd.Start(); err != nil {
		temps.Unlock()
		return err
	}
	ended := make(chan struct{})
	temps.child, temps.childEnded = cmd.Process, ended
	temps.Unlock()
	err := cmd.Wait()
	close(ended)
	temps.Lock()
	temps.child = nil
	temps.Unlock()
	return err
}

// RemoveOnSignal makes SIGINT, SIGTERM, SIGHUP and SIGPIPE end the
// program RunChild runs and remove the temporary files, then end the
// process as the shell expects of a process killed by that signal (exit
// status 128 + its number).
func RemoveOnSignal() {
	c := make(chan os.Signal, 1)
	temps.Lock()
	temps.signals = c
	temps.Unlock()
	signal.Notify(c, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	go func() {
		sig := <-c
		temps.Lock() // held until the exit: no file is created, no program started after this
		endChild(sig)
		for p := range temps.paths {
			os.Remove(p)
		}
		code := 1
		if s, ok := sig.(syscall.Signal); ok {
			code = 128 + int(s)
		}
		os.Exit(code)
	}()
}

// OwnSignals undoes RemoveOnSignal, for a command that makes no
// temporary file and runs no program with RunChild, and ends in its own
// order on a signal it takes (gdvar load: its bots leave, its report is
// written).
func OwnSignals() {
	temps.Lock()
	defer temps.Unlock()
	if temps.signals != nil {
		signal.Stop(temps.signals)
	}
}

// endChild passes sig on to the program RunChild runs, if any, and waits
// for it to end, killing it after ChildGrace. temps is locked.
func endChild(sig os.Signal) {
	if temps.child == nil {
		return
	}
	temps.child.Signal(sig) // an error means it has ended
	select {
	case <-temps.childEnded:
	case <-time.After(ChildGrace):
		temps.child.Kill()
		<-temps.childEnded
	}
}

// tellWatchdog tells the watchdog, if any, of a file created ('+') or
// removed ('-'), by its absolute path (the watchdog may not share gdvar's
// folder), ended by a NUL, which no path holds. temps is locked.
func tellWatchdog(op byte, path string) {
	if temps.watchdog == nil {
		return
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	// A watchdog killed on purpose makes this write raise SIGPIPE, which
	// ends gdvar as a broken standard output does: nothing written, the
	// files removed.
	temps.watchdog.Write(append(append([]byte{op}, path...), 0))
}
