package game

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gdvar/gdvar/debugger"
)

// gdvar debug runs at most maxGames games at once, as gdvar mcp does: a
// launch of another name is refused before anything starts, naming them.
func TestDebugGamesBounded(t *testing.T) {
	d := &debugGames{games: map[string]*debugger.Game{}}
	for i := range maxGames {
		d.games[fmt.Sprintf("g%d", i)] = &debugger.Game{}
	}
	err := d.launch("one more", nil)
	assert.EqualError(t, err, "8 games are running (g0, g1, g2, g3, g4, g5, g6, g7): quit one first")
	assert.Len(t, d.games, maxGames)
}
