// Command tokens reads every token of the game-state payload N times, for
// counting the instructions a token costs where the clock is too noisy to
// compare two versions (scripts/bench/instructions.sh runs it under
// cachegrind).
//
//	go run ./scripts/bench/tokens N
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/internal/testrig/gamestate"
)

func main() {
	n, err := strconv.Atoi(os.Args[len(os.Args)-1])
	if err != nil || len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: tokens N")
		os.Exit(2)
	}
	data := gamestate.Bytes(gamestate.Players)
	dec := gdvar.NewDecoderBytes(data)
	tokens := 0
	for range n {
		dec.ResetBytes(data)
		for {
			_, err := dec.ReadToken()
			if err == io.EOF {
				break
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			tokens++
		}
	}
	fmt.Println(tokens / n)
}
