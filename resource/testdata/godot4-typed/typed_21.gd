extends Resource
const Item0 = preload("res://item_0.gd")
@export var v0_90: Script = preload("res://item_0.gd")
const Item1 = preload("item_1.gd")
@export var v1_72: PackedScene = preload("scene_0.tscn")
const Item2 = preload("res://item_2.gd")
@export var v2_98: Script = preload("res://item_2.gd")
@export var v3_4: Array[int] = [6, 5]
@export var v4_23: Item2
