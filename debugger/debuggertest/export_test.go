package debuggertest

import "testing"

// On is the game g as a test t sees it: its failures are t's.
func (g *Game) On(t testing.TB) *Game { return &Game{Game: g.Game, t: t, timeout: g.timeout} }
