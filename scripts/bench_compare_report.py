#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The tables and charts of make bench-compare, from its results.json.

write_report(data, out) writes out/README.md (a table per parameter set,
X25519, X-Wing and, where measured, each round-3 Kyber variant: rdtsc ticks,
ns, and each row's ratio to this library's best backend; the ratios issue
26's targets are about; what each row times; how it was built; skipped
rows) and out/ml-kem-NNN.svg, x25519.svg, x-wing.svg, kyberNNN[-90s].svg
(bar charts, hand-written SVG). Run alone to redo them from a
results.json:

    python3 scripts/bench_compare_report.py docs/benchmarks/results.json
"""
import json
import os
import sys
from html import escape

OPS = ["keygen", "encaps", "decaps"]
MLKEM_SETS = ["ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"]
X25519, XWING = "X25519", "X-Wing"
SETS = MLKEM_SETS + [X25519, XWING]
KYBER_SETS = ["Kyber512", "Kyber768", "Kyber1024", "Kyber512-90s", "Kyber768-90s",
              "Kyber1024-90s"]
# The operations of each set, as the tables' columns; the key of a row's
# description of them ("x25519", "xwing"; the ML-KEM ones are the row's own
# keys).
SET_OPS = {X25519: ["x25519", "x25519_base"]}
DESCRIPTION_KEY = {X25519: "x25519", XWING: "xwing"}
OP_TITLES = {"x25519": "shared secret X25519(k, u)", "x25519_base": "public key X25519(k, 9)"}
COLORS = {"keygen": "#4e79a7", "encaps": "#f28e2b", "decaps": "#59a14f",
          "x25519": "#4e79a7", "x25519_base": "#e15759"}
# The targets: ceilings on the ratios stated under the X25519 and X-Wing
# tables, on every x86-64 (with AVX-512 IFMA and without).
TARGETS = {"x25519": 0.8, "x25519_base": 0.35, "xwing": 0.3, "xwing_expanded": 0.6}


def ops_of(set_name):
    return SET_OPS.get(set_name, OPS)


def chart_name(set_name):
    return set_name.lower() + ".svg"


def total(row, set_name):
    return sum(row["results"][set_name][op]["ticks"] for op in ops_of(set_name))


def measured(data, set_name):
    """Rows with figures for every operation of set_name, fastest first."""
    rows = [r for r in data["rows"]
            if all(op in r.get("results", {}).get(set_name, {}) for op in ops_of(set_name))]
    return sorted(rows, key=lambda r: total(r, set_name))


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
    ops = ops_of(set_name)
    cols = ops + (["sum"] if len(ops) > 2 else [])
    extra = {XWING: ["RNG in timed calls"]}.get(
        set_name, [] if set_name == X25519 else ["checks (encaps / decaps)", "RNG in timed calls"])
    lines = [
        "| implementation | " + " | ".join(OP_TITLES.get(c, c) for c in cols + extra) + " |",
        "| --- | " + " | ".join(["---:"] * len(cols) + ["---"] * len(extra)) + " |",
    ]
    for r in rows:
        res = r["results"][set_name]
        approx = "≈" if r.get("python") else ""
        cells = []
        for op in cols:
            if op == "sum":
                t = total(r, set_name)
                ns = sum(res[o]["ns"] for o in ops)
                rt = total(ref, set_name) if ref else None
            else:
                t, ns = res[op]["ticks"], res[op]["ns"]
                rt = ref["results"][set_name][op]["ticks"] if ref else None
            ratio = f" ×{t / rt:.2f}" if rt else ""
            cells.append(f"{approx}{fmt(t)} ({ns / 1000:.1f} µs){ratio}")
        if set_name == XWING:
            cells.append(r["xwing"]["rng"])
        elif set_name != X25519:
            cells += [r["checks"], r["rng"]]
        label = f"**{r['label']}**" if r.get("ours") else r["label"]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("")
    return lines


def row_by_id(data, row_id, set_name):
    for r in measured(data, set_name):
        if r["id"] == row_id:
            return r
    return None


def cell(row, set_name, op):
    return row["results"][set_name][op]["ticks"]


def ratio_line(what, num, den, target=None):
    line = f"- {what}: {fmt(num)} / {fmt(den)} = **{num / den:.2f}**"
    if target is not None:
        line += (f" (target: at most {target:.2f}; "
                 + ("met" if num / den <= target else "not met") + ")")
    return line + "."


def x25519_ratios(data):
    """Our X25519 against OpenSSL's assembly: the two target ratios."""
    rows = measured(data, X25519)
    ours = [r for r in rows if r.get("ours")]
    ossl = row_by_id(data, "openssl-prepared", X25519)
    ossl_evp = row_by_id(data, "openssl", X25519)
    if not ours or not ossl:
        return []
    best = min(ours, key=lambda r: cell(r, X25519, "x25519"))
    base = min(ours, key=lambda r: cell(r, X25519, "x25519_base"))
    var = cell(ossl, X25519, "x25519")
    lines = ["Against OpenSSL's X25519 (its x86-64 assembly; the prepared-context row,",
             "which times EVP_PKEY_derive alone, as `openssl speed ecdhx25519` does):", "",
             ratio_line(f"shared secret, {best['label']} / OpenSSL",
                        cell(best, X25519, "x25519"), var, TARGETS["x25519"])]
    for r in ours:
        if r is not best:
            lines.append(ratio_line(f"shared secret, {r['label']} / OpenSSL",
                                    cell(r, X25519, "x25519"), var))
    lines.append(ratio_line(f"public key (fixed base), {base['label']} / OpenSSL's shared "
                            "secret (variable base)", cell(base, X25519, "x25519_base"), var,
                            TARGETS["x25519_base"]))
    if ossl_evp:
        lines.append(ratio_line(f"shared secret, {best['label']} / OpenSSL through EVP from "
                                "bytes (its objects made and freed in each call)",
                                cell(best, X25519, "x25519"), cell(ossl_evp, X25519, "x25519")))
    lines.append("")
    return lines


