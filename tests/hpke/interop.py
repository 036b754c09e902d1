#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""HPKE against Go 1.26's crypto/hpke (ctest hpke_interop_go).

Usage: interop.py HPKE_PEER WORK_DIR

HPKE_PEER is tests/hpke/hpke_peer (this build, over mlkem_hpke.h); the Go
peer is tests/hpke/go, built here with `go build` (tests/go_build.py). Both
speak the line protocol of hpke_peer.c. For every suite both offer (KEMs
DHKEM(X25519, HKDF-SHA256), ML-KEM-768, ML-KEM-1024, MLKEM768-X25519; KDFs
HKDF-SHA256/384/512, SHAKE128, SHAKE256; AEADs AES-128-GCM, AES-256-GCM,
ChaCha20-Poly1305 and export-only: Go has neither ML-KEM-512 nor the
TurboSHAKE KDFs), in base mode (Go has no other):

  - both derive the recipient's key pair from the same ikm: the same
    public key (DeriveKeyPair);
  - Go seals to that public key and we open, and we seal and Go opens,
    messages of 0, 1, 16, 1,000 and 100,000 bytes with random info and aad;
  - for the export-only AEAD, a secret exported by either side equals the
    other's, both ways.

Exit status 77 (skipped) if Go 1.26 is missing, unless
MLKEM_REQUIRE_INTEROP=1 (CI), which makes that a failure.
"""
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import go_build  # noqa: E402  (tests/go_build.py)

NAME = "hpke_interop_go"
KEMS = [0x0020, 0x0041, 0x0042, 0x647A]
KDFS = [0x0001, 0x0002, 0x0003, 0x0010, 0x0011]
AEADS = [0x0001, 0x0002, 0x0003, 0xFFFF]
SIZES = [0, 1, 16, 1000, 100000]
counts = {"passed": 0, "failed": 0}


def check(cond, what):
    if cond:
        counts["passed"] += 1
    else:
        counts["failed"] += 1
        print(f"{NAME}: FAILED: {what}", flush=True)
    return cond


def h(b):
    return b.hex() if b else "-"


def unh(s):
    return b"" if s == "-" else bytes.fromhex(s)


class Peer:
    """One peer process; ask() sends a command line, returns the fields of
    the answer, or None with the error printed."""

    def __init__(self, name, argv):
        self.name = name
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, *fields):
        self.p.stdin.write(" ".join(str(f) for f in fields) + "\n")
        self.p.stdin.flush()
        ans = self.p.stdout.readline().strip()
        if ans.startswith("error") or not ans:
            return None, ans
        return [unh(x) for x in ans.split(" ")], ans

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=60)


def suite_name(kem, kdf, aead):
    return f"kem {kem:04x} kdf {kdf:04x} aead {aead:04x}"


def run(ours, go, rng):
    keys = {}
    for kem in KEMS:
        ikm = rng.randbytes(64)
        a, ea = ours.ask("pk", f"{kem:04x}", h(ikm))
        b, eb = go.ask("pk", f"{kem:04x}", h(ikm))
        check(a is not None and b is not None and a == b,
              f"kem {kem:04x}: DeriveKeyPair gives one public key ({ea[:60]} / {eb[:60]})")
        keys[kem] = (ikm, a[0] if a else b"")
    for kem in KEMS:
        ikm, pk = keys[kem]
        for kdf in KDFS:
            for aead in AEADS:
                s = (f"{kem:04x}", f"{kdf:04x}", f"{aead:04x}")
                name = suite_name(kem, kdf, aead)
                if aead == 0xFFFF:
                    for (snd, rcv, who) in ((go, ours, "Go -> us"),
                                            (ours, go, "us -> Go")):
                        info, ctx = rng.randbytes(24), rng.randbytes(11)
                        for n in (32, 64):
                            a, ea = snd.ask("sendexp", *s, h(pk), h(info),
                                            h(ctx), n)
                            if not check(a is not None, f"{name} {who} export: {ea}"):
                                continue
                            b, eb = rcv.ask("recvexp", *s, h(ikm), h(a[0]),
                                            h(info), h(ctx), n)
                            check(b is not None and b[0] == a[1] and len(a[1]) == n,
                                  f"{name} {who}: exported secrets of {n} bytes agree ({eb[:60]})")
                    continue
                for size in SIZES:
                    for (snd, rcv, who) in ((go, ours, "Go seals, we open"),
                                            (ours, go, "we seal, Go opens")):
                        info, aad = rng.randbytes(20), rng.randbytes(13)
                        pt = rng.randbytes(size)
                        a, ea = snd.ask("seal", *s, h(pk), h(info), h(aad), h(pt))
                        if not check(a is not None and len(a[1]) == size + 16,
                                     f"{name} {size} bytes, {who}: seal ({ea[:80]})"):
                            continue
                        b, eb = rcv.ask("open", *s, h(ikm), h(a[0]), h(info),
                                        h(aad), h(a[1]))
                        check(b is not None and b[0] == pt,
                              f"{name} {size} bytes, {who}: open ({eb[:80]})")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    peer, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    required = os.environ.get("MLKEM_REQUIRE_INTEROP") == "1"
    exe, why = go_build.build(NAME, os.path.join(HERE, "go"),
                              os.path.join(os.path.abspath(work), "hpke_go_peer"),
                              "crypto/hpke")
    if exe is None:
        print(f"{NAME}: skipped: {why}")
        return 1 if required else 77
    ours = Peer("ours", [peer])
    go = Peer("go", [exe])
    try:
        run(ours, go, random.Random(20261207))
    finally:
        ours.close()
        go.close()
    print(f"{NAME}: {len(KEMS)} KEMs x {len(KDFS)} KDFs x {len(AEADS)} AEADs, "
          f"messages of {SIZES} bytes both ways")
    print(f"{NAME}: {counts['passed']} passed, {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
