#!/usr/bin/env python3
"""Cost curves as pictures: SVG line plots of the bench CSVs in bench/results/.

  bench/plot-curves.py [--results DIR] [--time-scale log|linear] [--rate-scale log|linear]

Reads, from DIR (default: bench/results next to this script), and writes beside them:

  slitherlink-cost.csv  level,size,cells,version,median_ms    -> slitherlink-cost.svg
      generation time against cells, one line per level (and per version when there are several)
  sudoku-generate.csv   written by bench/sudoku-generate.sh   -> sudoku-generate.svg
      ms per puzzle at each level: dayseed gen (whole process), the generator alone, and Solo
      (generator g2)
  sudoku-g3.csv         the same, for generator g3             -> sudoku-g3.svg
  sudoku-g4.csv         the same, for generator g4             -> sudoku-g4.svg
  sudoku-solver.csv     list,ours_per_sec,peer_per_sec         -> sudoku-solver.svg
      solver throughput on each puzzle list: dayseed against the `sudoku` crate (and tdoku,
      when the optional tdoku_per_sec column has values)

A missing CSV skips its plot with a message; empty, unreadable or non-positive values are left
out; a CSV without the columns it needs is an error naming them (the other plots are still
drawn; the exit status is 1). Time axes are logarithmic by default, throughput axes linear. Python 3 standard library only; the SVG is written by hand.
"""

import argparse
import csv
import math
import os
import re
import sys
from xml.sax.saxutils import escape

# Ten distinguishable colours (one per Slitherlink level), then the dash patterns for versions.
PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
           "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"]
DASHES = ["", "6 4", "2 3", "8 3 2 3"]
MARKERS = ["circle", "square", "diamond", "triangle"]

WIDTH, HEIGHT = 900, 500
LEFT, RIGHT, TOP, BOTTOM = 80, 210, 50, 80  # margins; the legend sits in the right one


class CsvError(Exception):
    """A CSV that cannot be plotted; the message names the file and what is wrong."""


def read_csv(path, needed):
    """The rows of `path` as dicts; CsvError when a needed column is missing."""
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        columns = [c.strip() for c in (reader.fieldnames or [])]
        missing = [c for c in needed if c not in columns]
        if missing:
            raise CsvError(f"{path}: missing column(s) {', '.join(missing)} "
                           f"(has: {', '.join(columns) or 'nothing'})")
        return [{(k or "").strip(): (v or "").strip() for k, v in row.items()} for row in reader]


def number(text):
    """A positive finite float, or None for an empty, unreadable or non-positive cell."""
    try:
        x = float(text)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) and x > 0 else None


def fmt(x):
    """A tick label: 0.001, 0.5, 12, 3k, 1.5M."""
    if x == 0:
        return "0"
    if abs(x) >= 1e6:
        return f"{x / 1e6:g}M"
    if abs(x) >= 1e4:
        return f"{x / 1e3:g}k"
    return f"{x:.6g}"


def nice_step(span, count):
    """A 1-2-5 step giving about `count` intervals over `span`."""
    raw = span / max(count, 1)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


class Axis:
    """One axis: maps data values to pixels and lists its ticks."""

    def __init__(self, lo, hi, log, pixels_from, pixels_to, categories=None):
        self.categories = categories
        self.log = log and categories is None
        self.p0, self.p1 = pixels_from, pixels_to
        if categories is not None:
            self.lo, self.hi = -0.5, len(categories) - 0.5
        elif self.log:
            self.lo = 10 ** math.floor(math.log10(lo))
            self.hi = 10 ** math.ceil(math.log10(hi))
            if self.hi <= self.lo:
                self.hi = self.lo * 10
        else:
            lo, hi = min(lo, 0.0), hi * 1.05
            if hi <= lo:
                hi = lo + 1
            step = nice_step(hi - lo, 6)
            self.lo, self.hi = math.floor(lo / step) * step, math.ceil(hi / step) * step

    def __call__(self, v):
        if self.log:
            t = (math.log10(v) - math.log10(self.lo)) / (math.log10(self.hi) - math.log10(self.lo))
        else:
            t = (v - self.lo) / (self.hi - self.lo)
        return self.p0 + t * (self.p1 - self.p0)

    def ticks(self):
        """(value, label, major) for each tick."""
        if self.categories is not None:
            return [(i, c, True) for i, c in enumerate(self.categories)]
        if self.log:
            out = []
            e0, e1 = round(math.log10(self.lo)), round(math.log10(self.hi))
            minor = (2, 5) if e1 - e0 <= 3 else ()
            for e in range(e0, e1 + 1):
                out.append((10.0 ** e, fmt(10.0 ** e), True))
                if e < e1:
                    out += [(m * 10.0 ** e, fmt(m * 10.0 ** e), False) for m in minor]
            return out
        step = nice_step(self.hi - self.lo, 6)
        n = int(round((self.hi - self.lo) / step))
        return [(self.lo + k * step, fmt(round(self.lo + k * step, 12)), True)
                for k in range(n + 1)]


