extends Node

var score := 10


func ping() -> String:
	return "pong"
