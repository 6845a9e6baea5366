extends Resource
const Item2 = preload("res://item_2.gd")
@export var v0_96: Script = preload("res://item_2.gd")
const Item1 = preload("res://item_1.gd")
@export var v1_96: Array[Item1]
const Item0 = preload("item_0.gd")
@export var v2_60: PackedScene = preload("scene_0.tscn")
@export var v3_86: Item0