def xwing_ratios(data):
    """Our X-Wing against Go's crypto/hpke, for every backend measured (each
    runs its own X25519): the target ratio, the same without HPKE's key
    schedule, and with decaps on an expanded key (as Go's decapsulation
    key keeps its expansion); and decaps_expanded / decaps."""
    rows = measured(data, XWING)
    ours = [r for r in rows if r.get("ours")]
    go = row_by_id(data, "go-hpke", XWING)
    if not ours or not go:
        return []
    theirs = total(go, XWING)
    lines = ["keygen + encaps + decaps against Go's crypto/hpke MLKEM768X25519 (X-Wing):", ""]
    ks = go["results"][XWING].get("key_schedule")
    parts = row_by_id(data, "go-xwing-parts", XWING)
    for r in ours:
        mine = total(r, XWING)
        lines.append(ratio_line(f"{r['label']} / Go crypto/hpke", mine, theirs, TARGETS["xwing"]))
        res = r["results"][XWING]
        if "decaps_expanded" in res:
            mine_x = mine - res["decaps"]["ticks"] + res["decaps_expanded"]["ticks"]
            lines.append(ratio_line(f"{r['label']}, decaps on an expanded key "
                                    "(xwing_decaps_expanded) / Go crypto/hpke",
                                    mine_x, theirs, TARGETS["xwing"]))
            lines.append(ratio_line(f"{r['label']}: decaps_expanded / decaps",
                                    res["decaps_expanded"]["ticks"], res["decaps"]["ticks"],
                                    TARGETS["xwing_expanded"]))
    best = ours[0]
    mine = total(best, XWING)
    if ks:
        lines.append(ratio_line(
            f"{best['label']}, with HPKE's key schedule taken out of Go's encaps and decaps "
            f"(measured on its own: {fmt(ks['ticks'])} ticks, HKDF-SHA256, once in each)",
            mine, theirs - 2 * ks["ticks"]))
    if parts:
        lines.append(ratio_line(f"{best['label']} against Go's X-Wing composed from "
                                "crypto/mlkem, ecdh and sha3 without HPKE",
                                mine, total(parts, XWING)))
    lines.append("")
    return lines


