package report

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"gpufn/bench/load"
)

// PlotOptions configure PlotLatency.
type PlotOptions struct {
	// LinearY draws latency on a linear axis (default: logarithmic).
	LinearY bool
	// LinearX draws the offered load on a linear axis; by default it is logarithmic when the
	// rates span more than two decades (a low-load point and a sweep), else linear.
	LinearX bool
	// All plots every run, also those that did not hold (by default only rates that held
	// are drawn: above them the latencies of the requests that succeeded say little).
	All bool
}

// PlotLatency draws p50 (solid) and p99 (dashed) latency against offered load, one color per
// system, and saves it as base.svg and base.png. It returns the files written.
func PlotLatency(res *Results, base string, o PlotOptions) ([]string, error) {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s: latency against offered load, rates that held (%s)", res.Workload, res.Machine.Label)
	p.X.Label.Text = "offered load (requests/s)"
	p.Y.Label.Text = "latency from intended send time (ms)"
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())

	minX, maxX := 0.0, 0.0
	drawn := 0
	for i, sys := range res.Systems {
		var runs []*load.RateResult
		for _, r := range sys.Runs() {
			if r.OK > 0 && r.Latency.P50 > 0 && (o.All || r.Holds) {
				runs = append(runs, r)
			}
		}
		if len(runs) == 0 {
			continue
		}
		sort.SliceStable(runs, func(a, b int) bool { return runs[a].Offered < runs[b].Offered })
		p50, p99 := make(plotter.XYs, len(runs)), make(plotter.XYs, len(runs))
		for j, r := range runs {
			p50[j] = plotter.XY{X: r.Offered, Y: r.Latency.P50}
			p99[j] = plotter.XY{X: r.Offered, Y: r.Latency.P99}
			if minX == 0 || r.Offered < minX {
				minX = r.Offered
			}
			maxX = max(maxX, r.Offered)
		}
		col := plotutil.Color(i)
		l50, s50, err := plotter.NewLinePoints(p50)
		if err != nil {
			return nil, err
		}
		l50.Color, l50.Width = col, vg.Points(1.5)
		s50.Color, s50.Shape, s50.Radius = col, draw.CircleGlyph{}, vg.Points(2)
		l99, s99, err := plotter.NewLinePoints(p99)
		if err != nil {
			return nil, err
		}
		l99.Color, l99.Width, l99.Dashes = col, vg.Points(1.5), []vg.Length{vg.Points(6), vg.Points(3)}
		s99.Color, s99.Shape, s99.Radius = col, draw.TriangleGlyph{}, vg.Points(2)
		p.Add(l50, s50, l99, s99)
		p.Legend.Add(sys.Name, l50, s50)
		drawn++
	}
	// Two legend entries for the line styles.
	for _, st := range []struct {
		name   string
		dashes []vg.Length
	}{{"p50 (solid)", nil}, {"p99 (dashed)", []vg.Length{vg.Points(6), vg.Points(3)}}} {
		l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}})
		if err != nil {
			return nil, err
		}
		l.Color, l.Width, l.Dashes = color.Gray{Y: 80}, vg.Points(1.5), st.dashes
		p.Legend.Add(st.name, l)
	}
	if drawn == 0 {
		return nil, fmt.Errorf("bench: %s: no run with successful requests to plot", res.Workload)
	}
	widen := func(a *plot.Axis) {
		if a.Min == a.Max { // one point: give the axis some room (a log axis needs it)
			a.Min, a.Max = a.Min/2, a.Max*2
		}
	}
	widen(&p.X)
	widen(&p.Y)
	// Head room for the legend in the top left corner.
	if o.LinearY {
		p.Y.Max += (p.Y.Max - p.Y.Min) * 0.4
	} else {
		p.Y.Max *= math.Pow(p.Y.Max/p.Y.Min, 0.5)
	}
	if !o.LinearY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	if !o.LinearX && minX > 0 && maxX/minX > 100 {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	var files []string
	for _, ext := range []string{".svg", ".png"} {
		f := base + ext
		if err := p.Save(9*vg.Inch, 5.5*vg.Inch, f); err != nil {
			return files, fmt.Errorf("bench: saving %s: %w", filepath.Base(f), err)
		}
		files = append(files, f)
	}
	return files, nil
}
