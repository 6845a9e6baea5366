extends "res://source/match/units/Structure.gd"
