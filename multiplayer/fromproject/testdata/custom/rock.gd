# A rock of the custom spawn test: its size comes from the spawn's data.
extends Node2D

var size := 0
