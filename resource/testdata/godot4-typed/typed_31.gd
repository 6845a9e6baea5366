extends Resource
const Item1 = preload("res://item_1.gd")
@export var v0_96: Script = preload("res://item_1.gd")
@export var v1_76: PackedScene = preload("scene_0.tscn")
@export var v2_13: Item1
@export var v3_40: Array[Item1]
const Item0 = preload("res://item_0.gd")
@export var v4_91: Item0
