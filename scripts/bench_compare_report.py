#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The tables and charts of make bench-compare, from its results.json.

write_report(data, out) writes out/README.md (a table per parameter set:
rdtsc ticks, ns, and each row's ratio to this library's best backend; what
each row times; how it was built; skipped rows) and out/ml-kem-NNN.svg (bar
charts, hand-written SVG). Run alone to redo them from a results.json:

    python3 scripts/bench_compare_report.py docs/benchmarks/results.json
"""
import json
import os
import sys
from html import escape

OPS = ["keygen", "encaps", "decaps"]
COLORS = {"keygen": "#4e79a7", "encaps": "#f28e2b", "decaps": "#59a14f"}


def chart_name(set_name):
    return set_name.lower() + ".svg"


def measured(data, set_name):
    """Rows with figures for every operation of set_name, fastest first."""
    rows = [r for r in data["rows"]
            if all(op in r.get("results", {}).get(set_name, {}) for op in OPS)]
    return sorted(rows, key=lambda r: sum(r["results"][set_name][op]["ticks"] for op in OPS))


def best_ours(rows, set_name):
    ours = [r for r in rows if r.get("ours")]
    return ours[0] if ours else None  # rows come fastest first


def fmt(n):
    return f"{n:,}"


def set_table(data, set_name):
    rows = measured(data, set_name)
    if not rows:
        return [f"No row measured {set_name}.", ""]
    ref = best_ours(rows, set_name)
    lines = [
        "| implementation | keygen | encaps | decaps | sum | checks (encaps / decaps) | RNG in timed calls |",
        "| --- | ---: | ---: | ---: | ---: | --- | --- |",
    ]
    for r in rows:
        res = r["results"][set_name]
        approx = "≈" if r.get("python") else ""
        cells = []
        for op in OPS + ["sum"]:
            if op == "sum":
                t = sum(res[o]["ticks"] for o in OPS)
                ns = sum(res[o]["ns"] for o in OPS)
                rt = sum(ref["results"][set_name][o]["ticks"] for o in OPS) if ref else None
            else:
                t, ns = res[op]["ticks"], res[op]["ns"]
                rt = ref["results"][set_name][op]["ticks"] if ref else None
            ratio = f" ×{t / rt:.2f}" if rt else ""
            cells.append(f"{approx}{fmt(t)} ({ns / 1000:.1f} µs){ratio}")
        label = f"**{r['label']}**" if r.get("ours") else r["label"]
        lines.append(f"| {label} | " + " | ".join(cells)
                     + f" | {r['checks']} | {r['rng']} |")
    lines.append("")
    return lines


def describe_rows(data):
    lines = [
        "| implementation | keygen times | encaps times | decaps times | built with |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in data["rows"]:
        b = r.get("build_info", {})
        built = "; ".join(x for x in (b.get("compiler"), b.get("flags"), r.get("build_note"))
                          if x)
        lines.append(f"| {r['label']} | {r['keygen']} | {r['encaps']} | {r['decaps']} | "
                     f"{built or '—'} |")
    lines.append("")
    return lines


def svg_chart(data, set_name):
    rows = measured(data, set_name)
    if not rows:
        return None
    bar, gap, group_gap = 11, 2, 12
    left, right, top = 330, 90, 70
    width = 980
    plot_w = width - left - right
    group_h = 3 * bar + 2 * gap + group_gap
    height = top + group_h * len(rows) + 40
    vmax = max(r["results"][set_name][op]["ticks"] for r in rows for op in OPS)
    step = nice_step(vmax / 5)
    scale = plot_w / (step * (int(vmax / step) + 1))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="22" font-size="15" font-weight="bold">{escape(set_name)}: '
        'median rdtsc ticks per call (lower is better)</text>',
        f'<text x="{left}" y="40" fill="#555">{escape(data["machine"]["model"])}, '
        f'{escape(data["generated"])}'
        + ("; ≈ = converted from ns (Python)" if any(r.get("python") for r in rows) else "")
        + "</text>",
    ]
    for i, op in enumerate(OPS):
        x = left + i * 90
        out.append(f'<rect x="{x}" y="50" width="12" height="12" fill="{COLORS[op]}"/>'
                   f'<text x="{x + 16}" y="60">{op}</text>')
    v = 0
    while v * scale <= plot_w + 0.5:
        x = left + v * scale
        out.append(f'<line x1="{x:.1f}" y1="{top - 4}" x2="{x:.1f}" y2="{height - 30}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{height - 14}" text-anchor="middle" '
                   f'fill="#555">{fmt(v)}</text>')
        v += step
    for g, r in enumerate(rows):
        y0 = top + g * group_h
        weight = ' font-weight="bold"' if r.get("ours") else ""
        label = r["label"] if len(r["label"]) <= 48 else r["label"][:47] + "…"
        out.append(f'<text x="{left - 8}" y="{y0 + 1.5 * bar + gap + 4}" text-anchor="end"'
                   f'{weight}>{escape(label)}</text>')
        for i, op in enumerate(OPS):
            t = r["results"][set_name][op]["ticks"]
            y = y0 + i * (bar + gap)
            w = max(1.0, t * scale)
            approx = "≈" if r.get("python") else ""
            out.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar}" '
                       f'fill="{COLORS[op]}"><title>{escape(r["label"])} {op}: '
                       f'{fmt(t)} ticks</title></rect>')
            out.append(f'<text x="{left + w + 4:.1f}" y="{y + bar - 2}" font-size="10" '
                       f'fill="#333">{approx}{fmt(t)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def nice_step(x):
    mag = 10 ** (len(str(int(max(1, x)))) - 1)
    for m in (1, 2, 2.5, 5, 10):
        if m * mag >= x:
            return int(m * mag)
    return int(10 * mag)


def load_note(load):
    if not load or not load.get("start") or not load.get("end"):
        return ""
    return (f" Load average (1, 5, 15 min) at the start {', '.join(load['start'])}, at the end "
            f"{', '.join(load['end'])}: other work shared the machine.")


def write_report(data, out):
    m, meth, tools = data["machine"], data["method"], data["tools"]
    sets = ["ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"]
    lines = [
        "# This library against other ML-KEM implementations",
        "",
        "Generated by `make bench-compare` (scripts/bench_compare.py): every row was built",
        "and timed in the same run, on the same machine, the same way. Do not edit by hand;",
        "run `make bench-compare` to measure your own machine.",
        "",
        f"- Run: {data['generated']}, commit {data.get('commit') or '?'}; builds "
        f"{data['build_seconds']['total']:.0f} s, everything {data['total_seconds']:.0f} s.",
        f"- Machine: {m['model']}, {m.get('logical_cpus')} logical CPUs"
        + (", a virtual machine" if m.get("hypervisor") else "")
        + f", Linux {m.get('kernel')}; CPU features {' '.join(m.get('flags', []))}."
        + load_note(data.get("load_average")),
        f"- Clock: {data['tick_unit']}, measured at "
        f"{(data['tick_hz'] or 0) / 1e9:.3f} GHz; ns from the monotonic clock around the same calls.",
        "- Method: every harness uses the timing of `make bench` (bench/bench.c; the Rust",
        "  harnesses share bench/compare/rust/timing, the Go and Python ones repeat it; Go",
        "  reads rdtsc through a small assembly function, Python cannot): warm-up,",
        f"  then {meth['iterations']:,} single calls per operation in {meth['passes']} passes that",
        f"  cycle through all sets and operations; {meth['rounds']} rounds, every row once per",
        "  round, its order rotated from round to round, each harness pinned with `taskset` to",
        "  the CPU that was idlest just before. A cell is the lowest of the rounds' medians",
        "  (outside load on a shared machine only adds time); `results.json` keeps every",
        "  round's median, quartiles and quietest-pass median.",
        "- Ratio: a row's ticks divided by those of this library's fastest backend on this",
        "  machine (×2.00 = takes twice as long).",
        "- Same inputs: the derandomized rows use the same seed (1, 2, 3, 0, …) and m",
        "  (4, 5, 6, 0, …); encaps always starts from the encoded ek, as it arrives from a peer.",
        "- Python rows (≈) are ns converted at the TSC rate and include one Python call and",
        "  two clock reads"
        + (f" ({data['python_overhead_ns']} ns measured on an empty call)."
           if data.get("python_overhead_ns") is not None else "."),
        "",
    ]
    for s in sets:
        lines += [f"## {s}", "", f"![{s}]({chart_name(s)})", "",
                  "rdtsc ticks (µs) and the ratio to this library's fastest backend:", ""]
        lines += set_table(data, s)
    lines += [
        "## Reading the tables",
        "",
        "- FIPS 203 section 7 requires the encapsulation-key check (every coefficient below q)",
        "  and the decapsulation-key check (the stored H(ek) matches ek) on keys that come from",
        "  outside. This library runs them in every encaps and decaps; libcrux leaves them to",
        "  separate functions, and the row \"+ validate_*\" calls them inside the timed call.",
        "- Go, RustCrypto and pyca/cryptography keep private keys only as seeds or as key",
        "  objects, so their decaps runs on an object made at keygen and has no encoded dk to",
        "  check. Go's and OpenSSL's key objects also keep the matrix A expanded, so their",
        "  decaps samples no matrix; a decaps from the encoded dk (this library, libcrux,",
        "  liboqs, AWS-LC) must sample it every time. Their encaps starts from the encoded ek",
        "  like everyone's, and so pays for that expansion there.",
        "- A row whose timed call draws randomness (column \"RNG\") pays for the random source",
        "  too; the others are derandomized: the seed and m are given.",
        "- libcrux picks its AVX2 code at run time in an ordinary build; the target-cpu=native",
        "  row lets the compiler use every feature of this CPU in all of its code.",
        "- pq-crystals is the Kyber team's own AVX2 code (as PQClean ships it). It runs no input",
        "  checks. Its clang -march=native row is the build of the fastest figures published",
        "  for it, with which this project's performance targets were set.",
        "",
        "## What each row times, and how it was built", ""]
    lines += describe_rows(data)
    crates = ", ".join(f"{k} {v}" for k, v in sorted(tools.get("crates", {}).items()))
    lines += [
        "Tools: " + "; ".join(x for x in (tools.get("cc"), tools.get("rustc"), tools.get("cargo"),
                                            tools.get("go"), "Python " + tools.get("python", "?"),
                                            tools.get("cmake")) if x)
        + (f". Crates as resolved: {crates}." if crates else "."),
        "",
    ]
    skipped = [r for r in data["rows"] if r.get("status") != "ok"]
    if skipped:
        lines += ["## Skipped", ""]
        lines += [f"- {r['label']}: {r.get('skip_reason', 'not run')}" for r in skipped]
        lines.append("")
    failed = [r for r in data["rows"] if r.get("errors")]
    if failed:
        lines += ["## Rounds that failed (the row's other rounds are in the tables)", ""]
        lines += [f"- {r['label']}: {e}" for r in failed for e in r["errors"]]
        lines.append("")
    lines += ["## Noise", "",
              "The largest spread of a row's medians over the rounds (max / min − 1), over",
              "its sets and operations:", ""]
    for r in data["rows"]:
        spreads = [c["spread"] for ops in r.get("results", {}).values() for c in ops.values()]
        if spreads:
            lines.append(f"- {r['label']}: {max(spreads) * 100:.0f} %")
    lines.append("")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines))
    for s in sets:
        svg = svg_chart(data, s)
        if svg:
            with open(os.path.join(out, chart_name(s)), "w") as f:
                f.write(svg)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    with open(path) as f:
        write_report(json.load(f), os.path.dirname(path) or ".")


if __name__ == "__main__":
    main()
