class_name Output

func put(m) -> void:
	print(str(m))
