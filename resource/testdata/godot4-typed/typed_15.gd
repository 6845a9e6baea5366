extends Resource
const Item0 = preload("item_0.gd")
@export var v0_2: Array[int] = [7, 2]
@export var v1_86: Array[String] = ["a"]
