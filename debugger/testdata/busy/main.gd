extends Node

var frames := 0
var total := 0


func _process(_delta: float) -> void:
	var sum := 0
	for i in 20000:
		sum += i
	total = sum
	frames += 1
