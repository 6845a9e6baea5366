# A script class, the type of some of main.gd's parameters, which it
# preloads.
extends Node
