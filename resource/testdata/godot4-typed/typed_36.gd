extends Resource
const Item0 = preload("item_0.gd")
@export var v0_35: PackedScene = preload("scene_0.tscn")
const Item2 = preload("item_2.gd")
@export var v1_80: Script = preload("res://item_2.gd")
@export var v2_22: PackedScene = preload("scene_1.tscn")
