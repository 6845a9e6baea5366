package debugger_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/gdvar/gdvar"
	"github.com/gdvar/gdvar/debugger"
)

// Launch a Godot 3 game with this package's options: how to start it, and
// the Session's settings. An option out of range, or another package's,
// would not get this far: the first fails Launch before anything starts,
// the second does not compile.
func ExampleLaunch() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	game, err := debugger.Launch(ctx, "/path/to/godot3", []string{"--no-window", "--path", "mygame"},
		debugger.WithEngine(gdvar.Godot3),
		debugger.WithStdout(os.Stderr), debugger.WithStderr(os.Stderr),
		debugger.WithRequestTimeout(5*time.Second),
		debugger.OnError(func(e debugger.Error) { log.Print(e) }))
	if err != nil {
		log.Fatal(err)
	}
	defer game.Close()
	if _, err := game.WaitNode(ctx, "/root/Main"); err != nil {
		log.Fatal(err)
	}
	score, err := game.Get(ctx, "/root/Main", "score")
	fmt.Println(score, err)
}

// A game that dies at start fails Launch with an ExitError: how its
// process ended, and the last lines it printed, which say why.
func ExampleExitError() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	game, err := debugger.Launch(ctx, os.ExpandEnv("$HOME/.cache/gdvar/engines/bin/godot4"), []string{"--path", "mygame"})
	var exit *debugger.ExitError
	if errors.As(err, &exit) {
		fmt.Println("the game ended:", exit.State)
		for _, line := range exit.Output {
			fmt.Println("  ", line) // "Unable to create DisplayServer", "Invalid project path specified"
		}
		return
	}
	if err != nil {
		log.Fatal(err)
	}
	defer game.Close()
}

// A paused scene tree stops every node that does not process while
// paused; the input helper, which Launch installs, runs calls in it, and
// unpauses it.
func ExampleSession_SetTreePaused() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	game, err := debugger.Launch(ctx, os.ExpandEnv("$HOME/.cache/gdvar/engines/bin/godot4"), []string{"--headless", "--path", "mygame"})
	if err != nil {
		log.Fatal(err)
	}
	defer game.Close()
	if paused, err := game.TreePaused(ctx); err == nil && paused {
		score, err := game.Call(ctx, "/root/Main", "get_score") // runs in the paused tree
		fmt.Println(score, err)
		err = game.SetTreePaused(ctx, false)
		fmt.Println(err)
	}
}

// Within walks a subtree down to a depth, with each node's level: what
// gdvar debug's tree PATH DEPTH shows.
func ExampleNode_Within() {
	root := &debugger.Node{Name: "root", Children: []*debugger.Node{
		{Name: "Main", Children: []*debugger.Node{{Name: "Player", Children: []*debugger.Node{{Name: "Sprite"}}}}},
	}}
	for level, n := range root.Within(2) {
		fmt.Println(level, n.Name)
	}
	// Output:
	// 0 root
	// 1 Main
	// 2 Player
}
