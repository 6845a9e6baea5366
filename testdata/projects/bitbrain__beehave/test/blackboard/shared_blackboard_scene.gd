extends Node2D


@onready var blackboard = %Blackboard
@onready var beehave_tree_1 = %BeehaveTree1
@onready var beehave_tree_2 = %BeehaveTree2
