# Should only exist on clients application, i.e. player's game releases
extends Node


var user = ""
var session_token = ""
