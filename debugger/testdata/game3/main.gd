extends Node2D

var counter = 0
export var speed = 1.5


func _ready():
	print("hello from main")
	push_error("an error")
	var n = Node.new()
	n.name = "Added"
	add_child(n)


func _process(_delta):
	counter += 1
