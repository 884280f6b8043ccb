package sdk

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	svc "github.com/svc-firewall/svc/sdk/go"
)

// target is where the SDK sends its calls.
type target struct {
	url   string
	token string
}

// URLFileName is the file in a data directory that NewSDK reads the server address from.
const URLFileName = "url"

// resolveConfig turns NewSDK's configPath into a server address and token.
//
//   - "" uses $SERVICE_URL (default http://127.0.0.1:9090) and the default token lookup.
//   - an http:// or https:// URL is the server address itself.
//   - a directory is svc's data directory: the admin token is its `token` file and the
//     address its `url` file (one line), else $SERVICE_URL, else the default.
//   - any other file is a URL file: its first line that is not blank or a # comment is the
//     address; a `token` file beside it is the token.
//
// $SERVICE_TOKEN, when set, wins over token files. A token from a file is only sent to a
// loopback or https address, so a URL file cannot send it across the network in clear text.
func resolveConfig(configPath string) (target, error) {
	t := target{token: os.Getenv("SERVICE_TOKEN")}
	p := strings.TrimSpace(configPath)
	if p == "" {
		return t, nil
	}
	if strings.HasPrefix(p, "http://") || strings.HasPrefix(p, "https://") {
		t.url = p
		return t, nil
	}
	info, err := os.Stat(p)
	if err != nil {
		return t, fmt.Errorf("svc: NewSDK(%q): %w (pass svc's data directory, a file holding the server URL, or the URL)", configPath, err)
	}
	tokenFile := ""
	if info.IsDir() {
		tokenFile = filepath.Join(p, "token")
		if b, err := os.ReadFile(filepath.Join(p, URLFileName)); err == nil {
			t.url = firstLine(b)
		}
	} else {
		switch strings.ToLower(filepath.Ext(p)) {
		case ".yaml", ".yml":
			return t, fmt.Errorf("svc: NewSDK(%q) is a policy file; svc evaluates policies in its server: run `svc serve --config %s` and pass its data directory or URL instead", configPath, p)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return t, fmt.Errorf("svc: NewSDK(%q): %w", configPath, err)
		}
		t.url = firstLine(b)
		if t.url == "" {
			return t, fmt.Errorf("svc: NewSDK(%q): the URL file holds no URL", configPath)
		}
		tokenFile = filepath.Join(filepath.Dir(p), "token")
	}
	if t.url == "" {
		t.url = os.Getenv("SERVICE_URL")
	}
	if t.url == "" {
		t.url = svc.DefaultURL
	}
	u, err := url.Parse(t.url)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return t, fmt.Errorf("svc: NewSDK(%q): %q is not an http or https URL", configPath, t.url)
	}
	if t.token == "" && (u.Scheme == "https" || loopback(u.Hostname())) {
		if b, err := os.ReadFile(tokenFile); err == nil {
			t.token = strings.TrimSpace(string(b))
		}
	}
	return t, nil
}

func firstLine(b []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line != "" && !strings.HasPrefix(line, "#") {
			return line
		}
	}
	return ""
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
