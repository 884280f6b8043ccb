package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/svc-firewall/svc/sdk/go/internal/svctest"
)

// The exported names agent code written for in-process Go policy SDKs uses. The example may
// use nothing else from the package, so that such code compiles by changing its import path.
var dropInSurface = map[string]bool{
	"NewSDK": true, "SDK": true, "Wrap": true, "Preflight": true, "ToolFunc": true,
	"PreflightResult": true, "Allowed": true, "Action": true, "Message": true, "Policies": true, "EvalTime": true,
	"ErrDenied": true, "Tool": true, "Policy": true, "Error": true,
	"AgentKey": true, "SessionKey": true,
}

func TestExampleUsesOnlyTheDropInSurface(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: exportImporter(t, fset)}
	if _, err := conf.Check("main", fset, []*ast.File{f}, info); err != nil {
		t.Fatalf("type-checking the example: %v", err)
	}
	used := map[string]bool{}
	for id, obj := range info.Uses {
		if obj.Pkg() != nil && strings.HasSuffix(obj.Pkg().Path(), "/sdk/go/sdk") && obj.Exported() {
			used[id.Name] = true
		}
	}
	for name := range used {
		if !dropInSurface[name] {
			t.Errorf("the example uses sdk.%s, which code written for other Go policy SDKs would not have", name)
		}
	}
	for _, must := range []string{"NewSDK", "Wrap", "Preflight", "ErrDenied", "AgentKey", "SessionKey", "ToolFunc"} {
		if !used[must] {
			t.Errorf("the example does not exercise %s", must)
		}
	}
}

// exportImporter reads compiled export data from the build cache (`go list -export`), which is
// much faster than type-checking every dependency from source.
func exportImporter(t *testing.T, fset *token.FileSet) types.Importer {
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}={{.Export}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	files := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if path, file, ok := strings.Cut(line, "="); ok && file != "" {
			files[path] = file
		}
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := files[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
}

func TestExampleAgainstServer(t *testing.T) {
	s := svctest.Start(t)
	if err := os.WriteFile(filepath.Join(s.DataDir, "url"), []byte(s.URL+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "wrap")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	run := func(command string) (string, int) {
		cmd := exec.Command(bin, s.DataDir, command)
		cmd.Env = append(os.Environ(), "SERVICE_TOKEN=", "SERVICE_URL=")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	out, code := run("git status")
	if code != 0 || !strings.Contains(out, "preflight: allow") || !strings.Contains(out, "ran: git status") {
		t.Fatalf("allowed command: exit %d\n%s", code, out)
	}
	out, code = run("rm -rf /")
	if code != 1 || !strings.Contains(out, "preflight: deny") || !strings.Contains(out, `refused: tool exec, policy "no-root-delete"`) || strings.Contains(out, "ran:") {
		t.Fatalf("denied command: exit %d\n%s", code, out)
	}
}
