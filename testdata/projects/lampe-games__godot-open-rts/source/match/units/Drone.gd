extends "res://source/match/units/Unit.gd"
