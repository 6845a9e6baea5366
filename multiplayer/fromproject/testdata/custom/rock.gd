# A rock of the custom spawn test: its size comes from the spawn's data,
# and its Chipper, a spawner with no scenes, builds chips named by theirs.
extends Node2D

const CHIP := preload("res://chip.tscn")

var size := 0


func _ready() -> void:
	$Chipper.spawn_function = _make_chip


func _make_chip(data: String) -> Node:
	var c := CHIP.instantiate()
	c.name = data
	return c
