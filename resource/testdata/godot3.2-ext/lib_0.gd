extends Resource
const P0_0 = preload("tex_0.tres")
export(Resource) var a0
export(Resource) var b0
export(Array) var c0 = []
