extends Node2D

@onready var sequence_random: SequenceRandomComposite = %SequenceRandom
