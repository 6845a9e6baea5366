extends Resource
const Item2 = preload("res://item_2.gd")
@export var v0_69: Script = preload("res://item_2.gd")
const Item1 = preload("item_1.gd")
@export var v1_60: PackedScene = preload("scene_0.tscn")
const Item0 = preload("item_0.gd")
@export var v2_22: Array[Item0]
@export var v3_84: PackedScene = preload("scene_0.tscn")
@export var v4_41: Array[int] = [5, 3]
@export var v5_95: Item2
