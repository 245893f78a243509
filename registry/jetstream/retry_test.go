package jetstream

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/nats-io/nats.go"
)

// A request that no server took is asked again until it is taken or the context ends; any
// other error (a timeout: the request may have been applied) is answered at once.
func TestRetryNoResponders(t *testing.T) {
	tries := 0
	err := retry(context.Background(), func() error {
		tries++
		if tries < 3 {
			return fmt.Errorf("get: %w", nats.ErrNoResponders)
		}
		return nil
	})
	if err != nil || tries != 3 {
		t.Fatalf("no responders twice, then taken: %v after %d tries, want nil after 3", err, tries)
	}

	tries = 0
	err = retry(context.Background(), func() error { tries++; return context.DeadlineExceeded })
	if !errors.Is(err, context.DeadlineExceeded) || tries != 1 {
		t.Fatalf("a timeout: %v after %d tries, want it answered after 1", err, tries)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 5*retryWait)
	defer cancel()
	tries = 0
	err = retry(ctx, func() error { tries++; return nats.ErrNoResponders })
	if !errors.Is(err, nats.ErrNoResponders) || tries < 2 || ctx.Err() == nil {
		t.Fatalf("no responders until the context ends: %v after %d tries, context ended %v", err, tries, ctx.Err() != nil)
	}
}
