package campaign

import (
	"fmt"
	"html"
	"math"
	"slices"
	"strings"
)

// Charts are inline SVG written here, so a report needs no script and no
// network when it is viewed.

// Series is one named line or stack layer of a chart.
type Series struct {
	Name  string
	Color string
	Y     []float64
}

const (
	chartW, chartH = 560, 236
	padL, padR     = 56, 12
	padT, padB     = 42, 36
)

// niceMax rounds v up to 1, 2 or 5 times a power of ten.
func niceMax(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}

func fmtNum(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.3gM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.3gk", v/1e3)
	case v == math.Trunc(v):
		return fmt.Sprintf("%.0f", v)
	default:
		return fmt.Sprintf("%.2g", v)
	}
}

// fmtSeconds prints an elapsed time for an axis.
func fmtSeconds(s float64) string {
	switch {
	case s >= 2*3600:
		return fmt.Sprintf("%.1fh", s/3600)
	case s >= 120:
		return fmt.Sprintf("%.0fm", s/60)
	default:
		return fmt.Sprintf("%.0fs", s)
	}
}

func chartFrame(b *strings.Builder, title string, xmax, ymax float64, yLabel string) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		chartW, chartH, chartW, chartH, html.EscapeString(title))
	fmt.Fprintf(b, `<text x="%d" y="16" class="ct">%s</text>`, padL, html.EscapeString(title))
	pw, ph := float64(chartW-padL-padR), float64(chartH-padT-padB)
	for i := 0; i <= 4; i++ {
		y := float64(padT) + ph - ph*float64(i)/4
		fmt.Fprintf(b, `<line x1="%d" y1="%.1f" x2="%.1f" y2="%.1f" class="grid"/>`, padL, y, float64(padL)+pw, y)
		fmt.Fprintf(b, `<text x="%d" y="%.1f" class="ax" text-anchor="end">%s</text>`, padL-4, y+4, fmtNum(ymax*float64(i)/4))
	}
	for i := 0; i <= 4; i++ {
		x := float64(padL) + pw*float64(i)/4
		fmt.Fprintf(b, `<text x="%.1f" y="%d" class="ax" text-anchor="middle">%s</text>`, x, chartH-padB+14, fmtSeconds(xmax*float64(i)/4))
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" class="ax" text-anchor="end">elapsed</text>`, chartW-padR, chartH-4)
	if yLabel != "" {
		fmt.Fprintf(b, `<text x="12" y="%d" class="ax" transform="rotate(-90 12 %d)" text-anchor="middle">%s</text>`,
			padT+int(ph/2), padT+int(ph/2), html.EscapeString(yLabel))
	}
}

// legend writes the series names in a row under the title.
func legend(b *strings.Builder, series []Series) {
	x := float64(padL)
	for _, s := range series {
		fmt.Fprintf(b, `<rect x="%.1f" y="22" width="10" height="10" fill="%s"/><text x="%.1f" y="31" class="ax">%s</text>`,
			x, s.Color, x+13, html.EscapeString(s.Name))
		x += float64(len(s.Name))*6.2 + 24
	}
}

// LineChart draws series against x (seconds), as inline SVG.
func LineChart(title, yLabel string, x []float64, series []Series) string {
	var b strings.Builder
	xmax, ymax := 1.0, 0.0
	if len(x) > 0 && x[len(x)-1] > 0 {
		xmax = x[len(x)-1]
	}
	for _, s := range series {
		for _, v := range s.Y {
			ymax = math.Max(ymax, v)
		}
	}
	ymax = niceMax(ymax)
	chartFrame(&b, title, xmax, ymax, yLabel)
	pw, ph := float64(chartW-padL-padR), float64(chartH-padT-padB)
	for _, s := range series {
		var pts []string
		for i, v := range s.Y {
			if i >= len(x) {
				break
			}
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", float64(padL)+pw*x[i]/xmax, float64(padT)+ph-ph*v/ymax))
		}
		if len(pts) == 1 {
			pts = append(pts, pts[0])
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`, s.Color, strings.Join(pts, " "))
	}
	legend(&b, series)
	b.WriteString(`</svg>`)
	return b.String()
}

// StackedBars draws one bar per x value (seconds), the series stacked, as
// shares of the bar's total when share is set.
func StackedBars(title, yLabel string, x []float64, series []Series, share bool) string {
	var b strings.Builder
	n := len(x)
	xmax := 1.0
	if n > 0 && x[n-1] > 0 {
		xmax = x[n-1]
	}
	totals := make([]float64, n)
	for _, s := range series {
		for i := 0; i < n && i < len(s.Y); i++ {
			totals[i] += s.Y[i]
		}
	}
	ymax := 1.0
	if !share {
		ymax = 0
		for _, t := range totals {
			ymax = math.Max(ymax, t)
		}
		ymax = niceMax(ymax)
	}
	chartFrame(&b, title, xmax, ymax, yLabel)
	pw, ph := float64(chartW-padL-padR), float64(chartH-padT-padB)
	bw := pw / float64(max(n, 1))
	for i := 0; i < n; i++ {
		y := float64(padT) + ph
		for _, s := range series {
			if i >= len(s.Y) || s.Y[i] == 0 {
				continue
			}
			v := s.Y[i] / ymax
			if share {
				v = s.Y[i] / totals[i]
			}
			h := ph * v
			y -= h
			fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s: %s</title></rect>`,
				float64(padL)+bw*float64(i)+0.5, y, math.Max(bw-1, 0.5), h, s.Color, html.EscapeString(s.Name), fmtNum(s.Y[i]))
		}
	}
	legend(&b, series)
	b.WriteString(`</svg>`)
	return b.String()
}

