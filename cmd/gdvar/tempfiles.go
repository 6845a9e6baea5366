package main

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// The command's temporary files (the conversions' spools, a copy of
// standard input) are removed when it ends, however it ends: a deferred
// removal does not run when a signal kills the process, so SIGINT, SIGTERM
// and SIGHUP remove them first, and so does SIGPIPE, with which the Go
// runtime otherwise kills the process when standard output's reader has
// gone (gdvar json save.dat | head). The containers' spools (package
// fileaccess) have no name to remove.
var temps struct {
	sync.Mutex
	paths map[string]bool
}

// createTemp creates a temporary file that is removed on a signal until
// removeTemp removes it.
func createTemp(pattern string) (*os.File, error) { return createTempIn("", pattern) }

// createTempIn is createTemp in the folder dir.
func createTempIn(dir, pattern string) (*os.File, error) {
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
	return f, nil
}

// removeTemp closes and removes a file from createTemp.
func removeTemp(f *os.File) {
	temps.Lock()
	defer temps.Unlock()
	f.Close()
	os.Remove(f.Name())
	delete(temps.paths, f.Name())
}

// removeTempsOnSignal makes SIGINT, SIGTERM, SIGHUP and SIGPIPE remove
// the temporary files, then end the process as the shell expects of a
// process killed by that signal (exit status 128 + its number).
func removeTempsOnSignal() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE)
	go func() {
		sig := <-c
		temps.Lock() // held until the exit: no file is created after this
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
