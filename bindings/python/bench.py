#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Per-call time of this package's operations against pyca/cryptography,
in the same process.

Usage: python bench.py [--calls N] [--passes P] [--sets S,S,...] [--json FILE]

Sets: ML-KEM-512, ML-KEM-768, ML-KEM-1024 (generate, encapsulate,
decapsulate), Kyber768 and Kyber768-90s (round 3, mlkem.kyber), X-Wing
(mlkem.xwing), X25519 (mlkem.hazmat: the public key of a private key, and
a shared secret) and X25519MLKEM768 (mlkem.tls: client_share, server_share,
client_finish); all by default.

Every operation is warmed up, then timed one call at a time with
time.perf_counter_ns(), N calls per operation and library in P passes that
alternate between the libraries and cycle through the operations (so a
burst of outside load hits all alike). The figure is the median of all
calls, in microseconds, of the public Python API as a user calls it:
generate() draws its seed from the OS and expands it, encapsulate() draws
its randomness and returns (shared_secret, ciphertext) as bytes,
decapsulate(ct) checks and copies its argument.

The pyca column: its ML-KEM-768 and -1024 and X25519 (pyca has no
ML-KEM-512, round-3 Kyber, X-Wing or the TLS shares), and X-Wing and
X25519MLKEM768 put together from its ML-KEM-768 and X25519 with hashlib's
SHAKE256 and SHA3-256 as the drafts define them (tests/pyca_hybrid.py),
what a user without this package would write. That composition keeps its
X-Wing private key expanded (pyca's key objects), where this package's
decapsulate expands the 32-byte seed on every call, as the draft defines
it; its X25519 shared secret is timed on prepared key objects.
"""
import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

import libmlkem as mlkem
from libmlkem import hazmat, kyber, tls, xwing

OPERATIONS = {"generate", "encapsulate", "decapsulate"}
SETS = ["ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "Kyber768", "Kyber768-90s",
        "X-Wing", "X25519", "X25519MLKEM768"]


def kem_ops(priv_cls):
    """generate, encapsulate and decapsulate of a KEM's classes, on one
    fixed key (ours or pyca's: the same method names)."""
    key = priv_cls.generate()
    pub = key.public_key()
    _, ct = pub.encapsulate()
    return [("generate", priv_cls.generate), ("encapsulate", pub.encapsulate),
            ("decapsulate", lambda: key.decapsulate(ct))]


def ours(name):
    if name.startswith("ML-KEM-"):
        return kem_ops(getattr(mlkem, f"MLKEM{name[7:]}PrivateKey"))
    if name.startswith("Kyber"):
        return kem_ops(getattr(kyber, name.replace("-", "_") + "PrivateKey"))
    if name == "X-Wing":
        return kem_ops(xwing.XWingPrivateKey)
    if name == "X25519":
        scalar, point = os.urandom(32), hazmat.x25519_base(os.urandom(32))
        return [("public key", lambda: hazmat.x25519_base(scalar)),
                ("shared secret", lambda: hazmat.x25519(scalar, point))]
    coins = os.urandom(96)
    share, _ = hazmat.x25519mlkem768_client_share_derand(coins)
    server, _ = tls.server_share(share)
    # A client state serves one finish: a new one (the same, from coins)
    # is made before each timed call.
    return [("client_share", tls.client_share),
            ("server_share", lambda: tls.server_share(share)),
            ("client_finish", Prepared(
                lambda: hazmat.x25519mlkem768_client_share_derand(coins)[1],
                lambda state: tls.client_finish(state, server)))]


class Prepared:
    """An operation whose argument is made before each call, untimed."""

    def __init__(self, prepare, run):
        self.prepare, self.run = prepare, run


def pyca(name):
    """pyca's operations for a set, or None."""
    from cryptography.hazmat.primitives.asymmetric import mlkem as pyca_mlkem
    from cryptography.hazmat.primitives.asymmetric import x25519
    import pyca_hybrid as ph
    if name in ("ML-KEM-768", "ML-KEM-1024"):
        return kem_ops(getattr(pyca_mlkem, f"MLKEM{name[7:]}PrivateKey"))
    if name == "X-Wing":
        seed = os.urandom(32)
        m, x, pk = ph.xwing_keys(seed)
        _, ct = ph.xwing_encapsulate(pk)
        return [("generate", lambda: ph.xwing_keys(os.urandom(32))),
                ("encapsulate", lambda: ph.xwing_encapsulate(pk)),
                ("decapsulate", lambda: ph.xwing_combiner(
                    m.decapsulate(ct[:ph.CT]), ph.x_shared(x, ct[ph.CT:]),
                    ct[ph.CT:], pk[ph.EK:]))]
    if name == "X25519":
        scalar = os.urandom(32)
        key = x25519.X25519PrivateKey.from_private_bytes(scalar)
        peer = x25519.X25519PrivateKey.generate().public_key()
        return [("public key", lambda: ph.x_public(
                    x25519.X25519PrivateKey.from_private_bytes(scalar))),
                ("shared secret", lambda: key.exchange(peer))]
    if name == "X25519MLKEM768":
        client = ph.Client()
        server, _ = ph.server(client.share)
        return [("client_share", ph.Client),
                ("server_share", lambda: ph.server(client.share)),
                ("client_finish", lambda: client.finish(server))]
    return None


def time_calls(fn, n, out):
    clock = time.perf_counter_ns
    if isinstance(fn, Prepared):
        for _ in range(n):
            arg = fn.prepare()
            t0 = clock()
            fn.run(arg)
            out.append(clock() - t0)
        return
    for _ in range(n):
        t0 = clock()
        fn()
        out.append(clock() - t0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--calls", type=int, default=5000, help="calls per operation (default 5000)")
    ap.add_argument("--passes", type=int, default=10, help="passes (default 10)")
    ap.add_argument("--sets", default=",".join(SETS),
                    help=f"comma-separated, from {', '.join(SETS)} (default all)")
    ap.add_argument("--json", help="write the medians here")
    args = ap.parse_args()
    sets = args.sets.split(",")
    unknown = [s for s in sets if s not in SETS]
    if unknown:
        ap.error(f"unknown set(s) {', '.join(unknown)}")

    # pyca_hybrid.py is in tests/ beside this file.
    sys.path.insert(0, str(Path(__file__).resolve().parent / "tests"))
    try:
        import cryptography
        import pyca_hybrid  # noqa: F401
        pyca_version = cryptography.__version__
    except ImportError:
        pyca_version = None
        print("pyca/cryptography is not installed: timing this package only", file=sys.stderr)

    jobs = []  # (set, op, lib, fn)
    for name in sets:
        for op, fn in ours(name):
            jobs.append((name, op, "mlkem", fn))
        for op, fn in (pyca(name) or []) if pyca_version else []:
            jobs.append((name, op, "pyca", fn))
    samples = {(s, op, lib): [] for s, op, lib, _ in jobs}
    per_pass = max(1, args.calls // args.passes)
    for *_, fn in jobs:
        time_calls(fn, max(50, per_pass // 5), [])  # warm-up
    for p in range(args.passes):
        order = jobs if p % 2 == 0 else list(reversed(jobs))
        for s, op, lib, fn in order:
            time_calls(fn, per_pass, samples[(s, op, lib)])

    med = {k: statistics.median(v) / 1000 for k, v in samples.items()}
    print(f"mlkem {mlkem.__version__} (backend {mlkem.backend_name()}), "
          f"pyca/cryptography {pyca_version or 'absent'}, Python {sys.version.split()[0]}; "
          f"median us per call of {per_pass * args.passes} calls")
    print()
    print("| set | operation | mlkem (us) | pyca (us) | speed-up |")
    print("| --- | --- | ---: | ---: | ---: |")
    rows = []
    for s, op, lib, _ in jobs:
        if lib != "mlkem":
            continue
        mine = med[(s, op, "mlkem")]
        theirs = med.get((s, op, "pyca"))
        ratio = theirs / mine if theirs else None
        rows.append({"set": s, "operation": op, "mlkem_us": mine,
                     "pyca_us": theirs, "speedup": ratio})
        print(f"| {s} | {op} | {mine:.2f} | "
              f"{f'{theirs:.2f}' if theirs else '-'} | "
              f"{f'{ratio:.2f}x' if ratio else '-'} |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"backend": mlkem.backend_name(), "pyca": pyca_version,
                       "python": sys.version.split()[0],
                       "calls": per_pass * args.passes, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
