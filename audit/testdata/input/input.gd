extends Node
# What the player's peer owns and syncs: where it goes, whether it
# fires, the emote it shows, where it aims. Its client sets them from
# its Input.

var direction := Vector2.ZERO
var firing := false
var emote := ""
var aim := Vector2.ZERO
