@icon("res://addons/MultiplayCore/icons/MPBase.svg")
@tool

extends Node
## Base for MultiPlay Nodes

class_name MPBase
