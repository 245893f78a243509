package netspin

import (
	"testing"
	"time"
)

// No more reads spin at once than the limiter has slots; the others read as net.Conn does.
func TestSlots(t *testing.T) {
	l := NewLimiter(2)
	if !l.Acquire() || !l.Acquire() {
		t.Fatal("two slots: the first two reads may spin")
	}
	if l.Acquire() {
		t.Fatal("a third read spins with two slots")
	}
	l.Release()
	if !l.Acquire() {
		t.Fatal("a slot given back is not taken again")
	}
	if n := l.Active(); n != 2 {
		t.Fatalf("%d spinners; want 2", n)
	}
	if s, r, p := l.Spins(), l.Refused(), l.Peak(); s != 3 || r != 1 || p != 2 {
		t.Fatalf("spins %d, refused %d, peak %d; want 3, 1, 2", s, r, p)
	}
}

// A limiter has at least one slot, and no budget (no spinning) until one is set; a negative
// budget is none.
func TestLimiterDefaults(t *testing.T) {
	for _, n := range []int{-1, 0, 1} {
		if m := NewLimiter(n).Max(); m != 1 {
			t.Errorf("NewLimiter(%d): %d slots; want 1", n, m)
		}
	}
	if m := NewLimiter(7).Max(); m != 7 {
		t.Errorf("NewLimiter(7): %d slots", m)
	}
	l := NewLimiter(1)
	if b := l.Budget(); b != 0 {
		t.Errorf("budget %v before SetBudget", b)
	}
	l.SetBudget(50 * time.Microsecond)
	if b := l.Budget(); b != 50*time.Microsecond {
		t.Errorf("budget %v", b)
	}
	l.SetBudget(-time.Second)
	if b := l.Budget(); b != 0 {
		t.Errorf("budget %v after a negative one", b)
	}
}

// A shut gate keeps reads from spinning (counted as gated, not refused), whatever the free
// slots; an open one and no gate let them take a slot.
func TestGate(t *testing.T) {
	l := NewLimiter(4)
	open := false
	l.SetGate(func() bool { return open })
	if l.Acquire() {
		t.Fatal("a read spins while the gate is shut")
	}
	open = true
	if !l.Acquire() {
		t.Fatal("a read may not spin while the gate is open")
	}
	l.SetGate(nil)
	if !l.Acquire() {
		t.Fatal("a read may not spin without a gate")
	}
	if g, r, s := l.Gated(), l.Refused(), l.Spins(); g != 1 || r != 0 || s != 2 {
		t.Fatalf("gated %d, refused %d, spins %d; want 1, 0, 2", g, r, s)
	}
}
