extends Resource
const Item0 = preload("item_0.gd")
@export var v0_7: Array[Item0]
@export var v1_13: PackedScene = preload("scene_1.tscn")
@export var v2_87: Array[Item0]
const Item1 = preload("item_1.gd")
@export var v3_19: Array[String] = ["a"]
@export var v4_32: Array[Item1]
@export var v5_25: Array[String] = ["a"]
