extends Node

signal player_death(dead_player: CharacterBody3D)
signal ragdoll_cleanup(node_path)
