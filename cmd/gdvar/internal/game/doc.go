// Package game is gdvar's commands that play games: gdvar debug (a game
// launched under the remote debugger, driven by a command language), gdvar
// mcp (the same as a Model Context Protocol server, which can record a
// session) and gdvar replay (a recorded session played again, every value
// checked). Each command is a function of its arguments and streams that
// returns its exit status, which gdvar's main dispatches to.
package game