def built_with(r):
    b = r.get("build_info", {})
    return "; ".join(x for x in (b.get("compiler"), b.get("flags"), r.get("build_note"))
                     if x) or "—"


def describe_rows(data):
    lines = [
        "### ML-KEM", "",
        "| implementation | keygen times | encaps times | decaps times | built with |",
        "| --- | --- | --- | --- | --- |",
    ]
    for r in data["rows"]:
        if any(s in MLKEM_SETS for s in r.get("sets", MLKEM_SETS)):
            lines.append(f"| {r['label']} | {r['keygen']} | {r['encaps']} | {r['decaps']} | "
                         f"{built_with(r)} |")
    lines.append("")
    for set_name in (X25519, XWING):
        key, ops = DESCRIPTION_KEY[set_name], ops_of(set_name)
        if not any(key in r for r in data["rows"]):
            continue
        lines += [f"### {set_name}", "",
                  "| implementation | " + " | ".join(f"{OP_TITLES.get(o, o)} times" for o in ops)
                  + " | built with |",
                  "| --- | " + " | ".join("---" for _ in ops) + " | --- |"]
        for r in data["rows"]:
            if key in r:
                lines.append(f"| {r['label']} | " + " | ".join(r[key][o] for o in ops)
                             + f" | {built_with(r)} |")
        lines.append("")
    kyber = [r for r in data["rows"] if any(s in KYBER_SETS for s in r.get("sets", []))]
    if kyber:
        lines += ["### Round-3 Kyber and Kyber-90s", "",
                  "| implementation | keygen times | encaps times | decaps times | built with |",
                  "| --- | --- | --- | --- | --- |"]
        for r in kyber:
            lines.append(f"| {r['label']} | {r['keygen']} | {r['encaps']} | {r['decaps']} | "
                         f"{built_with(r)} |")
        lines.append("")
    return lines


def generated(data, set_name):
    """When set_name was measured: by the last --sets run that had it, or
    else by the run of the header."""
    runs = [p for p in data.get("partial_runs", []) if set_name in p["sets"]]
    return runs[-1]["generated"] if runs else data["generated"]


def svg_chart(data, set_name):
    rows = measured(data, set_name)
    if not rows:
        return None
    ops = ops_of(set_name)
    bar, gap, group_gap = 11, 2, 12
    left, right, top = 330, 90, 70
    width = 980
    plot_w = width - left - right
    group_h = len(ops) * bar + (len(ops) - 1) * gap + group_gap
    height = top + group_h * len(rows) + 40
    vmax = max(r["results"][set_name][op]["ticks"] for r in rows for op in ops)
    step = nice_step(vmax / 5)
    scale = plot_w / (step * (int(vmax / step) + 1))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{left}" y="22" font-size="15" font-weight="bold">{escape(set_name)}: '
        'median rdtsc ticks per call (lower is better)</text>',
        f'<text x="{left}" y="40" fill="#555">{escape(data["machine"]["model"])}, '
        f'{escape(generated(data, set_name))}'
        + ("; ≈ = converted from ns (Python)" if any(r.get("python") for r in rows) else "")
        + "</text>",
    ]
    x = left
    for op in ops:
        title = OP_TITLES.get(op, op)
        out.append(f'<rect x="{x}" y="50" width="12" height="12" fill="{COLORS[op]}"/>'
                   f'<text x="{x + 16}" y="60">{escape(title)}</text>')
        x += max(90, 16 + 7 * len(title) + 20)
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
        label = r.get("short", r["label"])
        label = label if len(label) <= 48 else label[:47] + "…"
        out.append(f'<text x="{left - 8}" y="{y0 + len(ops) * (bar + gap) / 2 + 3}" '
                   f'text-anchor="end"{weight}>{escape(label)}</text>')
        for i, op in enumerate(ops):
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


