# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The pyca/cryptography peer of make bench-compare: ML-KEM-768 and -1024
(cryptography has no ML-KEM-512), or with --cases x25519 X25519.

keygen: MLKEM768PrivateKey.from_seed_bytes(seed), derandomized, then the
encoded ek. encaps: MLKEM768PublicKey.from_public_bytes(encoded ek), then
encapsulate(), which draws m from OpenSSL's random generator (there is no
derandomized encapsulation). decaps: decapsulate() on the key object keygen
made. OpenSSL runs the FIPS 203 checks when it imports the public key and
keeps private keys as seeds and objects.

X25519, on bench/bench.c's inputs (our scalar 7, 8, 9, 0, ...; the peer's
public key that of 1, 2, 3, 0, ...): x25519, the shared secret:
X25519PublicKey.from_public_bytes(the peer's bytes), then exchange() on our
private key object, made once. x25519_base, the public key:
X25519PrivateKey.from_private_bytes(scalar) (OpenSSL computes the public
key as it imports the private key), public_key(), public_bytes_raw().

Python has no cycle counter: each call is timed with time.perf_counter_ns
(the monotonic clock), as the other harnesses time their ns; the JSON has
the ns figures, and the ticks only when --tick-hz gives the time-stamp
counter's rate to convert them with (make bench-compare converts them with
the rate the rdtsc harnesses measured). Every figure includes the cost of
one Python call of a closure and two clock reads: the harness measures that
on an empty closure and reports it as python_call_overhead_ns; it is not
subtracted. The method is otherwise bench/bench.c's: warm-up, passes
cycling through all cases, the median of all calls and of the quietest
pass.
"""
import argparse
import json
import platform
import sys
from time import perf_counter_ns

import cryptography
from cryptography.hazmat.backends.openssl.backend import backend
from cryptography.hazmat.primitives.asymmetric import mlkem, x25519

SEED = bytes([1, 2, 3]) + bytes(61)


def cases_for(name, private_cls, public_cls):
    dk = private_cls.from_seed_bytes(SEED)
    ek_bytes = dk.public_key().public_bytes_raw()
    ss, ct = public_cls.from_public_bytes(ek_bytes).encapsulate()
    if dk.decapsulate(ct) != ss:
        sys.exit("harness check failed: round trip")

    def keygen():
        private_cls.from_seed_bytes(SEED).public_key().public_bytes_raw()

    def encaps():
        public_cls.from_public_bytes(ek_bytes).encapsulate()

    def decaps():
        dk.decapsulate(ct)

    return [(name, "keygen", keygen), (name, "encaps", encaps), (name, "decaps", decaps)]


def x25519_cases():
    ours = x25519.X25519PrivateKey.from_private_bytes(bytes([7, 8, 9]) + bytes(29))
    peer = x25519.X25519PrivateKey.from_private_bytes(bytes([1, 2, 3]) + bytes(29))
    peer_bytes = peer.public_key().public_bytes_raw()
    if ours.exchange(peer.public_key()) != peer.exchange(ours.public_key()):
        sys.exit("harness check failed: the two sides' secrets differ")
    scalar = ours.private_bytes_raw()

    def shared():
        ours.exchange(x25519.X25519PublicKey.from_public_bytes(peer_bytes))

    def public():
        x25519.X25519PrivateKey.from_private_bytes(scalar).public_key().public_bytes_raw()

    return [("X25519", "x25519", shared), ("X25519", "x25519_base", public)]


def summarize(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2], v[n // 4], v[(3 * n) // 4]


def measure(cases, per_pass, passes):
    samples = [[] for _ in cases]
    best = [None] * len(cases)
    for _, _, run in cases:
        for _ in range(per_pass // 4 + 10):
            run()
    for _ in range(passes):
        for i, (_, _, run) in enumerate(cases):
            pass_ns = []
            for _ in range(per_pass):
                n0 = perf_counter_ns()
                run()
                pass_ns.append(perf_counter_ns() - n0)
            samples[i] += pass_ns
            med = summarize(pass_ns)[0]
            best[i] = med if best[i] is None else min(best[i], med)
    return [(summarize(s), b) for s, b in zip(samples, best)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--passes", type=int, default=10)
    ap.add_argument("--json")
    ap.add_argument("--cases", choices=["mlkem", "x25519"], default="mlkem")
    ap.add_argument("--tick-hz", type=float,
                    help="time-stamp counter rate, to add the figures in ticks")
    a = ap.parse_args()
    if a.iterations < 1000 or a.passes < 1 or a.iterations % a.passes or a.iterations // a.passes < 50:
        sys.exit("at least 1000 iterations, in passes of at least 50 that divide them")
    per_pass = a.iterations // a.passes
    if a.cases == "x25519":
        cases = x25519_cases()
    else:
        cases = cases_for("ML-KEM-768", mlkem.MLKEM768PrivateKey, mlkem.MLKEM768PublicKey)
        cases += cases_for("ML-KEM-1024", mlkem.MLKEM1024PrivateKey, mlkem.MLKEM1024PublicKey)
    overhead = measure([("", "", lambda: None)], per_pass, a.passes)[0][0][0]
    measured = measure(cases, per_pass, a.passes)

    results = []
    library = f"pyca/cryptography {cryptography.__version__} ({backend.openssl_version_text()})"
    print(f"{library}: median of {a.iterations} calls per operation in {a.passes} passes "
          f"(ns); Python call overhead {overhead} ns")
    for (name, op, _), ((med, p25, p75), best) in zip(cases, measured):
        r = {"set": name, "op": op, "ns_median": med, "ns_p25": p25, "ns_p75": p75,
             "ns_best_pass_median": best}
        if a.tick_hz:
            for k in ("median", "p25", "p75", "best_pass_median"):
                r["ticks_" + k] = round(r["ns_" + k] * a.tick_hz / 1e9)
        results.append(r)
        print(f"| {name} | {op} | {med} ns | quietest pass {best} ns |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"library": library, "backend": "OpenSSL's own CPU dispatch",
                       "tick_unit": "ns" + (" converted to rdtsc ticks" if a.tick_hz else ""),
                       "iterations": a.iterations,
                       "passes": a.passes, "tick_hz": a.tick_hz,
                       "python": platform.python_version(),
                       "python_call_overhead_ns": overhead, "results": results}, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