// HBars draws labelled horizontal bars.
func HBars(title string, labels []string, values []float64, colors []string) string {
	var b strings.Builder
	h := padT + 22*len(labels) + 8
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		chartW, h, chartW, h, html.EscapeString(title))
	fmt.Fprintf(&b, `<text x="%d" y="16" class="ct">%s</text>`, padL, html.EscapeString(title))
	vmax := 0.0
	for _, v := range values {
		vmax = math.Max(vmax, v)
	}
	vmax = niceMax(vmax)
	const lx = 130
	pw := float64(chartW - lx - 60)
	for i, l := range labels {
		y := padT + 22*i
		w := pw * values[i] / vmax
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="ax" text-anchor="end">%s</text>`, lx-6, y+14, html.EscapeString(l))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="16" fill="%s"/>`, lx, y+2, w, colors[i%len(colors)])
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="ax">%s</text>`, float64(lx)+w+4, y+14, fmtNum(values[i]))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// Cactus draws a cactus plot: for each series, its solved instances' times
// (Y, seconds, any order) sorted, the k-th fastest at x = k, on a
// logarithmic time axis from 1 ms to timeout. A series that is further
// right solved more; lower solved faster. The legend gives each series'
// count of solved instances.
func Cactus(title string, timeout float64, series []Series) string {
	const w, h, pl, pr, pt, pb = chartW, 300, padL, 150, padT - 14, padB
	maxN := 1
	sorted := make([][]float64, len(series))
	for i, s := range series {
		sorted[i] = make([]float64, len(s.Y))
		for k, v := range s.Y {
			sorted[i][k] = math.Max(v, 1e-3)
		}
		slices.Sort(sorted[i])
		maxN = max(maxN, len(s.Y))
	}
	lo, hi := -3.0, math.Ceil(math.Log10(math.Max(timeout, 1)))
	x := func(i int) float64 { return pl + float64(w-pl-pr)*float64(i)/float64(maxN) }
	y := func(s float64) float64 {
		return pt + float64(h-pt-pb)*(1-(math.Min(math.Log10(s), hi)-lo)/(hi-lo))
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s" font-size="11">`,
		w, h, w, h, html.EscapeString(title))
	fmt.Fprintf(&b, `<text x="%d" y="16" class="ct">%s</text>`, pl, html.EscapeString(title))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>`, pl, pt, w-pl-pr, h-pt-pb)
	for e := int(lo); e <= int(hi); e++ {
		v := math.Pow(10, float64(e))
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" class="grid" stroke="#eee"/><text x="%d" y="%.1f" class="ax" text-anchor="end">%gs</text>`,
			pl, w-pr, y(v), y(v), pl-4, y(v)+4, v)
	}
	for i, last := 0, -1; i <= 4; i++ {
		if n := maxN * i / 4; n != last {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" class="ax" text-anchor="middle">%d</text>`, x(n), h-pb+16, n)
			last = n
		}
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" class="ax" text-anchor="middle">instances solved</text>`, pl+(w-pl-pr)/2, h-6)
	for k, s := range series {
		var pts []string
		for i, v := range sorted[k] {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i+1), y(v)))
		}
		if len(pts) == 1 {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`, x(1), y(sorted[k][0]), s.Color)
		}
		if len(pts) > 1 {
			fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`, s.Color, strings.Join(pts, " "))
		}
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="10" fill="%s"/><text x="%d" y="%d" class="ax">%s (%d)</text>`,
			w-pr+10, pt+20*k, s.Color, w-pr+24, pt+20*k+9, html.EscapeString(s.Name), len(s.Y))
	}
	b.WriteString(`</svg>`)
	return b.String()
}
