// Package svctest starts a real `svc serve` for the Go tests: port 0, a temp data dir, a
// small policy. Tests skip when SVC_BIN (the path to bin/svc.js) is not set.
package svctest

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Policy is the policy the test server runs: one deny, one ask, everything else allowed.
const Policy = `version: "1"
default_action: allow
policies:
  - name: no-root-delete
    match: { tool: exec }
    rules:
      - action: deny
        message: "Deleting the filesystem root is blocked"
        when: { command_matches: ["rm -rf /"] }
  - name: push-needs-approval
    match: { tool: exec }
    rules:
      - action: ask
        message: "git push needs approval"
        when: { command_matches: ["git push**"] }
`

// Server is one running `svc serve`.
type Server struct {
	URL     string
	Token   string
	DataDir string
}

// Start runs the server and stops it when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := os.Getenv("SVC_BIN")
	if bin == "" {
		t.Skip("SVC_BIN (path to bin/svc.js) is not set; skipping tests against a real server")
	}
	dir := t.TempDir()
	cfg := filepath.Join(dir, "policy.yaml")
	if err := os.WriteFile(cfg, []byte(Policy), 0o600); err != nil {
		t.Fatal(err)
	}
	node := os.Getenv("NODE")
	if node == "" {
		node = "node"
	}
	cmd := exec.Command(node, bin, "serve", "--port", "0", "--data-dir", dir, "--config", cfg)
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SERVICE_TOKEN=") && !strings.HasPrefix(kv, "SERVICE_URL=") {
			env = append(env, kv)
		}
	}
	cmd.Env = env
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		re := regexp.MustCompile(`listening on (http://\S+)`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				ready <- m[1]
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	var url string
	select {
	case url = <-ready:
	case <-time.After(60 * time.Second): // generous: a loaded CI machine starts node slowly
		t.Fatal("svc serve did not become ready")
	}
	tok, err := os.ReadFile(filepath.Join(dir, "token"))
	if err != nil {
		t.Fatal(err)
	}
	return &Server{URL: url, Token: strings.TrimSpace(string(tok)), DataDir: dir}
}
