// Package loadtest load-tests a Godot 4 game's server: bots join it as
// clients of the game read from its project (fromproject), play a
// scenario (calls at a rate, answers awaited, leaves), and measure what
// they receive against what the game's synchronizers promise. Run runs
// one machine's bots, or one segment of a run split over machines, whose
// results files Merge joins into one Report; a Report's Summary is what a
// Go test asserts on, and its verdict holds the run to Thresholds. gdvar
// load is this package's command (docs/load.md).
package loadtest
