extends "lib_0.gd"
const P4_0 = preload("lib_3.gd")
const P4_1 = preload("tex_2.tres")
const P4_2 = preload("tex_0.tres")
export(Resource) var a4
export(Resource) var b4
export(Array) var c4 = []
