extends "res://source/match/players/Player.gd"
