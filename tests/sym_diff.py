# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential test of the library's SHA-2 and AES-256-CTR against other
implementations run here: Python's hashlib (mode sha2) and the openssl
command (mode aes), through tests/sym_tool.

Usage: sym_diff.py sha2|aes COMMAND...   (COMMAND runs sym_tool, possibly
under an emulator; the backend comes from MLKEM_BACKEND)

sha2: SHA-256 and SHA-512 of a random message of every length 0..300 and of
some longer ones, compared with hashlib.
aes: AES-256-CTR keystreams (1 to 9 streams under one key, lengths 0..600
bytes, most not multiples of 16) compared with `openssl enc -aes-256-ctr`
run on zero bytes with IV nonce || 00000000 (OpenSSL increments the whole
128-bit block; from counter 0 and below 2^32 blocks that is the 32-bit
counter of Kyber-90s).

Exit status: 0 all equal, 1 a difference, 77 skipped: the backend is not
available, or the other implementation (openssl) is not installed.
"""
import hashlib
import random
import shutil
import subprocess
import sys

SKIP = 77


def run_tool(cmd, requests):
    proc = subprocess.run(cmd, input="".join(r + "\n" for r in requests),
                          capture_output=True, text=True, check=False)
    lines = proc.stdout.splitlines()
    if proc.returncode == SKIP:
        print("sym_diff: the backend forced with MLKEM_BACKEND is not "
              "available here: not run")
        sys.exit(SKIP)
    if proc.returncode != 0 or not lines:
        print("sym_diff: sym_tool failed (exit %d): %s"
              % (proc.returncode, proc.stderr.strip()))
        sys.exit(1)
    print("sym_diff:", lines[0])
    return lines[1:]


def check_sha2(cmd, rng):
    lengths = list(range(0, 301)) + [511, 512, 513, 1023, 1024, 1025, 4000]
    msgs = [bytes(rng.getrandbits(8) for _ in range(n)) for n in lengths]
    reqs = []
    for m in msgs:
        reqs.append("sha256 " + (m.hex() or "-"))
        reqs.append("sha512 " + (m.hex() or "-"))
    got = run_tool(cmd, reqs)
    passed = failed = 0
    for i, m in enumerate(msgs):
        for j, alg in enumerate(("sha256", "sha512")):
            want = hashlib.new(alg, m).hexdigest()
            have = got[2 * i + j] if 2 * i + j < len(got) else "(missing)"
            if have == want:
                passed += 1
            else:
                failed += 1
                print("FAIL %s of %d bytes: got %s, hashlib %s"
                      % (alg, len(m), have, want))
    return passed, failed


def openssl_ctr(openssl, key, nonce, n):
    proc = subprocess.run(
        [openssl, "enc", "-aes-256-ctr", "-K", key.hex(),
         "-iv", (nonce + bytes(4)).hex(), "-nosalt"],
        input=bytes(n), capture_output=True, check=True)
    return proc.stdout.hex()


def check_aes(cmd, rng):
    openssl = shutil.which("openssl")
    if openssl is None:
        print("sym_diff aes: SKIPPED: the openssl command is not installed "
              "(Debian: apt-get install openssl), AES-256-CTR not compared")
        sys.exit(SKIP)
    cases = []
    for i in range(40):
        key = bytes(rng.getrandbits(8) for _ in range(32))
        nstreams = [1, 2, 3, 4, 9][i % 5]
        nonces = [bytes(rng.getrandbits(8) for _ in range(12))
                  for _ in range(nstreams)]
        length = [0, 1, 15, 16, 17, 504, 600][i % 7] if i < 14 \
            else rng.randrange(0, 601)
        cases.append((key, nonces, length))
    reqs = ["ctr %s %d %s" % (k.hex(), n, " ".join(x.hex() for x in ns))
            for k, ns, n in cases]
    got = run_tool(cmd, reqs)
    passed = failed = 0
    pos = 0
    for key, nonces, n in cases:
        for s, nonce in enumerate(nonces):
            want = openssl_ctr(openssl, key, nonce, n)
            have = got[pos] if pos < len(got) else "(missing)"
            pos += 1
            if have == want:
                passed += 1
            else:
                failed += 1
                print("FAIL ctr stream %d of %d, %d bytes, key %s nonce %s"
                      % (s, len(nonces), n, key.hex(), nonce.hex()))
    return passed, failed


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("sha2", "aes"):
        print(__doc__)
        return 2
    rng = random.Random(20261126)
    cmd = sys.argv[2:]
    if sys.argv[1] == "sha2":
        passed, failed = check_sha2(cmd, rng)
    else:
        passed, failed = check_aes(cmd, rng)
    print("sym_diff %s: %d passed, %d failed" % (sys.argv[1], passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
