package main

import (
	"strings"
	"testing"

	"go.uber.org/zap"
)

// The cluster flags are checked before anything starts: seeds are required, a voter needs a
// data directory, and peers need an HTTP address they can reach.
func TestClusterConfig(t *testing.T) {
	for _, c := range []struct {
		args             []string
		listen, dataDir  string
		wantErr, wantDir string
		wantHTTP         string
	}{
		{args: []string{"--cluster"}, listen: "10.0.0.1:8080", dataDir: "/d", wantErr: "--cluster-seeds"},
		{args: []string{"--cluster", "--cluster-seeds=a:6222"}, listen: "10.0.0.1:8080", wantErr: "--data-dir"},
		{args: []string{"--cluster", "--cluster-seeds=a:6222", "--cluster-voter=false"}, listen: "0.0.0.0:8080", wantErr: "--cluster-http"},
		{args: []string{"--cluster", "--cluster-seeds=a:6222, b:6222"}, listen: "10.0.0.1:8080", dataDir: "/d", wantDir: "/d/cluster", wantHTTP: "10.0.0.1:8080"},
		{args: []string{"--cluster", "--cluster-seeds=a:6222", "--cluster-voter=false", "--cluster-http=n1:80"}, listen: ":8080", wantHTTP: "n1:80"},
	} {
		f := parseServe(t, c.args...)
		cfg, err := clusterConfig(&f.cluster, c.listen, c.dataDir, zap.NewNop())
		switch {
		case c.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%v: error %v, want one naming %s", c.args, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("%v: %v", c.args, err)
		case cfg.Dir != c.wantDir || cfg.HTTP != c.wantHTTP || len(cfg.Seeds) == 0 || strings.Contains(strings.Join(cfg.Seeds, ""), " "):
			t.Errorf("%v: dir %q http %q seeds %q", c.args, cfg.Dir, cfg.HTTP, cfg.Seeds)
		}
	}
}
