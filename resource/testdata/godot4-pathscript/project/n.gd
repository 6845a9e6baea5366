extends Node

const S = preload("res://s.gd")

@export var items: Array[S] = []
