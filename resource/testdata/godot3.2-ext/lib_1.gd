extends Resource
const P1_0 = preload("lib_0.gd")
export(Resource) var a1
export(Resource) var b1
export(Array) var c1 = []
