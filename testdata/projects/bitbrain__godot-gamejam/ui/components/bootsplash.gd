class_name Bootsplash
extends Control
