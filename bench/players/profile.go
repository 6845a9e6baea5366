package main

import (
	"os"
	"runtime/pprof"
)

// serveProfiled runs serve, with the process's CPU profiled into the
// file at path if path is not "".
func serveProfiled(path string, serve func() error) error {
	if path == "" {
		return serve()
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	defer pprof.StopCPUProfile()
	return serve()
}
