package project

// Files returns the res:// path of each file of the project, in the order
// the walk of [Project.Classes] lists them: subfolders before files, each
// sorted without regard to case, hidden entries and folders holding
// .gdignore or their own project.godot left out, at most
// [Limits.MaxFiles] entries. The list is the Project's: it must not be
// changed.
func (p *Project) Files() ([]string, error) {
	idx, err := p.walk()
	if err != nil {
		return nil, err
	}
	return idx.files, nil
}
