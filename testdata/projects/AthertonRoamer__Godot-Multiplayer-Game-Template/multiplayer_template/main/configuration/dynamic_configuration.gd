class_name DynamicConfiguration
#class for holding code to be run as part of config step

func dynamic_configure(_main : Main) -> void:
	pass
