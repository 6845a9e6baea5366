class_name InstanceLauncher

func launch_instance(args : Array[String]) -> void:
	OS.create_instance(args)
