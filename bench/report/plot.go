package report

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

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

// palette gives each system a colour of its own (Okabe and Ito's eight, which stay apart for
// the colour-blind, then four more), and markers a shape of their own.
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{213, 94, 0, 255},    // vermillion
	color.RGBA{0, 158, 115, 255},   // bluish green
	color.RGBA{204, 121, 167, 255}, // reddish purple
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{86, 180, 233, 255},  // sky blue
	color.RGBA{0, 0, 0, 255},       // black
	color.RGBA{180, 160, 0, 255},   // dark yellow
	color.RGBA{120, 60, 20, 255},   // brown
	color.RGBA{100, 100, 100, 255}, // grey
	color.RGBA{140, 0, 200, 255},   // violet
	color.RGBA{0, 90, 50, 255},     // dark green
}

var markers = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}, diamondGlyph{},
	draw.RingGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, diamondGlyph{hollow: true}, draw.CrossGlyph{}, draw.PlusGlyph{}}

// diamondGlyph is a diamond, filled or hollow (gonum's glyphs have none).
type diamondGlyph struct{ hollow bool }

func (g diamondGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius * 1.2
	p := make(vg.Path, 0, 5)
	p.Move(vg.Point{X: pt.X, Y: pt.Y + r})
	p.Line(vg.Point{X: pt.X + r, Y: pt.Y})
	p.Line(vg.Point{X: pt.X, Y: pt.Y - r})
	p.Line(vg.Point{X: pt.X - r, Y: pt.Y})
	p.Close()
	if g.hollow {
		c.SetLineStyle(draw.LineStyle{Color: sty.Color, Width: vg.Points(0.8)})
		c.Stroke(p)
		return
	}
	c.Fill(p)
}

// logTicks marks a logarithmic axis at 1, 2 and 5 times each power of ten (labelled) and at
// the other integers times it (unlabelled), so that an axis spanning less than a decade still
// has labels (gonum's LogTicks labels powers of ten only).
type logTicks struct{}

func (logTicks) Ticks(min, max float64) []plot.Tick {
	if min <= 0 || max <= min {
		return plot.DefaultTicks{}.Ticks(min, max)
	}
	var ts []plot.Tick
	for k := math.Floor(math.Log10(min)); k <= math.Ceil(math.Log10(max)); k++ {
		p := math.Pow(10, k)
		for m := 1.0; m <= 9; m++ {
			v := m * p
			if v < min*(1-1e-9) || v > max*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = strconv.FormatFloat(v, 'g', 3, 64)
				if v >= 1000 {
					t.Label = strconv.FormatFloat(v, 'f', 0, 64)
				}
			}
			ts = append(ts, t)
		}
	}
	return ts
}

// Style is the colour and marker of the i-th system of a plot.
func Style(i int) (color.Color, draw.GlyphDrawer) {
	return palette[i%len(palette)], markers[i%len(markers)]
}

// PlotInfo says what PlotLatency drew.
type PlotInfo struct {
	Files []string
	// Series is the systems drawn (one line in each panel each).
	Series []string
}

// plotRuns are the runs of a system that its lines go through: the low-load point and the
// evenly spaced "figure" rates with the highest rate that held, when the sweep ran them
// (sweep.Config.FigurePoints); else every run that held (every run with o.All). Sorted by
// offered rate.
func plotRuns(sys *SystemResult, o PlotOptions) []*load.RateResult {
	figure := false
	for _, r := range sys.Steps {
		figure = figure || r.Phase == "figure"
	}
	top := sys.topRun()
	var runs []*load.RateResult
	for _, r := range sys.Runs() {
		if r.OK == 0 || r.Latency.P50 <= 0 || !(o.All || r.Holds) {
			continue
		}
		if figure && !o.All && r.Phase != "figure" && r.Phase != "low" && r != top {
			continue
		}
		runs = append(runs, r)
	}
	sort.SliceStable(runs, func(a, b int) bool { return runs[a].Offered < runs[b].Offered })
	return runs
}

