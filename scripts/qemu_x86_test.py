#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""make test-qemu-x86: the test suite's conformance tests under
qemu-x86_64 with an emulated CPU that lacks instructions the build
machine has, so that a stray instruction (an AVX-512 one in the avx2
backend, an AVX2, BMI2, AES-NI or SHA-NI one in code run without the CPU
check) is caught on any development machine: SIGILL, or a wrong answer.

Usage: qemu_x86_test.py BUILD_DIR --cpu MODEL --expect BACKEND
           [--skip BACKEND,...] [--jobs N] [--tests REGEX]

Runs, from the build directory of make test (no second build), the
tests ctest lists there whose name matches REGEX, each as ctest would
(its command, environment, working directory and skip status), under
`qemu-x86_64 -cpu MODEL`, with MLKEM_TEST_QUICK=1 (a tenth of the random
trials; every published vector in full: tests/test_util.h) and
MLKEM_EXPECT_BACKEND=BACKEND (test_dispatch checks that the detection
chose it). A per-backend test (NAME.BACKEND) of BACKEND or of the
backends ranked below it must pass; those of --skip (the backends the
model lacks) must be skipped (exit 77: refused by the dispatch, never
run). Anything else fails the run.

Which tests (the default REGEX), and why: the per-backend conformance
and behaviour tests, which put every operation of every backend through
the public API against published vectors (ACVP, the NIST and
post-quantum-cryptography KATs, CCTV, RFC 7748, the X-Wing and TLS
hybrids, the expanded keys, the AES and SHA-2 of the 90s variants with
their own run-time choices), the dispatch's choice, the key files and
the X25519 implementations against each other. So every instruction the
emulated CPU must execute is executed. Left out: the long random and
exhaustive tests (test_kem's rounds and bit flips, test_accumulated,
the round-3 test_vectors sums, the exhaustive arithmetic and
differential tests, about 10 minutes under emulation): they run the
same code on more inputs, natively in make test.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

PER_BACKEND = ("test_acvp test_nistkat test_pqckat test_cctv test_sha2 "
               "test_aes test_x25519 test_xwing test_x25519mlkem768 "
               "test_expanded test_selftest test_pairwise test_decaps_ct "
               "test_randfail test_zeroize").split()
SHARED = "test_dispatch test_keyfile test_diff_x25519 test_backend_env".split()
DEFAULT_TESTS = ("^((" + "|".join(PER_BACKEND) + r")\.[a-z0-9-]+|(" +
                 "|".join(SHARED) + "))$")
# The backends from the fastest down: a CPU that runs one runs those
# below it.
RANKING = ["avx512", "avx2", "portable"]


def ctest_tests(build):
    out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build,
                         check=True, capture_output=True, text=True).stdout
    for t in json.loads(out)["tests"]:
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        yield t["name"], t.get("command"), props


def run_one(qemu, cpu, expect, test):
    name, command, props = test
    env = dict(os.environ)
    for kv in props.get("ENVIRONMENT", []):
        k, _, v = kv.partition("=")
        env[k] = v
    env["MLKEM_TEST_QUICK"] = "1"
    env["MLKEM_EXPECT_BACKEND"] = expect
    start = time.monotonic()
    r = subprocess.run([qemu, "-cpu", cpu] + command, env=env,
                       cwd=props.get("WORKING_DIRECTORY"),
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, errors="replace")
    return name, r.returncode, props.get("SKIP_RETURN_CODE"), r.stdout, \
        time.monotonic() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--cpu", required=True)
    ap.add_argument("--expect", required=True, choices=RANKING)
    ap.add_argument("--skip", default="")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--tests", default=DEFAULT_TESTS)
    ap.add_argument("--qemu", default="qemu-x86_64")
    a = ap.parse_args()
    must_run = RANKING[RANKING.index(a.expect):]
    must_skip = [b for b in a.skip.split(",") if b]
    sel = [t for t in ctest_tests(a.build) if re.search(a.tests, t[0])]
    missing = [t[0] for t in sel
               if not t[1] or not os.path.exists(t[1][0])]
    if missing:
        print("qemu_x86_test: not built in %s: %s" %
              (a.build, " ".join(missing)))
        return 1
    if not sel:
        print("qemu_x86_test: no test matches %s in %s (built?)" %
              (a.tests, a.build))
        return 1
    label = "qemu-x86_64 -cpu %s" % a.cpu
    print("%s: %d tests, expecting backend %s (%s skipped)" %
          (label, len(sel), a.expect, ", ".join(must_skip) or "none"))
    failed = []
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=a.jobs) as pool:
        for name, rc, skip_rc, out, secs in pool.map(
                lambda t: run_one(a.qemu, a.cpu, a.expect, t), sel):
            backend = name.rsplit(".", 1)[1] if "." in name else None
            skipped = skip_rc is not None and rc == skip_rc
            if backend in must_skip:
                ok, what = skipped, "skipped" if skipped else \
                    "ran (exit %d), want skipped: the CPU lacks it" % rc
            elif skipped and (backend is None or backend in must_run):
                ok, what = False, "skipped, want run"
            else:
                ok = rc == 0
                what = "passed" if ok else "FAILED (exit %d%s)" % (
                    rc, ", SIGILL" if rc in (-4, 132) else "")
            print("  %-32s %-8s %6.1f s" % (name, what, secs))
            if not ok:
                failed.append(name)
                sys.stdout.write("".join("    " + line + "\n"
                                         for line in out.splitlines()[-30:]))
    print("%s: %d tests, %d failed, %.0f s" %
          (label, len(sel), len(failed), time.monotonic() - start))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
