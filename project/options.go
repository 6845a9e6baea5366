package project

// Limits bound what reading a project may take: a project is untrusted
// input (a mod's scripts, a downloaded project).
type Limits struct {
	// MaxFileBytes is the largest file read (a script, a scene,
	// project.godot).
	MaxFileBytes int64
	// MaxFiles is the most folder entries a project walk lists, and the
	// most nodes a scene's [Project.Tree] holds with its instances'.
	MaxFiles int
	// MaxDepth is the most brackets, blocks and types a script nests, the
	// deepest folder a walk enters, the most scripts a chain of bases
	// goes through and the most instances a scene's [Project.Tree] nests.
	MaxDepth int
	// TreeBytesPerByte is what a scene's [Project.Tree] may hold for each
	// byte of the scenes it reads, beyond 320 KiB, each node counted at its
	// path's bytes and 256 more: a scene instanced n times is made n times,
	// so that a few bytes of scenes could ask for millions of nodes. The
	// trees of a [Project.RunningTree] share one such budget. The
	// default, 16, lets about 1 000 nodes, and one more for each 17 bytes
	// of scenes: the corpus's largest, a level instancing a small scene
	// 61 times, each with a 28-node sound manager (1 850 nodes from 18 KB
	// of scenes), takes 14.4; a level that instances more from fewer
	// lines may need more. It bounds alike what a Project keeps of its
	// files, against the bytes of all it read, beyond 128 KiB: the lists
	// of stored variables [Project.StoredProperties] makes, each of its
	// script's whole chain, and the strings and Arrays its constants and
	// defaults fold to.
	TreeBytesPerByte int64
}

// DefaultLimits are the limits without [WithLimits]: 16 MiB files, 100 000
// entries, depth 256, 16 bytes of tree a byte of scene.
func DefaultLimits() Limits {
	return Limits{MaxFileBytes: 16 << 20, MaxFiles: 100_000, MaxDepth: 256, TreeBytesPerByte: 16}
}

// An Option changes how a project is read.
type Option func(*settings)

type settings struct{ limits Limits }

// WithLimits sets the limits; a zero field keeps its default.
func WithLimits(l Limits) Option {
	return func(s *settings) {
		d := DefaultLimits()
		if l.MaxFileBytes <= 0 {
			l.MaxFileBytes = d.MaxFileBytes
		}
		if l.MaxFiles <= 0 {
			l.MaxFiles = d.MaxFiles
		}
		if l.MaxDepth <= 0 {
			l.MaxDepth = d.MaxDepth
		}
		if l.TreeBytesPerByte <= 0 {
			l.TreeBytesPerByte = d.TreeBytesPerByte
		}
		s.limits = l
	}
}

func options(opts []Option) settings {
	s := settings{limits: DefaultLimits()}
	for _, o := range opts {
		o(&s)
	}
	return s
}
