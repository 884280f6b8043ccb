package sdk

import (
	"fmt"

	svc "github.com/svc-firewall/svc/sdk/go"
)

// ErrDenied is returned by a wrapped function when svc did not let the call run: a deny, an
// ask that was refused or expired, or (failing closed) a server that could not be asked.
type ErrDenied struct {
	// Tool is the policy class the call was checked as (e.g. "exec").
	Tool string
	// Policy names the policy that decided, when the server said which.
	Policy string
	// Message is the human-readable reason.
	Message string
	// Decision is deny, ask (approval refused, expired or not awaited) or unavailable.
	Decision string
	// ApprovalID is set when the call went to the approval queue.
	ApprovalID string
	// Err is the underlying failure when Decision is unavailable.
	Err error
}

func (e *ErrDenied) Error() string {
	if e.Policy != "" {
		return fmt.Sprintf("svc: %s %q by policy %q: %s", e.verb(), e.Tool, e.Policy, e.Message)
	}
	return fmt.Sprintf("svc: %s %q: %s", e.verb(), e.Tool, e.Message)
}

func (e *ErrDenied) verb() string {
	switch e.Decision {
	case "ask":
		return "not approved"
	case "unavailable":
		return "blocked (server unavailable)"
	}
	return "denied"
}

// Is makes errors.Is(err, svc.ErrDenied) hold.
func (e *ErrDenied) Is(target error) bool { return target == svc.ErrDenied }

// Unwrap exposes the network error behind a fail-closed refusal.
func (e *ErrDenied) Unwrap() error { return e.Err }
