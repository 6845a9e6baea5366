extends "lib_0.gd"
export(Resource) var a2
export(Resource) var b2
export(Array) var c2 = []
