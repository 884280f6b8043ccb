package svc

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Sentinels for errors.Is: every error the client returns matches one of them.
var (
	ErrBadRequest      = errors.New("svc: bad request")
	ErrUnauthorized    = errors.New("svc: unauthorized")
	ErrForbidden       = errors.New("svc: forbidden")
	ErrDenied          = errors.New("svc: denied by policy")
	ErrNotFound        = errors.New("svc: not found")
	ErrConflict        = errors.New("svc: conflict")
	ErrGone            = errors.New("svc: gone")
	ErrRateLimited     = errors.New("svc: rate limited")
	ErrUnavailable     = errors.New("svc: unavailable")
	ErrServer          = errors.New("svc: server error")
	ErrNetwork         = errors.New("svc: server unreachable")
	ErrInvalidResponse = errors.New("svc: invalid response")
)

// Error is a failed request: the HTTP status (0 when no reply arrived), the server's stable
// error code and the raw body.
type Error struct {
	Method  string
	Path    string
	Status  int
	Code    string
	Message string
	Body    []byte
	kind    error
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %s: %s", e.Method, e.Path, e.Message)
}

// Is matches the sentinel of the error's kind.
func (e *Error) Is(target error) bool { return target == e.kind }

// DeniedError is returned by Guard when the policy says no (deny, or an ask that was not
// approved). errors.Is(err, ErrDenied) holds.
type DeniedError struct {
	Tool       string
	Decision   string
	Policy     string
	ApprovalID string
	Message    string
}

func (e *DeniedError) Error() string {
	if e.Decision == "ask" {
		return fmt.Sprintf("svc: %s: approval required (approval %s): %s", e.Tool, e.ApprovalID, e.Message)
	}
	return fmt.Sprintf("svc: %s: denied: %s", e.Tool, e.Message)
}

// Is makes errors.Is(err, ErrDenied) true.
func (e *DeniedError) Is(target error) bool { return target == ErrDenied }

func kindFor(status int) error {
	switch status {
	case 400:
		return ErrBadRequest
	case 401:
		return ErrUnauthorized
	case 403:
		return ErrForbidden
	case 404:
		return ErrNotFound
	case 409:
		return ErrConflict
	case 410:
		return ErrGone
	case 429:
		return ErrRateLimited
	case 503:
		return ErrUnavailable
	}
	if status >= 500 {
		return ErrServer
	}
	return ErrBadRequest
}

func errorFromReply(method, path string, status int, body []byte) *Error {
	var b struct {
		Error string `json:"error"`
		Code  string `json:"code"`
	}
	_ = json.Unmarshal(body, &b)
	msg := b.Error
	if msg == "" {
		msg = fmt.Sprintf("HTTP %d", status)
	}
	return &Error{Method: method, Path: path, Status: status, Code: b.Code, Message: msg, Body: body, kind: kindFor(status)}
}
