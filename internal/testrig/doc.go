// Package testrig holds, in its packages, what the module's tests and
// benchmarks run on and nothing ships: the real engines (godot), the
// engine-made vectors (golden), hostile inputs (hostile), the game-state
// payload (gamestate), CPU time (cputime), jq 1.6's numbers (jq16), the
// multiplayer cases (mpcases) and a faulty UDP proxy (udpproxy). The
// production packages under internal/ stand beside it; no package's code
// but a test's imports a rig (layout_test.go checks).
package testrig
