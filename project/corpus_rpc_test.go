package project

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gdvar/gdvar/internal/testrig/godot"
	"github.com/gdvar/gdvar/resource"
	"github.com/gdvar/gdvar/vartext"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateCorpusRPC = flag.Bool("update-corpus-rpc", false, "TestLiveCorpusRPCConfig: run every corpus project and rewrite "+corpusRPCGolden+" (scripts/gen-corpus-rpc.sh)")

// corpusRPCGolden holds get_rpc_config() of every GDScript of the corpus
// that holds "@rpc", as Godot 4.6.3 gives it: ">>>FOLDER\tres://path",
// the var_to_str text or REFUSED, "<<<".
const corpusRPCGolden = "testdata/corpus_rpc.txt"

// corpusRPCKnown are the scripts of the corpus whose config the reader
// gives where Godot 4.6.3 refuses the script, and why.
var corpusRPCKnown = map[string]string{
	"jamonholmgren__jammin_lobby\tres://addons/jammin_lobby/Lobby/Lobby.gd": "its base, Base.gd, names Perf in a function body, which no script declares (so on a full checkout too): the reader does not check bodies",
	// On a full checkout at the manifest's commit the engine gives the
	// reader's config, byte for byte (checked by hand, 2026-11-27).
	"maji-git__multiplay-core\tres://addons/MultiplayCore/MultiPlay.gd":                         "it preloads debug_ui.tscn, whose font (fonts/VictorMono-Medium.ttf) the corpus does not keep and corpusCopy has no stand-in for: the scene, then the script, do not load; the reader does not load what a script preloads",
	"Skeats__easy-peasy-multiplayer\tres://addons/easy_peasy_multiplayer/networking/network.gd": "it names Steam, the GodotSteam extension's singleton (network.gd:163, a parameter's type), and its autoload SteamInfo does too: the extension's binaries are not kept, so on a stock engine it does not compile; the reader does not check the types a body or a signature names",
}

// corpusStubClasses are the classes of extensions the corpus cuts
// (manifest.tsv) that its @rpc scripts name, by project, with the engine
// class each stands in for: the engine's copy of the project declares
// each as a global class, as the extension would, so that the script
// compiles as on a full checkout.
var corpusStubClasses = map[string]map[string]string{
	"elixs__Tutorial-CC5409-Primavera-2025": {"BTPlayer": "Node"}, // LimboAI, in the cut addons/
}

// corpusRPCScripts returns the res:// paths of a project's GDScripts that
// hold "@rpc", in name order.
func corpusRPCScripts(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && name != dir {
			if _, serr := os.Stat(filepath.Join(name, "project.godot")); serr == nil {
				return filepath.SkipDir // a project of its own
			}
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(name, ".gd") {
			return err
		}
		src, err := os.ReadFile(name)
		if err == nil && bytes.Contains(src, []byte("@rpc")) {
			rel, _ := filepath.Rel(dir, name)
			out = append(out, "res://"+filepath.ToSlash(rel))
		}
		return err
	})
	require.NoError(t, err)
	slices.Sort(out)
	return out
}

// readerRPCConfig is what gdvar rpc-config prints for a script, or
// REFUSED.
func readerRPCConfig(t *testing.T, p *Project, res string) string {
	t.Helper()
	r, err := p.Resolve(res)
	if err != nil {
		return "REFUSED"
	}
	text, err := vartext.Marshal(RPCConfig(r.RPCs()))
	require.NoError(t, err)
	return string(text)
}

