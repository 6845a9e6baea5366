extends Resource
const Item0 = preload("item_0.gd")
@export var v0_86: Array[String] = ["a"]
const Item1 = preload("res://item_1.gd")
@export var v1_99: Array[String] = ["a"]
@export var v2_21: Item0
