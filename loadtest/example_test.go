package loadtest_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"github.com/gdvar/gdvar/loadtest"
	"github.com/gdvar/gdvar/project"
)

// Twenty bots play the synced-player game against its server for 30 s,
// each syncing its own player at 30 Hz, and the report is printed.
func ExampleRun() {
	p, err := project.Open("scripts/bench/players")
	if err != nil {
		log.Fatal(err)
	}
	sc, err := loadtest.ReadScenario(strings.NewReader(`{"tick_hz": 30, "own": "id"}`))
	if err != nil {
		log.Fatal(err)
	}
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		Project: p, Scenario: sc, Addr: "127.0.0.1:8910", Transport: "ws", Bots: 20, Duration: 30 * time.Second,
		Progress: func(s loadtest.Snapshot) { fmt.Fprintln(os.Stderr, loadtest.ProgressLine(s)) },
	})
	if err != nil {
		log.Fatal(err)
	}
	rep.WriteTable(os.Stdout)
}
