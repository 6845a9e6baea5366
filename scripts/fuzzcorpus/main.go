// Command fuzzcorpus writes the seed corpus of the fuzz targets from the
// golden vectors: each vector up to 4 KiB becomes a seed of every target, in
// the format go test -fuzz reads, named after its folder and name.
//
//	go run ./scripts/fuzzcorpus testdata/fuzz testdata/golden/godot4 testdata/golden/godot3.6
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

var targets = []string{"FuzzDecode", "FuzzRoundTrip", "FuzzValueRoundTrip"}

func main() {
	out := os.Args[1]
	for _, target := range targets {
		check(os.MkdirAll(filepath.Join(out, target), 0o755))
	}
	n := 0
	for _, golden := range os.Args[2:] {
		n += seeds(golden, out)
	}
	fmt.Printf("wrote %d seeds for each of %v\n", n, targets)
}

// seeds writes the seeds of one folder of golden vectors.
func seeds(golden, out string) int {
	index, err := os.ReadFile(filepath.Join(golden, "index.txt"))
	check(err)
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(index)), "\n") {
		name, _, _ := strings.Cut(line, " ")
		data, err := os.ReadFile(filepath.Join(golden, name+".bin"))
		check(err)
		if len(data) > 4096 {
			continue
		}
		seed := "go test fuzz v1\n[]byte(" + strconv.Quote(string(data)) + ")\n"
		for _, target := range targets {
			check(os.WriteFile(filepath.Join(out, target, filepath.Base(golden)+"_"+name), []byte(seed), 0o644))
		}
		n++
	}
	return n
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
