package cluster

import (
	"net"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"go.uber.org/zap"
)

// Overflow forwards to the live, ready peer with the most room, marked as forwarded; a peer
// that cannot be reached is forgotten and the next is tried; with no peer with room it leaves
// the answer to the frontend.
func TestOverflowForwards(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &fasthttp.Server{Handler: func(ctx *fasthttp.RequestCtx) {
		ctx.SetStatusCode(200)
		ctx.SetBodyString(string(ctx.Request.Header.Peek(hdrForwarded)) + " " + string(ctx.Path()) + " " + string(ctx.PostBody()))
	}}
	go srv.Serve(ln)
	defer srv.Shutdown()
	dead, _ := net.Listen("tcp", "127.0.0.1:0")
	deadAddr := dead.Addr().String()
	dead.Close() // nothing listens there now

	n := &Node{cfg: Config{Name: "a", HeartbeatInterval: time.Hour}, log: zap.NewNop(), peers: map[string]peer{}}
	n.fwd.init(Config{ForwardTimeout: 10 * time.Second})
	now := time.Now()
	n.peers["dead"] = peer{heartbeat: heartbeat{Name: "dead", HTTP: deadAddr, Free: 100, Ready: true}, seen: now}
	n.peers["b"] = peer{heartbeat: heartbeat{Name: "b", HTTP: ln.Addr().String(), Free: 5, Ready: true}, seen: now}
	n.peers["full"] = peer{heartbeat: heartbeat{Name: "full", HTTP: deadAddr, Free: 0, Ready: true}, seen: now}
	n.peers["starting"] = peer{heartbeat: heartbeat{Name: "starting", HTTP: deadAddr, Free: 50, Ready: false}, seen: now}

	var ctx fasthttp.RequestCtx
	ctx.Request.Header.SetMethod("POST")
	ctx.Request.SetRequestURI("/v1/functions/f/invoke")
	ctx.Request.SetBodyString("input")
	if !n.Overflow(&ctx) {
		t.Fatal("not forwarded")
	}
	if got := string(ctx.Response.Body()); ctx.Response.StatusCode() != 200 || got != "a /v1/functions/f/invoke input" {
		t.Fatalf("forwarded answer: %d %q", ctx.Response.StatusCode(), got)
	}
	if _, ok := n.Peers()["dead"]; ok {
		t.Fatal("an unreachable peer was not forgotten")
	}
	if free := n.Peers()["b"]; free != 4 {
		t.Fatalf("the chosen peer's room was not counted down: %d", free)
	}
	delete(n.peers, "b")
	ctx.Response.Reset()
	if n.Overflow(&ctx) {
		t.Fatal("forwarded with no ready peer with room")
	}
}
