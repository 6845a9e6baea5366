extends Resource

# The script of evil4.tres and evil3.tres: it says so when the engine runs it.
func _init():
	print("GDVAR_CODE_RAN res.gd")
