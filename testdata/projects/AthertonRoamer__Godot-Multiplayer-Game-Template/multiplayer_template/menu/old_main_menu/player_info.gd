extends HBoxContainer

var id : int
var player_name : String

func _ready():
	$PlayerName.text = player_name
