extends Node
# What the player's peer owns and syncs: where it goes, whether it
# fires, and the emote it shows. Its client sets them from its Input.

var direction := Vector2.ZERO
var firing := false
var emote := ""
