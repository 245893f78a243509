package vegeta

import (
	"fmt"
	"slices"
	"strings"

	"gpufn/bench/internal/human"
	"gpufn/bench/load"
)

// WriteSummary writes the summary's sections on vegeta cross-checks: each workload's
// agreement per bench client and a line saying which agrees, then the per-rate tables (a row
// per bench client).
func WriteSummary(b *strings.Builder, checks []*Check) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("## Cross-check with vegeta: agreement per workload\n\n")
	p("Each workload's check on its own, for each of the bench's runs: with its HTTP clients fasthttp (its default) and nethttp (Go's " +
		"net/http, the HTTP stack vegeta is built on) on the bench's own constant schedule, and with nethttp on vegeta's send times " +
		"(the same load as vegeta offered, gaps and all; see vegeta's pacing below). A rate is compared where both are below saturation; " +
		"a run agrees at a rate when p50 and p99 are within the tolerance. Cells: rates that agree of those compared, and of the others those " +
		"where the differences are within the percentiles' sampling error (their 95%% intervals, below, allow agreement: too few samples " +
		"to tell).\n\n")
	// One pair of columns per kind of run (both clients always, as the check runs both; the
	// runs on vegeta's send times where any check has them), in the order of sides().
	clients := []string{load.HTTPClientFast, load.HTTPClientNet}
	for _, v := range checks {
		for _, a := range v.agreement() {
			if !slices.Contains(clients, a.client) {
				clients = append(clients, a.client)
			}
		}
	}
	p("| workload | system | rates |")
	for _, c := range clients {
		p(" %s | %s net of echo |", c, c)
	}
	p("\n|---|---|---:|%s\n", strings.Repeat("---:|---:|", len(clients)))
	for _, v := range checks {
		cells := make([]string, 2*len(clients))
		for i := range cells {
			cells[i] = "-"
		}
		for _, a := range v.agreement() {
			i := slices.Index(clients, a.client)
			cells[2*i] = fmt.Sprintf("%d of %d", a.agree, a.compared)
			if a.undecided > 0 {
				cells[2*i] += fmt.Sprintf(" (+%d within sampling error)", a.undecided)
			}
			if a.withEcho > 0 {
				cells[2*i+1] = fmt.Sprintf("%d of %d", a.agreeNet, a.withEcho)
			}
		}
		p("| %s | %s | %d | %s |\n", v.Workload, v.System, len(v.Points), strings.Join(cells, " | "))
	}
	p("\n")
	for _, v := range checks {
		p("- %s (%s): %s.\n", v.Workload, v.System, v.Agreement())
	}
	p("\n")
	for _, v := range checks {
		p("## Cross-check with vegeta (%s, %s; %s; %d interleaved rounds per rate)\n\n", v.System, v.Workload, v.Vegeta, v.Rounds)
		p("| rate | bench client | samples bench / vegeta | bench p50 | vegeta p50 | diff | bench p99 | vegeta p99 | diff | | echo p50 bench / vegeta | net diff p50 | net diff p99 | |\n" +
			"|---:|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|\n")
		for i := range v.Points {
			pt := &v.Points[i]
			for _, s := range pt.sides() {
				echo, n50, n99, nv := "-", "-", "-", ""
				if s.hasEcho(pt) {
					echo = human.Cell(s.echo.Latency.P50) + " / " + human.Cell(pt.VegetaEcho.P50)
					n50, n99 = fmt.Sprintf("%+.1f%%", 100*s.diff.NetDiffP50), fmt.Sprintf("%+.1f%%", 100*s.diff.NetDiffP99)
					nv = verdict(s.diff.Comparable, s.diff.AgreeNet, false)
				}
				p("| %g/s | %s | %d / %d | %s | %s | %+.1f%% | %s | %s | %+.1f%% | %s | %s | %s | %s | %s |\n", pt.Rate, s.client,
					s.bench.Latency.Count, pt.Vegeta.Requests, human.Cell(s.bench.Latency.P50), human.Cell(pt.Vegeta.P50), 100*s.diff.DiffP50,
					human.Cell(s.bench.Latency.P99)+latencyInterval(s.bench, 0.99).text(human.Cell), human.Cell(pt.Vegeta.P99)+pt.Vegeta.P99CI.text(human.Cell),
					100*s.diff.DiffP99, verdict(s.diff.Comparable, s.diff.Agree, s.diff.Undecided), echo, n50, n99, nv)
			}
		}
		if v.hasPacing() {
			p("\nvegeta's own pacing (its send times, from its results; the bench's scheduler sends within microseconds of a constant schedule):\n\n" +
				"| rate | interval | gaps between sends p10 / p50 / p90 | behind a constant schedule p50 / p99 |\n|---:|---:|---:|---:|\n")
			for _, pt := range v.Points {
				if pc := pt.Pacing; pc != nil {
					p("| %g/s | %s | %s / %s / %s | %s / %s |\n", pt.Rate, human.Cell0(pc.IntervalMS), human.Cell0(pc.GapP10), human.Cell0(pc.GapP50), human.Cell0(pc.GapP90),
						human.Cell0(pc.LateP50), human.Cell0(pc.LateP99))
				}
			}
		}
		p("\nTolerance %.0f%% on p50 and p99 where both are below saturation. \"samples\" are the latencies each percentile rests on "+
			"(the bench's successful answers, every answer vegeta timed)", 100*v.Tolerance)
		if v.MinSamples > 0 {
			p("; each tool ran for %s at a rate, or longer to reach %d samples (at most %s)", human.Secs(v.DurationS), v.MinSamples, human.Secs(v.MaxDurationS))
		} else if v.DurationS > 0 {
			p("; each tool ran for %s at a rate", human.Secs(v.DurationS))
		}
		if v.ReplayOnly {
			p("; the bench ran only on vegeta's send times")
		}
		p(".")
		if slices.ContainsFunc(v.Points, func(pt Point) bool { return pt.Vegeta.P99CI != nil }) {
			p(" In brackets, the 95%% interval of each p99 (distribution-free, from the samples' ranks; ∞ where too few samples bound it; " +
				"stalls that delay several requests at once typically make the true uncertainty wider): \"within sampling error\" where a " +
				"difference beyond the tolerance is inside them, which means not shown to differ rather than shown to agree.")
		}
		p(" \"echo\" is each tool against the trivial echo server at the same rate " +
			"(its own cost of a round trip); the net differences take each tool's echo p50 off its p50 and p99.")
		if len(v.VegetaArgs) > 0 || len(v.VegetaEnv) > 0 {
			p(" vegeta attack %s", strings.Join(v.VegetaArgs, " "))
			if len(v.VegetaEnv) > 0 {
				p(", environment %s", strings.Join(v.VegetaEnv, " "))
			}
			p(".")
		}
		p("\n\n")
	}
}
