extends StaticBody2D

class_name Platform

func handle_hit():
	queue_free()
