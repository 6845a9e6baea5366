extends Node

var lines: Array[String] = []


# Any peer's line is kept, whoever sent it and however long.
@rpc("any_peer", "reliable")
func say(text: String) -> void:
	lines.append(text)
