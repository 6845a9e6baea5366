extends Resource
const Item0 = preload("item_0.gd")
@export var v0_4: Item0
const Item1 = preload("item_1.gd")
@export var v1_10: Array[String] = ["a"]
@export var v2_64: Script = preload("res://item_1.gd")
