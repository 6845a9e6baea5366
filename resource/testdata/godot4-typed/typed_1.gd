extends Resource
const Item2 = preload("res://item_2.gd")
@export var v0_2: Array[String] = ["a"]
const Item0 = preload("item_0.gd")
@export var v1_27: Script = preload("res://item_0.gd")
@export var v2_80: Item0
