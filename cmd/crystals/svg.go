package main

import (
	"bytes"
	"fmt"
	"html"
	"math"
)

// benchSVG draws the benchmark as horizontal bars, one group per algorithm
// and operation, one bar per implementation; bars of a group share a scale
// (the group's slowest implementation spans the full width), so the chart
// shows ratios, and each bar is labelled with its time.
func benchSVG(res *benchResult) []byte {
	const (
		left, barW, right = 250, 420, 90
		barH, gap, top    = 12, 10, 64
	)
	colors := map[string]string{implCrystals: "#2b7bb9", implStdlib: "#9a9a9a", implCircl: "#e08a2c"}
	height := top + len(res.rows)*(len(implNames)*barH+gap) + 20
	width := left + barW + right
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="10" y="18" font-size="14" font-weight="bold">crystals bench: µs per operation, %s (shorter is faster)</text>`+"\n", clockName())
	fmt.Fprintf(&b, `<text x="10" y="34" fill="#555">%s</text>`+"\n", html.EscapeString(res.machine+"; "+res.settings))
	x := 10
	for _, impl := range implNames {
		fmt.Fprintf(&b, `<rect x="%d" y="42" width="10" height="10" fill="%s"/><text x="%d" y="51">%s</text>`+"\n", x, colors[impl], x+14, html.EscapeString(impl))
		x += 14 + 7*len(impl) + 20
	}
	y := top
	for _, r := range res.rows {
		maxNS := 0.0
		for _, v := range r.ns {
			maxNS = math.Max(maxNS, v)
		}
		groupH := len(implNames) * barH
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="end">%s %s</text>`+"\n", left-8, y+groupH/2+4, html.EscapeString(r.alg), html.EscapeString(r.op))
		for i, impl := range implNames {
			by := y + i*barH
			v, ok := r.ns[impl]
			if !ok {
				fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#999">n/a</text>`+"\n", left+2, by+barH-2)
				continue
			}
			w := math.Max(1, barW*v/maxNS)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"/>`, left, by+1, w, barH-2, colors[impl])
			fmt.Fprintf(&b, `<text x="%.1f" y="%d">%s</text>`+"\n", float64(left)+w+4, by+barH-2, micro(v))
		}
		y += groupH + gap
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}
