#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make bench-chacha20poly1305: ChaCha20-Poly1305 against OpenSSL, in rounds.

Each round runs, one after the other and in alternating order,
  - bench/mlkem_chacha20poly1305_bench (this library's seal and open per
    implementation, and OpenSSL's EVP ChaCha20-Poly1305 timed in the same
    process the same way: its lowest-of-passes medians), and
  - `openssl speed -evp chacha20-poly1305 -bytes N -seconds S` for N = 64
    and 16384 (OpenSSL's own figure: EVP_EncryptUpdate in place, bytes per
    second, converted to ns per call),
all pinned to one CPU ($MLKEM_BENCH_CPU, else the highest-numbered one
this process may use; openssl through taskset where it exists). Other work
on the machine only ever adds time, so the table takes the lowest of the
rounds for every cell and shows the highest beside it; the ratios are
OpenSSL's time over ours (above 1: faster than OpenSSL).

Usage: bench_chacha20poly1305.py [--build-dir DIR] [--rounds R]
                                 [--passes P] [--seconds S]
Standard library only; without the openssl command the speed rows are
left out (the in-process EVP rows need the benchmark built with OpenSSL's
development files).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

SIZES = (64, 16384)


def run_bench(prog, passes):
    """{(who, op, bytes): ticks}, ticks per ns, and the header line."""
    out = subprocess.run([prog, "--passes", str(passes)], check=True,
                         capture_output=True, text=True).stdout
    rows = {}
    rate = None
    header = out.splitlines()[0] if out else ""
    m = re.search(r"([0-9.]+) ticks/ns", out)
    if m:
        rate = float(m.group(1))
    for line in out.splitlines():
        m = re.match(r"\s+(\S+)\s+(.+?)\s+(\d+) B\s+(\d+)\s+(\d+)\s", line)
        if m:
            rows[(m.group(1), m.group(2).strip(), int(m.group(3)))] = \
                int(m.group(4))
    return rows, rate, header


def run_speed(openssl, size, seconds, cpu):
    """ns per call of `openssl speed -evp chacha20-poly1305` at size."""
    out = subprocess.run(
        pinned([openssl, "speed", "-evp", "chacha20-poly1305", "-bytes",
                str(size), "-seconds", str(seconds)], cpu),
        check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = re.match(r"(?i)chacha20-poly1305\s+([0-9.]+)k", line.strip())
        if m:
            bytes_per_s = float(m.group(1)) * 1000.0
            return size / bytes_per_s * 1e9
    raise RuntimeError("no result line in openssl speed's output")


def bench_cpu():
    cpu = os.environ.get("MLKEM_BENCH_CPU")
    if cpu is None and hasattr(os, "sched_getaffinity"):
        cpu = str(max(os.sched_getaffinity(0)))
        os.environ["MLKEM_BENCH_CPU"] = cpu
    return cpu


def pinned(cmd, cpu):
    if cpu is not None and shutil.which("taskset"):
        return ["taskset", "-c", cpu] + cmd
    return cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build-dir", default="build")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=1)
    args = ap.parse_args()
    prog = os.path.join(args.build_dir, "bench", "mlkem_chacha20poly1305_bench")
    if not os.path.exists(prog):
        print("bench_chacha20poly1305: %s not built" % prog, file=sys.stderr)
        return 1
    cpu = bench_cpu()
    openssl = shutil.which("openssl")
    if openssl is None:
        print("bench_chacha20poly1305: the openssl command is not installed: "
              "its `openssl speed` rows are left out")
    best, worst, rates = {}, {}, []
    header = ""
    for r in range(args.rounds):
        steps = ["bench", "speed"] if r % 2 == 0 else ["speed", "bench"]
        for step in steps:
            if step == "bench":
                rows, rate, header = run_bench(prog, args.passes)
                if rate:
                    rates.append(rate)
                for key, ticks in rows.items():
                    best[key] = min(best.get(key, ticks), ticks)
                    worst[key] = max(worst.get(key, ticks), ticks)
            elif openssl is not None:
                for size in SIZES:
                    ns = run_speed(openssl, size, args.seconds, cpu)
                    key = ("openssl", "speed -evp (ns)", size)
                    best[key] = min(best.get(key, ns), ns)
                    worst[key] = max(worst.get(key, ns), ns)
        print("round %d of %d done" % (r + 1, args.rounds), flush=True)
    rate = sum(rates) / len(rates) if rates else 1.0
    print()
    print(header)
    print("Lowest (highest) of %d rounds, rdtsc ticks per call; "
          "%.3f ticks/ns" % (args.rounds, rate))
    print("| who | what | bytes | ticks | ns | ticks/B |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for key in sorted(best, key=lambda k: (k[2], k[0], k[1])):
        who, op, size = key
        if op == "speed -evp (ns)":
            ns = best[key]
            ticks = ns * rate
            spread = worst[key] * rate
            op = "`openssl speed -evp` (its own timing)"
        else:
            ticks = best[key]
            spread = worst[key]
            ns = ticks / rate
        print("| %s | %s | %d | %.0f (%.0f) | %.0f | %.3f |"
              % (who, op, size, ticks, spread, ns, ticks / size))
    print()
    for impl in sorted({k[0] for k in best if k[0] != "openssl"}):
        for size in SIZES:
            ours = best.get((impl, "seal", size))
            if ours is None:
                continue
            parts = []
            upd = best.get(("openssl", "EVP update (speed -evp)", size))
            if upd:
                parts.append("vs EVP update in-process %.2f" % (upd / ours))
            sp = best.get(("openssl", "speed -evp (ns)", size))
            if sp:
                parts.append("vs `openssl speed` %.2f" % (sp * rate / ours))
            seal = best.get(("openssl", "EVP seal", size))
            if seal:
                parts.append("vs EVP seal %.2f" % (seal / ours))
            print("%s seal %d B: OpenSSL's time / ours: %s"
                  % (impl, size, ", ".join(parts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