def partial_note(data, sets):
    """Where sets of a section were measured in a --sets run apart from the
    run of the header: that run's date, method and load."""
    lines = []
    for p in data.get("partial_runs", []):
        mine = [x for x in p["sets"] if x in sets]
        if not mine:
            continue
        meth = p["method"]
        rounds = f"{meth['rounds']} round" + ("s" if meth["rounds"] != 1 else "")
        lines += [f"Measured apart from the rest (`bench_compare.py --sets`, here"
                  f" {', '.join(mine)}): run {p['generated']}, commit {p.get('commit') or '?'};"
                  f" {rounds} of {meth['iterations']:,} calls per operation in"
                  f" {meth['passes']} passes; TSC at {(p.get('tick_hz') or 0) / 1e9:.3f} GHz;"
                  f" builds {p['build_seconds']['total']:.0f} s, everything"
                  f" {p['total_seconds']:.0f} s." + load_note(p.get("load_average")), ""]
    return lines


def row_by_ids(data, set_name, ids):
    """The first of the rows ids that measured set_name, or None."""
    for i in ids:
        r = row_by_id(data, i, set_name)
        if r:
            return r
    return None


def like_for_like(data, sets):
    """Each round-3 variant: this library's backends against the Kyber
    team's code of the same kind (portable C against the reference C, the
    avx2 backend against the AVX2 code), operation by operation."""
    pairs = [("the reference C / this library's portable C", "kyber-r3-clean",
              "mlkem-kyber-portable"),
             ("the Kyber team's AVX2 / this library's avx2 backend", "kyber-r3-avx2",
              "mlkem-kyber-avx2")]
    cols = [(title, theirs, mine) for title, theirs, mine in pairs
            if any(row_by_id(data, theirs, s) and row_by_id(data, mine, s) for s in sets)]
    if not cols:
        return []
    lines = ["Like for like: the Kyber team's code over this library's of the same kind",
             "(keygen / encaps / decaps, then the sum of the three; ×2.00 = the Kyber team's",
             "code takes twice as long):", "",
             "| variant | " + " | ".join(c[0] for c in cols) + " |",
             "| --- | " + " | ".join("---:" for _ in cols) + " |"]
    for s in sets:
        cells = []
        for _, theirs, mine in cols:
            a, b = row_by_id(data, theirs, s), row_by_id(data, mine, s)
            if not a or not b:
                cells.append("—")
                continue
            per_op = " / ".join(f"×{cell(a, s, op) / cell(b, s, op):.2f}" for op in OPS)
            cells.append(f"{per_op} (sum ×{total(a, s) / total(b, s):.2f})")
        lines.append(f"| {s} | " + " | ".join(cells) + " |")
    lines.append("")
    return lines


def kyber_section(data):
    """Round-3 Kyber and Kyber-90s: what was compared and checked, a table
    and a chart per variant, and the like-for-like ratios."""
    sets = [s for s in KYBER_SETS if measured(data, s)]
    if not sets:
        return []
    lines = ["## Round-3 Kyber and Kyber-90s", ""] + partial_note(data, KYBER_SETS) + [
        "The NIST round-3 Kyber (version 3.02) and its 90s variant (AES-256-CTR as XOF and",
        "PRF, SHA-256 as H and KDF, SHA-512 as G): this library's `kyber*_` functions",
        "(include/mlkem_kyber.h) against the Kyber team's round-3 code as PQClean ships it",
        "(pq-crystals/kyber commit faf5c3f, through the crates.io package pqcrypto-kyber",
        "0.7.6): its reference C (PQClean's \"clean\") and its AVX2 code, both from one",
        "build. The round-3 code has no derandomized functions: its harness gives the random",
        "source the coins this library's derandomized calls take (the seed 1, 2, 3, 0, … as",
        "d ‖ z for keygen; 4, 5, 6, 0, … for encaps, the bytes hashed into m), so both sides",
        "compute the same keys and ciphertexts, and no timed call asks the OS. Before timing,",
        "the driver compared the round-3 rows' outputs with this library's (whose test suite",
        "holds them to the round-3 KATs and reference test vectors):", ""]
    lines += [f"- {r['label']}: {r['output_check']}." for r in data["rows"]
              if r.get("output_check") and r.get("status") == "ok"]
    lines += [
        "",
        "The 90s variants run on the AES and SHA-2 code of each side: this library's portable",
        "backend on its bitsliced AES and C SHA-2, avx2 on VAES-256 (AES-NI where the CPU has",
        "no VAES) and SHA-NI, avx512 on VAES-512 and SHA-NI; the Kyber team's AVX2 code on",
        "AES-NI and PQClean's C SHA-2, its reference C on PQClean's bitsliced AES (BearSSL's",
        "ct64) and C SHA-2. This library runs FIPS 203's input checks (pk's modulus check,",
        "sk's hash check) on round-3 keys as well; round 3 itself has none.", ""]
    for s in sets:
        lines += [f"### {s}", "", f"![{s}]({chart_name(s)})", "",
                  "rdtsc ticks (µs) and the ratio to this library's fastest backend:", ""]
        lines += set_table(data, s)
    lines += like_for_like(data, sets)
    return lines


