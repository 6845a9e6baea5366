extends Resource
const Item0 = preload("res://item_0.gd")
@export var v0_93: Script = preload("res://item_0.gd")
@export var v1_44: PackedScene = preload("scene_1.tscn")
@export var v2_19: Script = preload("res://item_0.gd")
