#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make bench-aead: this library's AES-GCM against OpenSSL, measured in one
run, side by side.

Each round runs, pinned with taskset to whichever CPU was the idlest over
the previous quarter second (as scripts/bench_compare.py does), in an order
that alternates from round to round:
  - `openssl speed -evp aes-128-gcm` and `-evp aes-256-gcm` for each
    message size (-bytes N -seconds S): OpenSSL's own figure, which times
    EVP_EncryptUpdate on one context over and over (no new nonce, no tag);
  - the library's benchmark, build/bench/mlkem_aead_bench (bench/
    aead_bench.c): every implementation, the public one-shot function,
    and OpenSSL's EVP per message (nonce, update, final, tag) in the same
    process, interleaved pass by pass.
For every figure the table takes the best round (on a shared machine
outside load only ever adds time) and shows the spread (worst / best
round). The ratio is the library's throughput (key expanded once, a new
nonce and a tag per message: mlkem_aes_gcm_seal_key with the
implementation this process dispatches to) over `openssl speed`'s; the
goal at 16 KiB is 0.9 or more.

Writes the rounds and the table to BUILD/bench-aead.json. Standard library
only.

Usage: bench_aead.py [--build DIR] [--rounds R] [--seconds S]
                     [--passes P] [--sizes N,N,...]