def marker(shape, x, y, colour):
    if shape == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{colour}"/>'
    if shape == "diamond":
        return (f'<polygon points="{x:.1f},{y - 5:.1f} {x + 5:.1f},{y:.1f} {x:.1f},{y + 5:.1f} '
                f'{x - 5:.1f},{y:.1f}" fill="{colour}"/>')
    if shape == "triangle":
        return (f'<polygon points="{x:.1f},{y - 5:.1f} {x + 5:.1f},{y + 4:.1f} '
                f'{x - 5:.1f},{y + 4:.1f}" fill="{colour}"/>')
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{colour}"/>'


def line_plot(path, title, xlabel, ylabel, series, ylog=False, categories=None, notes=None,
              subtitle=""):
    """Writes an SVG line plot.

    series: list of dicts {label, points: [(x, y)], colour, dash, marker}; x is a category index
    when `categories` is given. notes: optional {category index: text} printed under that
    category's label (ratios).
    """
    xs = [x for s in series for x, _ in s["points"]]
    ys = [y for s in series for _, y in s["points"]]
    if not ys:
        raise CsvError(f"{title}: no plottable values")
    px0, px1 = LEFT, WIDTH - RIGHT
    py0, py1 = HEIGHT - BOTTOM, TOP
    xa = Axis(min(xs), max(xs), False, px0, px1, categories)
    ya = Axis(min(ys), max(ys), ylog, py0, py1)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{(px0 + px1) / 2:.1f}" y="22" text-anchor="middle" font-size="15" '
           f'font-weight="bold">{escape(title)}</text>']
    if subtitle:
        out.append(f'<text x="{(px0 + px1) / 2:.1f}" y="38" text-anchor="middle" '
                   f'fill="#555">{escape(subtitle)}</text>')
    for v, label, major in ya.ticks():
        y = ya(v)
        out.append(f'<line x1="{px0}" y1="{y:.1f}" x2="{px1}" y2="{y:.1f}" '
                   f'stroke="{"#ddd" if major else "#f0f0f0"}"/>')
        out.append(f'<line x1="{px0 - 5}" y1="{y:.1f}" x2="{px0}" y2="{y:.1f}" stroke="#333"/>')
        if major or ya.log:
            out.append(f'<text x="{px0 - 8}" y="{y + 4:.1f}" text-anchor="end" '
                       f'fill="{"#000" if major else "#777"}">{escape(label)}</text>')
    for v, label, _ in xa.ticks():
        x = xa(v)
        out.append(f'<line x1="{x:.1f}" y1="{py0}" x2="{x:.1f}" y2="{py1}" stroke="#eee"/>')
        out.append(f'<line x1="{x:.1f}" y1="{py0}" x2="{x:.1f}" y2="{py0 + 5}" stroke="#333"/>')
        out.append(f'<text x="{x:.1f}" y="{py0 + 19}" text-anchor="middle">{escape(label)}</text>')
    out.append(f'<rect x="{px0}" y="{py1}" width="{px1 - px0}" height="{py0 - py1}" '
               f'fill="none" stroke="#333"/>')
    out.append(f'<text x="{(px0 + px1) / 2:.1f}" y="{HEIGHT - 14}" text-anchor="middle">'
               f'{escape(xlabel)}</text>')
    out.append(f'<text transform="translate(20 {(py0 + py1) / 2:.1f}) rotate(-90)" '
               f'text-anchor="middle">{escape(ylabel + (" (log scale)" if ya.log else ""))}</text>')
    for s in series:
        pts = [(xa(x), ya(y)) for x, y in sorted(s["points"])]
        dash = f' stroke-dasharray="{s["dash"]}"' if s["dash"] else ""
        if len(pts) > 1:
            d = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            out.append(f'<polyline points="{d}" fill="none" stroke="{s["colour"]}" '
                       f'stroke-width="2"{dash}/>')
        out += [marker(s["marker"], x, y, s["colour"]) for x, y in pts]
    for i, text in (notes or {}).items():
        out.append(f'<text x="{xa(i):.1f}" y="{py0 + 35}" text-anchor="middle" fill="#333" '
                   f'font-weight="bold">{escape(text)}</text>')
    lx, ly = px1 + 16, py1 + 6
    for k, s in enumerate(series):
        y = ly + k * 20
        dash = f' stroke-dasharray="{s["dash"]}"' if s["dash"] else ""
        out.append(f'<line x1="{lx}" y1="{y}" x2="{lx + 28}" y2="{y}" stroke="{s["colour"]}" '
                   f'stroke-width="2"{dash}/>')
        out.append(marker(s["marker"], lx + 14, y, s["colour"]))
        out.append(f'<text x="{lx + 34}" y="{y + 4}">{escape(s["label"])}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print(f"wrote {path}")


def level_key(text):
    digits = re.findall(r"\d+", text)
    return (int(digits[0]) if digits else math.inf, text)


def plot_slitherlink(src, dst, time_log):
    rows = read_csv(src, ["level", "size", "cells", "version", "median_ms"])
    groups = {}
    for r in rows:
        cells, ms = number(r["cells"]), number(r["median_ms"])
        if cells is None or ms is None:
            continue
        groups.setdefault((r["version"], r["level"]), []).append((cells, ms))
    versions = sorted({v for v, _ in groups}, key=level_key)
    levels = sorted({lv for _, lv in groups}, key=level_key)
    series = []
    for v, lv in sorted(groups, key=lambda k: (level_key(k[1]), level_key(k[0]))):
        name = lv if lv.upper().startswith("L") else f"L{lv}"
        vi = versions.index(v)
        series.append({"label": f"{name} {v}" if len(versions) > 1 else name,
                       "points": groups[(v, lv)],
                       "colour": PALETTE[levels.index(lv) % len(PALETTE)],
                       "dash": DASHES[vi % len(DASHES)],
                       "marker": MARKERS[vi % len(MARKERS)]})
    line_plot(dst, "Slitherlink generation time by grid size", "cells (width x height)",
              "median ms per puzzle", series, ylog=time_log,
              subtitle="one line per level" + (", dash = generator version"
                                                if len(versions) > 1 else ""))


def plot_sudoku_generate(src, dst, time_log, version):
    rows = read_csv(src, ["level", "dayseed_ms", "generator_ms", "solo_ms", "e2e_ratio"])
    cats = [r["level"] for r in rows]
    spec = [("dayseed gen (process)", "dayseed_ms", 0, "circle"),
            ("dayseed generator", "generator_ms", 2, "square"),
            ("Solo (process)", "solo_ms", 1, "diamond")]
    series = []
    for label, col, colour, shape in spec:
        pts = [(i, number(r[col])) for i, r in enumerate(rows)]
        series.append({"label": label, "points": [(i, y) for i, y in pts if y is not None],
                       "colour": PALETTE[colour], "dash": "", "marker": shape})
    notes = {i: f"{float(r['e2e_ratio']):.1f}x" for i, r in enumerate(rows)
             if number(r["e2e_ratio"]) is not None}
    reps = rows[0].get("reps", "") if rows else ""
    line_plot(dst, f"Sudoku generation ({version}): dayseed vs Solo", "level (Solo: b, i, a, e, u)",
              "CPU ms per puzzle", series, ylog=time_log, categories=cats, notes=notes,
              subtitle=f"medians of {reps or 'several'} paired runs; "
                       "figures = Solo / dayseed gen, whole processes")


def plot_solver(src, dst, rate_log):
    rows = read_csv(src, ["list", "ours_per_sec", "peer_per_sec"])
    cats = [r["list"] for r in rows]
    series = []
    for label, col, colour, shape in [("dayseed", "ours_per_sec", 0, "circle"),
                                      ("sudoku crate", "peer_per_sec", 1, "diamond"),
                                      ("tdoku", "tdoku_per_sec", 2, "square")]:
        pts = [(i, number(r.get(col, ""))) for i, r in enumerate(rows)]
        points = [(i, y) for i, y in pts if y is not None]
        if points:
            series.append({"label": label, "points": points,
                           "colour": PALETTE[colour], "dash": "", "marker": shape})
    notes = {}
    for i, r in enumerate(rows):
        ours, peer = number(r["ours_per_sec"]), number(r["peer_per_sec"])
        if ours and peer:
            notes[i] = f"{ours / peer:.2f}x"
    title = "Sudoku solver throughput: dayseed vs the sudoku crate"
    if len(series) > 2:
        title += " and tdoku"
    line_plot(dst, title, "puzzle list",
              "puzzles per second", series, ylog=rate_log, categories=cats, notes=notes,
              subtitle="figures = dayseed / sudoku crate")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", default=os.path.join(here, "results"),
                    help="folder with the CSVs; the SVGs are written there")
    ap.add_argument("--time-scale", choices=["log", "linear"], default="log",
                    help="y scale of the time plots (default log)")
    ap.add_argument("--rate-scale", choices=["log", "linear"], default="linear",
                    help="y scale of the throughput plot (default linear)")
    a = ap.parse_args()
    plots = [("slitherlink-cost", plot_slitherlink, a.time_scale == "log"),
             ("sudoku-generate", lambda s, d, log: plot_sudoku_generate(s, d, log, "g2"),
              a.time_scale == "log"),
             ("sudoku-g3", lambda s, d, log: plot_sudoku_generate(s, d, log, "g3"),
              a.time_scale == "log"),
             ("sudoku-g4", lambda s, d, log: plot_sudoku_generate(s, d, log, "g4"),
              a.time_scale == "log"),
             ("sudoku-solver", plot_solver, a.rate_scale == "log")]
    if not os.path.isdir(a.results):
        print(f"no results folder {a.results}", file=sys.stderr)
        return 1
    failed = False
    for name, plot, log in plots:
        src = os.path.join(a.results, name + ".csv")
        if not os.path.exists(src):
            print(f"skipping {name}.svg: {src} not found", file=sys.stderr)
            continue
        try:
            plot(src, os.path.join(a.results, name + ".svg"), log)
        except (CsvError, OSError, csv.Error) as e:
            print(f"cannot plot {name}.svg from {src}: {e}", file=sys.stderr)
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
