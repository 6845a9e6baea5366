// Package testrig holds, in its packages, what the module's tests and
// benchmarks run on and nothing ships: the real engines (godot), the
// engine-made vectors (golden), hostile inputs (hostile), the game-state
// payload (gamestate), CPU time (cputime), jq 1.6's numbers (jq16), the
// multiplayer cases (mpcases), a corpus game's server as gdvar server-skeleton writes it (skeleton), a real
// Prometheus server (promserver), the check of a package's map of its
// files (filemap) and a testing.TB that records what a helper says
// (tbrecorder). The production packages under internal/ stand beside
// it; no package's code but a test's imports a rig (layout_test.go
// checks).
package testrig