def write_report(data, out):
    m, meth, tools = data["machine"], data["method"], data["tools"]
    kyber = kyber_section(data)
    lines = [
        "# This library against other implementations of ML-KEM, X25519"
        + (", X-Wing and round-3 Kyber" if kyber else " and X-Wing"),
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
        "  X25519: the private key k = 7, 8, 9, 0, …, the peer's public key u that of 1, 2, 3,",
        "  0, …; X-Wing: the seed 7, 8, 9, 0, … (32 bytes), the same 64 bytes for encaps.",
        "- Python rows (≈) are ns converted at the TSC rate and include one Python call and",
        "  two clock reads"
        + (f" ({data['python_overhead_ns']} ns measured on an empty call)."
           if data.get("python_overhead_ns") is not None else "."),
        "",
    ]
    for s in SETS:
        lines += [f"## {s}", ""] + partial_note(data, [s]) + [
            f"![{s}]({chart_name(s)})", "",
            "rdtsc ticks (µs) and the ratio to this library's fastest backend:", ""]
        lines += set_table(data, s)
        if s == X25519:
            lines += x25519_ratios(data)
        elif s == XWING:
            lines += xwing_ratios(data)
    lines += kyber
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
        "- X25519: the shared secret starts from the peer's public key as bytes, as it arrives",
        "  (except in OpenSSL's prepared-context row); the public key is X25519(k, 9), which",
        "  this library computes with a fixed-base comb over a table, Go with the ladder, and",
        "  OpenSSL (3.0 and the pyca wheel's) while it imports the private key. OpenSSL's two",
        "  rows differ by what EVP costs per call: key objects and a context made and freed.",
        "- X-Wing's private key is its 32-byte seed: this library, libcrux and RustCrypto",
        "  decapsulate from it and so expand it (an ML-KEM-768 keygen and an X25519 public",
        "  key) in every decaps, as the draft's Decapsulate does; Go keeps key objects, so its",
        "  decaps does not. Go's rows draw their randomness from crypto/rand. Go's only public",
        "  X-Wing is HPKE's KEM, whose encapsulation and decapsulation run only inside",
        "  hpke.NewSender and NewRecipient, with HPKE's key schedule: its row includes it, the",
        "  key schedule is timed alone too (operation key_schedule of that row in",
        "  results.json), and the composed row shows Go's X-Wing without HPKE.",
        "",
        "## What each row times, and how it was built", ""]
    lines += describe_rows(data)
    crates = ", ".join(f"{k} {v}" for k, v in sorted(tools.get("crates", {}).items()))
    lines += [
        "Tools: " + "; ".join(x for x in (tools.get("cc"), tools.get("rustc"), tools.get("cargo"),
                                            tools.get("go"), tools.get("openssl"),
                                            "Python " + tools.get("python", "?"),
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
        # This library's round-3 rows share their labels with its ML-KEM rows.
        kyber_only = r.get("ours") and r.get("sets") and all(s in KYBER_SETS for s in r.get("sets", []))
        if spreads:
            lines.append(f"- {r['label']}{' (round-3 Kyber)' if kyber_only else ''}: "
                         f"{max(spreads) * 100:.0f} %")
    lines.append("")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(lines))
    for s in SETS + KYBER_SETS:
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