// Every GDScript of the corpus holding @rpc gives the RPC config Godot
// 4.6.3 gives (corpusRPCGolden), byte for byte, but those of
// corpusRPCKnown, which the engine refuses for what the reader does not
// read.
func TestCorpusRPCConfig(t *testing.T) {
	golden, err := os.ReadFile(corpusRPCGolden)
	require.NoError(t, err)
	want := engineAnswers(string(golden))
	require.Equal(t, len(want), bytes.Count(golden, []byte("\n>>>")), "each script once in the golden file")
	same, seen := 0, 0
	for _, dir := range corpusProjects(t) {
		folder, err := filepath.Rel(corpus, dir)
		require.NoError(t, err)
		folder = filepath.ToSlash(folder)
		scripts := corpusRPCScripts(t, dir)
		if len(scripts) == 0 {
			continue
		}
		p, err := Open(dir)
		require.NoError(t, err)
		for _, res := range scripts {
			key := folder + "\t" + res
			seen++
			w, ok := want[key]
			if !assert.True(t, ok, "%s has no golden answer: run scripts/gen-corpus-rpc.sh", key) {
				continue
			}
			got := readerRPCConfig(t, p, res)
			if why, known := corpusRPCKnown[key]; known {
				assert.Equal(t, "REFUSED", w, "%s: the engine no longer refuses it (%s)", key, why)
				assert.NotEqual(t, "REFUSED", got, "%s: the reader now refuses it too (%s)", key, why)
				continue
			}
			if assert.Equal(t, w, got, key) {
				same++
			}
		}
	}
	assert.Equal(t, len(want), seen, "the golden file answers for scripts the corpus no longer holds")
	t.Logf("%d of %d @rpc scripts give Godot 4.6.3's config, %d refused by the engine for what the reader does not read", same, seen, len(corpusRPCKnown))
}

// TestLiveCorpusRPCConfig has Godot 4.6 run a copy of some corpus
// projects (corpusCopy), three picked at random a run, with a main scene
// that prints the config of each of their @rpc scripts, and checks it
// against corpusRPCGolden. With -update-corpus-rpc it runs every project and
// rewrites that file.
func TestLiveCorpusRPCConfig(t *testing.T) {
	engine := godot.Require(t, godot.Godot4)
	var folders []string
	for _, dir := range corpusProjects(t) {
		if len(corpusRPCScripts(t, dir)) > 0 {
			folder, err := filepath.Rel(corpus, dir)
			require.NoError(t, err)
			folders = append(folders, filepath.ToSlash(folder))
		}
	}
	if !*updateCorpusRPC {
		r := rand.New(rand.NewPCG(uint64(godot.Seed(t, "GDVAR_CORPUS_SEED")), 53))
		r.Shuffle(len(folders), func(i, j int) { folders[i], folders[j] = folders[j], folders[i] })
		folders = folders[:3]
	}
	var golden strings.Builder
	golden.WriteString("# get_rpc_config() of each GDScript of testdata/projects holding \"@rpc\", as Godot 4.6.3\n" +
		"# gives it, run as the main scene of a copy of its project (project/corpus_rpc_test.go).\n" +
		"# Made by scripts/gen-corpus-rpc.sh; do not edit.\n")
	want := map[string]string{}
	if !*updateCorpusRPC {
		text, err := os.ReadFile(corpusRPCGolden)
		require.NoError(t, err)
		want = engineAnswers(string(text))
	}
	for _, folder := range folders {
		dir := filepath.Join(corpus, filepath.FromSlash(folder))
		scripts := corpusRPCScripts(t, dir)
		copyDir := corpusCopy(t, folder)
		list, answers := writeList(t, scripts), filepath.Join(t.TempDir(), "answers.txt")
		godot.StartWith(t, engine, "--path", copyDir, "--import").Wait(t)
		godot.StartWith(t, engine, "--path", copyDir, "res://__gdvar_rpc.tscn", "--", list, answers).Wait(t)
		out, err := os.ReadFile(answers)
		require.NoError(t, err)
		got := engineAnswers(string(out))
		require.Len(t, got, len(scripts), "%s: the engine answered for every script", folder)
		for _, res := range scripts {
			key := folder + "\t" + res
			if *updateCorpusRPC {
				golden.WriteString(">>>" + key + "\n" + got[res] + "\n<<<\n")
			} else {
				assert.Equal(t, want[key], got[res], key)
			}
		}
	}
	if *updateCorpusRPC && !t.Failed() {
		require.NoError(t, os.WriteFile(corpusRPCGolden, []byte(golden.String()), 0o644))
	}
}

