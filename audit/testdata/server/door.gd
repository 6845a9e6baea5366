extends Node
# Its authority is the last peer that joined (main.gd): that peer opens it.

var opened := false


@rpc("authority", "reliable")
func open() -> void:
	opened = true