"""
import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from bench_compare import idle_cpu  # noqa: E402
AEADS = [("AES-128-GCM", "aes-128-gcm"), ("AES-256-GCM", "aes-256-gcm")]


def pinned(argv, env):
    cpu = idle_cpu()
    if cpu is not None and shutil.which("taskset"):
        env = dict(env, MLKEM_BENCH_CPU=str(cpu))
        return ["taskset", "-c", str(cpu)] + argv, env
    return argv, env


def openssl_speed(openssl, cipher, size, seconds):
    """Bytes per second of `openssl speed -evp cipher` at one size."""
    argv, env = pinned([openssl, "speed", "-evp", cipher, "-bytes", str(size),
                        "-seconds", str(seconds)], os.environ)
    p = subprocess.run(argv, capture_output=True, text=True, env=env,
                       timeout=120 + 4 * seconds)
    if p.returncode != 0:
        raise RuntimeError("openssl speed failed: " + p.stderr.strip())
    for line in p.stdout.splitlines():
        m = re.match(r"^(AES-\d+-GCM)\s+([\d.]+)k\s*$", line.strip())
        if m:
            return float(m.group(2)) * 1000.0
    raise RuntimeError("no figure in openssl speed's output:\n" + p.stdout)


def library_bench(binary, passes, sizes, out_json):
    argv, env = pinned([binary, "--passes", str(passes), "--sizes",
                        ",".join(str(s) for s in sizes), "--json", out_json],
                       os.environ)
    p = subprocess.run(argv, capture_output=True, text=True, env=env,
                       timeout=1800)
    if p.returncode != 0:
        raise RuntimeError("mlkem_aead_bench failed: " + p.stderr.strip())
    with open(out_json) as f:
        return json.load(f), p.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=1)
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--sizes", default="64,1024,16384")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    binary = os.path.join(args.build, "bench", "mlkem_aead_bench")
    if not os.access(binary, os.X_OK):
        print("bench_aead: %s not built (make build)" % binary)
        return 1
    openssl = shutil.which("openssl")
    if openssl is None:
        print("bench_aead: the openssl command is not installed: no "
              "`openssl speed` figure (Debian: apt-get install openssl)")
        return 1
    version = subprocess.run([openssl, "version"], capture_output=True,
                             text=True).stdout.strip()
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass

    rounds = []
    tmp = os.path.join(args.build, "bench-aead-round.json")
    for r in range(args.rounds):
        speed = {}
        def run_openssl():
            for name, cipher in AEADS:
                for size in sizes:
                    speed["%s/%d" % (name, size)] = openssl_speed(
                        openssl, cipher, size, args.seconds)
        lib = {}
        def run_library():
            doc, _ = library_bench(binary, args.passes, sizes, tmp)
            lib["rows"] = doc["rows"]
            lib["tick_unit"] = doc["tick_unit"]
            lib["dispatched"] = doc["dispatched"]
        steps = [run_openssl, run_library]
        if r % 2 == 1:
            steps.reverse()
        for step in steps:
            step()
        rounds.append({"openssl_speed": speed, "library": lib})
        print("bench_aead: round %d of %d done" % (r + 1, args.rounds),
              file=sys.stderr)
    if os.path.exists(tmp):
        os.remove(tmp)

    # The implementations, in mlkem_aead_bench's order, and the one this
    # process dispatches to (gcm_select.c).
    disp = rounds[0]["library"]["dispatched"]
    impls = []
    for row in rounds[0]["library"]["rows"]:
        if row["op"] == "init" and row["impl"] not in impls:
            impls.append(row["impl"])

    def best(key_fn, field):
        vals = [key_fn(rd) for rd in rounds]
        vals = [v for v in vals if v is not None]
        return (min(vals), max(vals)) if vals else (None, None)

    def lib_row(rd, impl, op, aead, size, field):
        for row in rd["library"]["rows"]:
            if (row["impl"], row["op"], row["aead"], row["bytes"]) == \
                    (impl, op, aead, size):
                return row[field]
        return None

    table = []
    print()
    print("AES-GCM on %s, %s; best of %d rounds (spread: worst / best)"
          % (cpu, version, args.rounds))
    print("library: mlkem_aes_gcm_seal_key per message (key expanded once, "
          "nonce, tag); ticks: %s" % rounds[0]["library"]["tick_unit"])
    hdr = ("%-12s %-6s %-22s %-7s %9s %8s %9s %7s" %
           ("aead", "bytes", "implementation", "op", "ticks", "tick/B",
            "MB/s", "spread"))
    print(hdr)
    for name, _ in AEADS:
        for size in sizes:
            rows_out = []
            for impl in impls + ["mlkem_aead_seal", "openssl EVP"]:
                for op in ("seal", "open", "update"):
                    t = best(lambda rd: lib_row(rd, impl, op, name, size,
                                                "ticks"), "ticks")
                    ns = best(lambda rd: lib_row(rd, impl, op, name, size,
                                                 "ns"), "ns")
                    if t[0] is None:
                        continue
                    mbps = size * 1000.0 / ns[0] if ns[0] else 0.0
                    print("%-12s %-6d %-22s %-7s %9d %8.3f %9.0f %7.2f" %
                          (name, size, impl, op, t[0], t[0] / size, mbps,
                           t[1] / t[0]))
                    rows_out.append({"impl": impl, "op": op, "ticks": t[0],
                                     "ticks_worst_round": t[1], "ns": ns[0],
                                     "ns_worst_round": ns[1], "MBps": mbps})
            sp = [rd["openssl_speed"]["%s/%d" % (name, size)] for rd in rounds]
            sp_best = max(sp)
            print("%-12s %-6d %-22s %-7s %9s %8s %9.0f %7.2f" %
                  (name, size, "openssl speed -evp", "update", "", "",
                   sp_best / 1e6, sp_best / min(sp)))
            ours = next(r for r in rows_out
                        if r["impl"] == disp and r["op"] == "seal")
            ratio = ours["MBps"] * 1e6 / sp_best
            upd = next((r for r in rows_out if r["impl"] == "openssl EVP"
                        and r["op"] == "update"), None)
            print("%-12s %-6d ratio %s seal / openssl speed: %.2f%s" %
                  (name, size, disp, ratio,
                   "  (goal >= 0.9)" if size == 16384 else ""))
            if upd is not None:
                print("%-12s %-6d ratio %s seal / EVP update in-process: "
                      "%.2f" % (name, size, disp, ours["MBps"] / upd["MBps"]))
            table.append({"aead": name, "bytes": size, "rows": rows_out,
                          "openssl_speed_Bps": sp_best,
                          "openssl_speed_Bps_rounds": sp,
                          "dispatched": disp, "ratio": ratio,
                          "ratio_evp_update": (ours["MBps"] / upd["MBps"]
                                               if upd else None)})
    out = os.path.join(args.build, "bench-aead.json")
    with open(out, "w") as f:
        json.dump({"cpu": cpu, "openssl": version, "rounds": rounds,
                   "table": table,
                   "method": "best of rounds; openssl speed -evp -bytes N "
                             "-seconds %d; mlkem_aead_bench --passes %d; "
                             "taskset to the idlest CPU per run"
                             % (args.seconds, args.passes)}, f, indent=1)
    print("\nwritten: %s" % out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
