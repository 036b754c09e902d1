#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""`mlkem hpke seal|open` (ctest cli_hpke and cli_hpke_interop_go).

Usage: hpke_test.py MLKEM_TOOL WORK_DIR errors|go

errors: what the tool refuses, and how. Every wrong input to open (another
key, another KDF or AEAD, info, aad or PSK, a message truncated or with one
bit flipped in enc or in the ciphertext) exits 1 with one line "mlkem hpke
open: ..." and writes nothing on standard output; usage errors (a missing
or unknown option, an unknown KDF or AEAD, the export-only AEAD, bad hex,
half a PSK, the key on standard input) exit 2 with the pointer to --help;
keys HPKE cannot use (round-3 Kyber, a public key to open, an expanded key
without its seed) exit 1; input over the documented 64 MiB exits 1. What
is checked to open here was sealed by the tool: the outputs themselves are
checked against Go by the 'go' mode and, through the library, by the
published vectors (test_hpke_vectors).

go: interoperability with Go 1.26's crypto/hpke (the peer tests/hpke/go,
built with tests/go_build.py). For every suite both offer with a key file
the tool reads (KEMs ML-KEM-768, ML-KEM-1024 and MLKEM768-X25519 = X-Wing;
KDFs HKDF-SHA256/384/512, SHAKE128, SHAKE256; AEADs AES-128-GCM,
AES-256-GCM, ChaCha20-Poly1305; base mode, Go has no other): Go derives a
key pair, the tool reads its seed (raw with -a, or as PEM or DER written by
`mlkem convert`) and gives Go's public key; Go seals and `mlkem hpke open`
opens, `mlkem hpke seal` seals and Go opens, messages of 0 to 100,000
bytes with and without info and aad. Exit status 77 (skipped) if Go 1.26
is missing, unless MLKEM_REQUIRE_INTEROP=1 (CI), which makes that a
failure.
"""
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import go_build  # noqa: E402  (tests/go_build.py)
import pyca_venv  # noqa: E402  (tests/pyca_venv.py)
from checks import Checks  # noqa: E402  (tests/cli/checks.py)

# KEM: (HPKE identifier, Nenc, seed bytes). Sizes from the draft
# (draft-ietf-hpke-pq) and FIPS 203, not from the tool.
KEMS = {
    "ML-KEM-512": (0x0040, 768, 64),
    "ML-KEM-768": (0x0041, 1088, 64),
    "ML-KEM-1024": (0x0042, 1568, 64),
    "X-Wing": (0x647A, 1120, 32),
}
KDFS = {"HKDF-SHA256": 1, "HKDF-SHA384": 2, "HKDF-SHA512": 3,
        "SHAKE128": 0x10, "SHAKE256": 0x11, "TurboSHAKE128": 0x12,
        "TurboSHAKE256": 0x13}
AEADS = {"AES-128-GCM": 1, "AES-256-GCM": 2, "ChaCha20-Poly1305": 3}
SIZES = [0, 1, 16, 1000, 100000]


class Tool:
    def __init__(self, path, work):
        self.path, self.work = path, work

    def file(self, name, data):
        path = os.path.join(self.work, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    def run(self, *args, stdin=b""):
        """(exit status, standard output, standard error)."""
        r = subprocess.run([self.path] + list(args), input=stdin,
                           capture_output=True, timeout=120)
        return r.returncode, r.stdout, r.stderr.decode(errors="replace")

    def hpke(self, op, key, kdf, aead, data, *extra):
        return self.run("hpke", op, "-i", key, "--kdf", kdf, "--aead", aead,
                        *extra, stdin=data)


def errors_mode(tool, check):
    rng = random.Random(40)
    keys = {}
    for kem in KEMS:
        k = os.path.join(tool.work, f"{kem}.key")
        p = os.path.join(tool.work, f"{kem}.pub")
        rc, _, err = tool.run("keygen", "--force", "-a", kem, "-o", k,
                              "--pubout", p)
        check(rc == 0, f"keygen {kem}: {err}")
        keys[kem] = (k, p)

    # Round trips, every KEM with several KDF x AEAD, base and PSK.
    psk = ["--psk", rng.randbytes(32).hex(), "--psk-id", "6964"]
    for kem, (k, p) in keys.items():
        for i, kdf in enumerate(KDFS):
            aead = list(AEADS)[i % 3]
            extra = ["--info", rng.randbytes(9).hex()] + (psk if i % 2 else [])
            pt = rng.randbytes(SIZES[i % len(SIZES)])
            rc, msg, err = tool.hpke("seal", p, kdf, aead, pt, *extra)
            check(rc == 0 and len(msg) == KEMS[kem][1] + len(pt) + 16,
                  f"{kem} {kdf} {aead}: seal, enc || ct: {err}")
            rc, out, err = tool.hpke("open", k, kdf, aead, msg, *extra)
            check(rc == 0 and out == pt,
                  f"{kem} {kdf} {aead}: open what seal wrote: {err}")

    # A message of ML-KEM-768, HKDF-SHA256, AES-128-GCM, with info, aad and
    # a PSK; then every wrong input to open.
    k, p = keys["ML-KEM-768"]
    base = ["--info", "0102", "--aad", "aa", "--psk", "11" * 32,
            "--psk-id", "02"]
    pt = b"attack at dawn\n"
    rc, msg, err = tool.hpke("seal", p, "HKDF-SHA256", "AES-128-GCM", pt,
                             *base)
    check(rc == 0, f"seal: {err}")
    rc, out, err = tool.hpke("open", k, "HKDF-SHA256", "AES-128-GCM", msg,
                             *base)
    check(rc == 0 and out == pt, f"open: {err}")
    # A private key seals too (its public key).
    rc, msg2, err = tool.hpke("seal", k, "HKDF-SHA256", "AES-128-GCM", pt)
    rc2, out, _ = tool.hpke("open", k, "HKDF-SHA256", "AES-128-GCM", msg2)
    check(rc == 0 and rc2 == 0 and out == pt, f"seal with a private key: {err}")

    other = os.path.join(tool.work, "other.key")
    tool.run("keygen", "--force", "-a", "ML-KEM-768", "-o", other)

    def refused(what, args, data, expect):
        rc, out, err = tool.run("hpke", "open", *args, stdin=data)
        lines = err.strip().split("\n")
        check(rc == 1 and out == b"" and len(lines) == 1 and
              lines[0].startswith("mlkem hpke open: ") and expect in err,
              f"{what}: exit 1, no output, one line with '{expect}' "
              f"(exit {rc}, {len(out)} bytes out, {err!r})")

    good = ["-i", k, "--kdf", "HKDF-SHA256", "--aead", "AES-128-GCM"]
    fail = "does not open"

    def with_opt(opt, value):
        args = good + base
        i = args.index(opt)
        return args[:i + 1] + [value] + args[i + 2:]

    refused("another key", with_opt("-i", other), msg, fail)
    refused("another KDF", with_opt("--kdf", "HKDF-SHA384"), msg, fail)
    refused("another AEAD", with_opt("--aead", "AES-256-GCM"), msg, fail)
    refused("another info", with_opt("--info", "0103"), msg, fail)
    refused("another aad", with_opt("--aad", "ab"), msg, fail)
    refused("another psk", with_opt("--psk", "12" * 32), msg, fail)
    refused("another psk id", with_opt("--psk-id", "03"), msg, fail)
    refused("no psk", good + base[:4], msg, fail)
    refused("no aad", good + base[:2] + base[4:], msg, fail)
    refused("another KEM's key", ["-i", keys["X-Wing"][0], "--kdf",
                                  "HKDF-SHA256", "--aead", "AES-128-GCM"] +
            base, msg, "truncated" if len(msg) < 1120 + 16 else fail)
    for pos in (0, 500, 1087, 1088, len(msg) - 17, len(msg) - 1):
        bad = bytearray(msg)
        bad[pos] ^= 0x01
        refused(f"bit flipped at byte {pos}", good + base, bytes(bad), fail)
    refused("last byte cut", good + base, msg[:-1], fail)
    refused("one byte appended", good + base, msg + b"\0", fail)
    refused("truncated below enc and tag", good + base, msg[:1088 + 15],
            "truncated")
    refused("empty message", good + base, b"", "truncated")
    # Keys HPKE cannot use.
    refused("a public key", ["-i", p] + good[2:] + base, msg,
            "a public key cannot open")
    exp = os.path.join(tool.work, "expanded.key")
    tool.run("convert", "--force", "-i", k, "--format", "expanded", "-o", exp)
    refused("an expanded key without seed", ["-i", exp] + good[2:] + base, msg,
            "has no seed")
    kyber = os.path.join(tool.work, "kyber.key")
    tool.run("keygen", "--force", "-a", "Kyber768", "-o", kyber)
    refused("a round-3 Kyber key", ["-i", kyber, "-a", "Kyber768"] + good[2:],
            msg, "no HPKE KEM")

    # Usage errors: exit 2, "mlkem hpke OP: ... (see 'mlkem hpke OP --help')".
    def usage(what, args, expect, op="seal"):
        rc, out, err = tool.run("hpke", *args, stdin=b"x")
        check(rc == 2 and out == b"" and expect in err and
              err.startswith(f"mlkem hpke{' ' + op if op else ''}: ") and
              err.rstrip().endswith(
                  f"(see 'mlkem hpke{' ' + op if op else ''} --help')"),
              f"{what}: usage error with '{expect}' (exit {rc}, {err!r})")

    sk = ["seal", "-i", p]
    rc, out, err = tool.run("hpke")
    check(rc == 2 and "usage: mlkem hpke seal" in err, "no subcommand: usage")
    usage("unknown subcommand", ["encrypt"], "unknown subcommand", op=None)
    usage("no --kdf", sk + ["--aead", "AES-128-GCM"], "give -i")
    usage("no -i", ["seal", "--kdf", "HKDF-SHA256", "--aead", "AES-128-GCM"],
          "give -i")
    usage("unknown KDF", sk + ["--kdf", "HKDF-MD5", "--aead", "AES-128-GCM"],
          "unknown KDF 'HKDF-MD5'")
    usage("unknown AEAD", sk + ["--kdf", "SHAKE256", "--aead", "AES-192-GCM"],
          "unknown AEAD 'AES-192-GCM'")
    usage("export-only AEAD", sk + ["--kdf", "SHAKE256", "--aead",
                                    "Export-only"], "no encryption")
    usage("odd hex", sk + ["--kdf", "SHAKE256", "--aead", "AES-128-GCM",
                           "--info", "abc"], "odd number")
    usage("not hex", sk + ["--kdf", "SHAKE256", "--aead", "AES-128-GCM",
                           "--aad", "zz"], "not hex")
    usage("psk without id", sk + ["--kdf", "SHAKE256", "--aead",
                                  "AES-128-GCM", "--psk", "00" * 32],
          "both --psk and --psk-id")
    usage("empty psk id", sk + ["--kdf", "SHAKE256", "--aead", "AES-128-GCM",
                                "--psk", "00" * 32, "--psk-id", ""],
          "both --psk and --psk-id")
    usage("key on standard input", ["open", "-i", "-", "--kdf", "SHAKE256",
                                    "--aead", "AES-128-GCM"],
          "standard input", op="open")
    usage("unknown option", sk + ["--mode", "base"], "unknown option")
    rc, out, err = tool.run("hpke", "open", "--help")
    check(rc == 0 and b"usage: mlkem hpke open" in out and b"64 MiB" in out,
          "hpke open --help: usage with the limits")
    # Names are the specifications', any letter case.
    rc, msg, err = tool.hpke("seal", p, "turboshake256", "chacha20poly1305",
                             b"x")
    rc2, out, _ = tool.hpke("open", k, "TurboSHAKE256", "ChaCha20-Poly1305",
                            msg)
    check(rc == 0 and rc2 == 0 and out == b"x", f"names in any case: {err}")
    # The documented limit: 64 MiB of plaintext.
    big = b"\0" * ((64 << 20) + 1)
    rc, out, err = tool.hpke("seal", p, "HKDF-SHA256", "AES-128-GCM", big)
    check(rc == 1 and out == b"" and "too large" in err,
          f"plaintext over 64 MiB refused ({rc}, {err!r})")
    rc, out, err = tool.hpke("seal", p, "HKDF-SHA256", "AES-128-GCM",
                             big[:-1])
    check(rc == 0 and len(out) == (64 << 20) + 1088 + 16,
          f"plaintext of 64 MiB sealed ({rc}, {err!r})")


class GoPeer:
    def __init__(self, exe):
        self.p = subprocess.Popen([exe], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)

    def ask(self, *fields):
        self.p.stdin.write(" ".join(str(f) for f in fields) + "\n")
        self.p.stdin.flush()
        ans = self.p.stdout.readline().strip()
        if not ans or ans.startswith("error"):
            return None, ans
        return [b"" if x == "-" else bytes.fromhex(x)
                for x in ans.split(" ")], ans

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=60)


def h(b):
    return b.hex() if b else "-"


def go_mode(tool, check, work):
    exe, why = go_build.build("cli_hpke_interop_go",
                              os.path.join(HERE, "..", "hpke", "go"),
                              os.path.join(work, "hpke_go_peer"),
                              "crypto/hpke")
    if exe is None:
        pyca_venv.skip("cli_hpke_interop_go", why)
    go = GoPeer(exe)
    rng = random.Random(20261207)
    n = 0
    try:
        for kem in ("ML-KEM-768", "ML-KEM-1024", "X-Wing"):
            kid, nenc, _ = KEMS[kem]
            ikm = rng.randbytes(64)
            a, ans = go.ask("sk", f"{kid:04x}", ikm.hex())
            if not check(a is not None, f"{kem}: Go's DeriveKeyPair: {ans}"):
                continue
            seed, pk = a
            raw = tool.file(f"go-{kem}.seed", seed)
            files = {"raw": (raw, ["-a", kem])}
            for enc in ("pem", "der"):
                path = os.path.join(work, f"go-{kem}.{enc}")
                rc, _, err = tool.run("convert", "--force", "-a", kem, "-i",
                                      raw, "--outform", enc, "-o", path)
                check(rc == 0, f"{kem}: convert the seed to {enc}: {err}")
                files[enc] = (path, [])
            pub = os.path.join(work, f"go-{kem}.pub")
            rc, _, err = tool.run("pubkey", "-i", files["pem"][0], "-o", pub)
            check(rc == 0, f"{kem}: pubkey: {err}")
            rc, our_pk, _ = tool.run("pubkey", "-i", pub, "--outform", "raw",
                                     "-o", "-")
            check(our_pk == pk, f"{kem}: the tool's public key of Go's seed "
                  "is Go's")
            for kdf in ("HKDF-SHA256", "HKDF-SHA384", "HKDF-SHA512",
                        "SHAKE128", "SHAKE256"):
                for aead in AEADS:
                    s = (f"{kid:04x}", f"{KDFS[kdf]:04x}", f"{AEADS[aead]:04x}")
                    name = f"{kem} {kdf} {aead}"
                    size = SIZES[n % len(SIZES)]
                    enc = ("pem", "der", "raw")[n % 3]
                    key, alg = files[enc]
                    n += 1
                    info = rng.randbytes(20) if n % 2 else b""
                    aad = rng.randbytes(13) if n % 4 < 2 else b""
                    opts = alg + (["--info", info.hex()] if info else []) + \
                        (["--aad", aad.hex()] if aad else [])
                    # Go seals, the tool opens.
                    pt = rng.randbytes(size)
                    a, ans = go.ask("seal", *s, h(pk), h(info), h(aad), h(pt))
                    if check(a is not None, f"{name}: Go seals: {ans[:80]}"):
                        rc, out, err = tool.hpke("open", key, kdf, aead,
                                                 a[0] + a[1], *opts)
                        check(rc == 0 and out == pt,
                              f"{name}, {size} bytes, {enc} key: Go seals, "
                              f"mlkem hpke open opens: {err}")
                    # The tool seals (to the public key file), Go opens.
                    pt = rng.randbytes(size)
                    rc, msg, err = tool.hpke("seal", pub, kdf, aead, pt,
                                             *opts[len(alg):])
                    if check(rc == 0 and len(msg) == nenc + size + 16,
                             f"{name}: mlkem hpke seal: {err}"):
                        a, ans = go.ask("open", *s, ikm.hex(), h(msg[:nenc]),
                                        h(info), h(aad), h(msg[nenc:]))
                        check(a is not None and a[0] == pt,
                              f"{name}, {size} bytes: mlkem hpke seal, Go "
                              f"opens: {ans[:80]}")
    finally:
        go.close()
    print(f"cli_hpke_interop_go: {n} suites (3 KEMs x 5 KDFs x 3 AEADs), "
          "both ways, key files PEM, DER and raw")


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in ("errors", "go"):
        sys.exit(__doc__)
    work = os.path.abspath(sys.argv[2])
    os.makedirs(work, exist_ok=True)
    tool = Tool(sys.argv[1], work)
    if sys.argv[3] == "errors":
        check = Checks("cli_hpke")
        errors_mode(tool, check)
    else:
        check = Checks("cli_hpke_interop_go")
        go_mode(tool, check, work)
    check.finish()


if __name__ == "__main__":
    main()
