extends Resource
const Item0 = preload("res://item_0.gd")
@export var v0_54: Array[String] = ["a"]
const Item2 = preload("item_2.gd")
@export var v1_24: Item2
@export var v2_60: Array[String] = ["a"]
@export var v3_28: Item2
@export var v4_23: Script = preload("res://item_2.gd")
