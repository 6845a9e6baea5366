extends Resource
const Item2 = preload("res://item_2.gd")
@export var v0_49: Script = preload("res://item_2.gd")
