package svc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// MaxEventBytes bounds one SSE message.
const MaxEventBytes = 4 << 20

// EventStream is the live stream of GET /v1/events/stream. Call Next until it returns an
// error (io.EOF when the server closes the stream), and Close when done.
type EventStream struct {
	body   io.ReadCloser
	r      *bufio.Reader
	cancel context.CancelFunc
}

// Events opens the live event stream. The connection lives until ctx ends or Close.
func (c *Client) Events(ctx context.Context) (*EventStream, error) {
	ctx, cancel := context.WithCancel(ctx)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/v1/events/stream", nil)
	if err != nil {
		cancel()
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream")
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	// Only the wait for the response headers is bounded; the stream itself is long-lived.
	timer := time.AfterFunc(c.timeout, cancel)
	res, err := c.http.Do(req)
	timer.Stop()
	if err != nil {
		cancel()
		return nil, &Error{Method: "GET", Path: "/v1/events/stream", Message: fmt.Sprintf("svc server unreachable at %s (%v)", c.base, err), kind: ErrNetwork}
	}
	if res.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
		res.Body.Close()
		cancel()
		return nil, errorFromReply("GET", "/v1/events/stream", res.StatusCode, body)
	}
	return &EventStream{body: res.Body, r: bufio.NewReaderSize(res.Body, 64<<10), cancel: cancel}, nil
}

// Next returns the next message.
func (s *EventStream) Next() (*StreamEvent, error) {
	var data []string
	size := 0
	for {
		line, err := s.readLine()
		if err != nil {
			return nil, err
		}
		if line == "" {
			if len(data) == 0 {
				continue
			}
			raw := strings.Join(data, "\n")
			var ev StreamEvent
			if err := json.Unmarshal([]byte(raw), &ev); err != nil {
				return nil, &Error{Method: "GET", Path: "/v1/events/stream", Message: "event is not JSON: " + err.Error(), Body: []byte(raw), kind: ErrInvalidResponse}
			}
			ev.Raw = json.RawMessage(raw)
			return &ev, nil
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value := line, ""
		if i := strings.IndexByte(line, ':'); i >= 0 {
			field, value = line[:i], strings.TrimPrefix(line[i+1:], " ")
		}
		if field != "data" {
			continue
		}
		size += len(value)
		if size > MaxEventBytes {
			return nil, &Error{Method: "GET", Path: "/v1/events/stream", Message: "event too large", kind: ErrInvalidResponse}
		}
		data = append(data, value)
	}
}

func (s *EventStream) readLine() (string, error) {
	var sb strings.Builder
	for {
		chunk, isPrefix, err := s.r.ReadLine()
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return "", io.EOF
			}
			return "", err
		}
		sb.Write(chunk)
		if sb.Len() > MaxEventBytes {
			return "", &Error{Method: "GET", Path: "/v1/events/stream", Message: "line too long", kind: ErrInvalidResponse}
		}
		if !isPrefix {
			return sb.String(), nil
		}
	}
}

// Close ends the stream.
func (s *EventStream) Close() error {
	s.cancel()
	return s.body.Close()
}