// corpusCopy copies a corpus project to a new folder for the engine to
// run, with what its scripts need that the corpus does not keep: a stub
// of each file the project's scenes, resources and preloads name that is
// not kept (a 1×1 PNG for an image, a silent WAV, an empty binary
// resource of the class the reference gives for a mesh or a resource),
// the global classes of corpusStubClasses, and the main scene running
// scripts/project/corpus_rpc.gd.
func corpusCopy(t *testing.T, folder string) string {
	t.Helper()
	src := filepath.Join(corpus, filepath.FromSlash(folder))
	dst := filepath.Join(t.TempDir(), "project")
	err := filepath.WalkDir(src, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, name)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(name)
		if err == nil {
			err = os.WriteFile(filepath.Join(dst, rel), data, 0o644)
		}
		return err
	})
	require.NoError(t, err)
	for path, class := range missingReferences(t, dst) {
		stubFile(t, dst, path, class)
	}
	for name, base := range corpusStubClasses[folder] {
		stub := fmt.Sprintf("# A stand-in for the extension's class, which the corpus does not keep.\nclass_name %s\nextends %s\n", name, base)
		require.NoError(t, os.MkdirAll(filepath.Join(dst, "__gdvar_stubs"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dst, "__gdvar_stubs", name+".gd"), []byte(stub), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dst, "__gdvar_rpc.gd"), []byte(harness(t, "project", "corpus_rpc.gd")), 0o644))
	scene := "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://__gdvar_rpc.gd\" id=\"1\"]\n\n[node name=\"Probe\" type=\"Node\"]\nscript = ExtResource(\"1\")\n"
	require.NoError(t, os.WriteFile(filepath.Join(dst, "__gdvar_rpc.tscn"), []byte(scene), 0o644))
	return dst
}

// References in a project's files: an [ext_resource]'s type and path, a
// preload's path.
var (
	extResourceRef = regexp.MustCompile(`\[ext_resource [^\]]*?type="([^"]+)"[^\]]*?path="(res://[^"]+)"`)
	preloadRef     = regexp.MustCompile(`preload\("(res://[^"]+)"\)`)
)

// missingReferences returns the res:// paths a project's scenes,
// resources and scripts refer to that it does not hold, each with the
// class the reference gives, if any.
func missingReferences(t *testing.T, dir string) map[string]string {
	t.Helper()
	missing := map[string]string{}
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !slices.Contains([]string{".tscn", ".tres", ".gd"}, filepath.Ext(name)) {
			return err
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		refs := map[string]string{}
		for _, m := range extResourceRef.FindAllSubmatch(data, -1) {
			refs[string(m[2])] = string(m[1])
		}
		for _, m := range preloadRef.FindAllSubmatch(data, -1) {
			refs[string(m[1])] += ""
		}
		for path, class := range refs {
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(path, "res://")))); err != nil {
				missing[path] = class
			}
		}
		return nil
	})
	require.NoError(t, err)
	return missing
}

// stubFile writes, in a project's folder, a stand-in for a file the
// corpus does not keep, where one is easy to make: an image, a sound, a
// binary resource of a class.
func stubFile(t *testing.T, dir, path, class string) {
	t.Helper()
	name := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(path, "res://")))
	var data []byte
	switch strings.ToLower(filepath.Ext(name)) {
	case ".png":
		var b bytes.Buffer
		require.NoError(t, png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1))))
		data = b.Bytes()
	case ".wav": // 16-bit mono PCM, one silent sample
		data = []byte("RIFF&\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x44\xac\x00\x00\x88\x58\x01\x00\x02\x00\x10\x00data\x02\x00\x00\x00\x00\x00")
	case ".mesh", ".res":
		if class == "" {
			return
		}
		f, err := resource.NewFile(class)
		require.NoError(t, err)
		f.Path = path
		data, err = f.AppendBinary(nil)
		require.NoError(t, err)
	default:
		return
	}
	require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
	require.NoError(t, os.WriteFile(name, data, 0o644))
}
