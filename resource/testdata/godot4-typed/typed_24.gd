extends Resource
const Item2 = preload("res://item_2.gd")
@export var v0_11: Item2
@export var v1_45: Item2
