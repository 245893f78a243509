package e2e

import (
	"strings"
	"testing"

	"gpufn/examples"
)

// Issue 16, item 7: byte quotas per tenant. Stored libraries beyond --tenant-storage-bytes are
// refused 413 storage_quota; queued inputs beyond --tenant-queue-bytes 429 queue_quota (while
// another tenant still queues); an access list of 10 MiB 413 access_too_large. The storage
// quota of 36 KiB holds testkernels (11.5 KiB of PTX; on CUDA 33 KiB with the cubin compiled at
// upload) but not mlops beside it (29 KiB of PTX; on CUDA 69 KiB with its cubin).
func TestByteQuotas(t *testing.T) {
	s := start(t, "--tokens", writeTokens(t, ""), "--engine", "sequential", "--inline=false",
		"--tenant-storage-bytes", "36KiB", "--tenant-queue-bytes", "11MiB", "--max-body-bytes", "11MiB")
	s.admin = opsTok
	alice, bob := s.as(aliceTok), s.as(bobTok)
	expect(t, "a library within the quota", alice.do("PUT", "/v1/libraries/testkernels", "", examples.MustPTX("testkernels")), 201, "")
	expect(t, "a library beyond the quota", alice.do("PUT", "/v1/libraries/mlops", "", examples.MustPTX("mlops")), 413, "storage_quota")
	if a := alice.do("GET", "/v1/libraries/mlops", "", nil); a.status != 404 {
		t.Fatalf("the refused library was kept: %d", a.status)
	}
	expect(t, "fn", alice.do("PUT", "/v1/functions/work", "application/json", config("spin_ns", "", `"X"`, `{"Constant": 1000}`, "X")), 201, "")
	expect(t, "shared", alice.do("PUT", "/v1/functions/work/access", "application/json", []byte(`{"tenants": ["bob"]}`)), 200, "")

	big := strings.Repeat(`"tenant-xx", `, 800_000) // 10 MB
	expect(t, "a 10 MiB access list", alice.do("PUT", "/v1/functions/work/access", "application/json", []byte(`{"tenants": [`+big+`"last"]}`)), 413, "access_too_large")

	// The one worker is stopped: the first invocation holds it, the next ones queue.
	cont := s.stopWorkers()
	body := func() []byte {
		b, _ := msgpackMarshal(map[string][]byte{"X": make([]byte, 4<<20)})
		return b
	}()
	answers := make(chan answer, 8)
	send := func(c *client, path string, busy, queued int) {
		go func() { answers <- c.do("POST", path, "application/msgpack", body) }()
		waitFor(t, "the invocation admitted", func() bool {
			e := s.engines()[0]
			return e.Busy == busy && e.Queued == queued
		})
	}
	send(alice, "/v1/functions/work/invoke", 1, 0)
	send(alice, "/v1/functions/work/invoke", 1, 1)
	send(alice, "/v1/functions/work/invoke", 1, 2) // 8 MiB of alice's inputs queued
	expect(t, "alice beyond her queued bytes", alice.do("POST", "/v1/functions/work/invoke", "application/msgpack", body), 429, "queue_quota")
	send(bob, "/v1/tenants/alice/functions/work/invoke", 1, 3) // bob's own quota
	cont()
	for i := 0; i < 4; i++ {
		if a := <-answers; a.status != 200 || len(a.outputs["X"]) != 4<<20 {
			t.Fatalf("a queued invocation: %d %s %s", a.status, a.code, a.message)
		}
	}
}