// PlotLatency draws p50 and p99 latency against offered load in two panels side by side,
// each system in a colour and with a marker of its own, the legend to the right of the
// panels, and saves it as base.svg and base.png.
func PlotLatency(res *Results, base string, o PlotOptions) (*PlotInfo, error) {
	panels := [2]*plot.Plot{plot.New(), plot.New()}
	for k, q := range []string{"p50", "p99"} {
		p := panels[k]
		p.Title.Text = q + " (from intended send time)"
		p.X.Label.Text = "offered load (requests/s)"
		p.Y.Label.Text = "latency (ms)"
		p.Add(plotter.NewGrid())
	}
	legend := plot.NewLegend()
	info := &PlotInfo{}
	minX, maxX := 0.0, 0.0
	for i, sys := range res.Systems {
		runs := plotRuns(sys, o)
		if len(runs) == 0 {
			continue
		}
		col, glyph := Style(i)
		var thumbs []plot.Thumbnailer
		for k := range panels {
			xy := make(plotter.XYs, len(runs))
			for j, r := range runs {
				y := r.Latency.P50
				if k == 1 {
					y = r.Latency.P99
				}
				xy[j] = plotter.XY{X: r.Offered, Y: y}
				if minX == 0 || r.Offered < minX {
					minX = r.Offered
				}
				maxX = max(maxX, r.Offered)
			}
			l, s, err := plotter.NewLinePoints(xy)
			if err != nil {
				return nil, err
			}
			l.Color, l.Width = col, vg.Points(1.3)
			s.Color, s.Shape, s.Radius = col, glyph, vg.Points(3)
			panels[k].Add(l, s)
			thumbs = []plot.Thumbnailer{l, s}
		}
		name := sys.Name
		if sys.Capped {
			name += " (capped)"
		}
		legend.Add(name, thumbs...)
		info.Series = append(info.Series, sys.Name)
	}
	if len(info.Series) == 0 {
		return nil, fmt.Errorf("bench: %s: no run with successful requests to plot", res.Workload)
	}
	// The same latency range in both panels, so they read against each other.
	yMin, yMax := math.Min(panels[0].Y.Min, panels[1].Y.Min), math.Max(panels[0].Y.Max, panels[1].Y.Max)
	for _, p := range panels {
		p.Y.Min, p.Y.Max = yMin, yMax
		if p.X.Min == p.X.Max { // one point: give the axis some room (a log axis needs it)
			p.X.Min, p.X.Max = p.X.Min/2, p.X.Max*2
		}
		if p.Y.Min == p.Y.Max {
			p.Y.Min, p.Y.Max = p.Y.Min/2, p.Y.Max*2
		}
		if !o.LinearY {
			p.Y.Scale = plot.LogScale{}
			p.Y.Tick.Marker = logTicks{}
		}
		if !o.LinearX && minX > 0 && maxX/minX > 100 {
			p.X.Scale = plot.LogScale{}
			p.X.Tick.Marker = logTicks{}
		}
	}
	title := fmt.Sprintf("%s: latency against offered load, rates that held (%s)", res.Workload, res.Machine.Label)
	if o.All {
		title = fmt.Sprintf("%s: latency against offered load, every run (%s)", res.Workload, res.Machine.Label)
	}
	for _, ext := range []string{".svg", ".png"} {
		f := base + ext
		if err := savePanels(f, ext, title, panels, &legend); err != nil {
			return info, fmt.Errorf("bench: saving %s: %w", filepath.Base(f), err)
		}
		info.Files = append(info.Files, f)
	}
	return info, nil
}

// savePanels draws the title, the two panels and the legend on one canvas and writes it.
func savePanels(path, ext, title string, panels [2]*plot.Plot, legend *plot.Legend) error {
	const w, h = 13 * vg.Inch, 5.5 * vg.Inch
	const legendW = 2.6 * vg.Inch
	var cv vg.CanvasWriterTo
	if ext == ".svg" {
		cv = vgsvg.New(w, h)
	} else {
		cv = vgimg.PngCanvas{Canvas: vgimg.New(w, h)}
	}
	dc := draw.New(cv)
	// The title across the top.
	head := plot.New()
	head.Title.Text = title
	tsty := head.Title.TextStyle
	th := tsty.Height(title) * 2
	dc.FillText(tsty, vg.Point{X: (w - legendW) / 2, Y: h - th/2}, title)
	area := draw.Crop(dc, 0, -legendW, 0, -th)
	tiles := draw.Tiles{Rows: 1, Cols: 2, PadX: vg.Inch / 4, PadTop: vg.Points(4), PadBottom: vg.Points(4), PadLeft: vg.Points(4)}
	panels[0].Draw(tiles.At(area, 0, 0))
	panels[1].Draw(tiles.At(area, 1, 0))
	// The legend beside the panels, out of the data.
	lc := draw.Crop(dc, w-legendW+vg.Points(8), 0, vg.Inch, -th-vg.Inch/2)
	legend.YPosition = draw.PosTop
	legend.Top, legend.Left = true, true
	legend.Draw(lc)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := cv.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
