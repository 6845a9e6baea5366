extends Resource
const Item2 = preload("item_2.gd")
@export var v0_22: Array[int] = [9, 2]
