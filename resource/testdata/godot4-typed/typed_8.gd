extends Resource
const Item1 = preload("res://item_1.gd")
@export var v0_90: Array[String] = ["a"]
const Item0 = preload("res://item_0.gd")
@export var v1_11: Script = preload("res://item_0.gd")
@export var v2_49: Array[String] = ["a"]
@export var v3_66: PackedScene = preload("scene_0.tscn")
const Item2 = preload("item_2.gd")
@export var v4_60: Script = preload("res://item_2.gd")
