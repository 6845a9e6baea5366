extends Node
# A player's input, which its peer owns and syncs: a direction from -1
# to 1.

var direction := 0.0
