extends Node

var events: Array[String] = []


func _process(_delta: float) -> void:
	pass


func _input(event: InputEvent) -> void:
	events.append(event.as_text())
