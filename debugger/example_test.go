package debugger_test

import (
	"context"
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
