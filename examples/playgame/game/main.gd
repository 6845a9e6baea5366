extends Node2D

var score := 0


func _process(_delta: float) -> void:
	pass


func hit(points: int) -> int:
	score += points
	print("hit for ", points)
	return score
