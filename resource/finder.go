package resource

// finder finds what a File's resources share, through one pass over them
// (a read, a save, a write): the external resources by ID and by path,
// their scripts' variables, their classes (a ShaderMaterial's, made of
// its shader's uniforms). What many resources share it finds or makes
// once a pass, however many share it, where looking it up for each
// resource would read it again for each (a scan of the externals, a
// shader's code, a script's variables). It keeps nothing between passes:
// the File may change between them.
type finder struct {
	f       *File
	exts    map[string]*External   // by ID, the first of an ID; once needed
	byPath  map[string]*External   // by path, the first of a path; once needed
	paths   map[string]string      // the paths by key (External.key), the first of a key; once needed
	scripts map[string]*scriptVars // by path
	walks   map[*scriptVars]*defaultsWalk
	shaderClasses
}

func (f *File) finder() *finder {
	return &finder{f: f, scripts: map[string]*scriptVars{}, shaderClasses: newShaderClasses()}
}

// external returns the file's external resource of an ID, or nil.
func (k *finder) external(id string) *External {
	if k.exts == nil {
		k.exts = make(map[string]*External, len(k.f.External))
		for _, x := range k.f.External {
			if _, ok := k.exts[x.ID]; !ok {
				k.exts[x.ID] = x
			}
		}
	}
	return k.exts[id]
}

// externalsByPath maps each external resource's path to it, the first
// where two share a path.
func (k *finder) externalsByPath() map[string]*External {
	if k.byPath == nil {
		k.byPath = make(map[string]*External, len(k.f.External))
		for _, x := range k.f.External {
			if _, ok := k.byPath[x.Path]; !ok {
				k.byPath[x.Path] = x
			}
		}
	}
	return k.byPath
}

// externalPaths maps each external resource's key to its path, the first
// of a key.
func (k *finder) externalPaths() map[string]string {
	if k.paths == nil {
		k.paths = make(map[string]string, len(k.f.External))
		for _, x := range k.f.External {
			if _, ok := k.paths[x.key()]; !ok {
				k.paths[x.key()] = x.Path
			}
		}
	}
	return k.paths
}

// addExternal adds x to the file's external resources, and to what the
// finder found of them.
func (k *finder) addExternal(x *External) {
	k.f.External = append(k.f.External, x)
	if _, ok := k.exts[x.ID]; k.exts != nil && !ok {
		k.exts[x.ID] = x
	}
	if _, ok := k.byPath[x.Path]; k.byPath != nil && !ok {
		k.byPath[x.Path] = x
	}
	if _, ok := k.paths[x.key()]; k.paths != nil && !ok {
		k.paths[x.key()] = x.Path
	}
}
