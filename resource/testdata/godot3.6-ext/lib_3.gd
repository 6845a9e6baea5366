extends Resource
const P3_0 = preload("lib_0.gd")
export(Resource) var a3
export(Resource) var b3
export(Array) var c3 = []
