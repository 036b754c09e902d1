#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Per-call time of generate, encapsulate and decapsulate: this package
against pyca/cryptography, in the same process.

Usage: python bench.py [--calls N] [--passes P] [--json FILE]

Every operation is warmed up, then timed one call at a time with
time.perf_counter_ns(), N calls per operation and library in P passes that
alternate between the two libraries and cycle through the operations (so a
burst of outside load hits both alike). The figure is the median of all
calls, in microseconds, of the public Python API as a user calls it:
generate() draws its seed from the OS and expands it, encapsulate() draws
m and returns (shared_secret, ciphertext) as bytes, decapsulate(ct) checks
and copies its argument. pyca has no ML-KEM-512, so that row has ours only.
"""
import argparse
import json
import statistics
import sys
import time

import mlkem

SETS = ["512", "768", "1024"]


def operations(mod, size):
    """(name, callable) for one library and set, on one fixed key."""
    priv_cls = getattr(mod, f"MLKEM{size}PrivateKey")
    key = priv_cls.generate()
    pub = key.public_key()
    _, ct = pub.encapsulate()
    return [("generate", priv_cls.generate),
            ("encapsulate", pub.encapsulate),
            ("decapsulate", lambda: key.decapsulate(ct))]


def time_calls(fn, n, out):
    clock = time.perf_counter_ns
    for _ in range(n):
        t0 = clock()
        fn()
        out.append(clock() - t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--calls", type=int, default=5000, help="calls per operation (default 5000)")
    ap.add_argument("--passes", type=int, default=10, help="passes (default 10)")
    ap.add_argument("--json", help="write the medians here")
    args = ap.parse_args()

    libs = {"mlkem": mlkem}
    try:
        from cryptography.hazmat.primitives.asymmetric import mlkem as pyca_mlkem
        import cryptography
        libs["pyca"] = pyca_mlkem
        pyca_version = cryptography.__version__
    except ImportError:
        pyca_version = None
        print("pyca/cryptography is not installed: timing this package only", file=sys.stderr)

    jobs = []  # (lib, size, op, fn)
    for size in SETS:
        for lib, mod in libs.items():
            if not hasattr(mod, f"MLKEM{size}PrivateKey"):
                continue
            for op, fn in operations(mod, size):
                jobs.append((lib, size, op, fn))
    samples = {(lib, size, op): [] for lib, size, op, _ in jobs}
    per_pass = max(1, args.calls // args.passes)
    for lib, size, op, fn in jobs:
        time_calls(fn, max(50, per_pass // 5), [])  # warm-up
    for p in range(args.passes):
        order = jobs if p % 2 == 0 else list(reversed(jobs))
        for lib, size, op, fn in order:
            time_calls(fn, per_pass, samples[(lib, size, op)])

    med = {k: statistics.median(v) / 1000 for k, v in samples.items()}
    print(f"mlkem {mlkem.__version__} (backend {mlkem.backend_name()}), "
          f"pyca/cryptography {pyca_version or 'absent'}, Python {sys.version.split()[0]}; "
          f"median us per call of {per_pass * args.passes} calls")
    print()
    print("| set | operation | mlkem (us) | pyca (us) | speed-up |")
    print("| --- | --- | ---: | ---: | ---: |")
    rows = []
    for size in SETS:
        for op in ("generate", "encapsulate", "decapsulate"):
            ours = med[("mlkem", size, op)]
            theirs = med.get(("pyca", size, op))
            ratio = theirs / ours if theirs else None
            rows.append({"set": f"ML-KEM-{size}", "operation": op, "mlkem_us": ours,
                         "pyca_us": theirs, "speedup": ratio})
            print(f"| ML-KEM-{size} | {op} | {ours:.2f} | "
                  f"{f'{theirs:.2f}' if theirs else '-'} | "
                  f"{f'{ratio:.2f}x' if ratio else '-'} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"backend": mlkem.backend_name(), "pyca": pyca_version,
                       "python": sys.version.split()[0],
                       "calls": per_pass * args.passes, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
