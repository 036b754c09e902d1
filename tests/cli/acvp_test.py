#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The ACVP runner, `mlkem acvp`, against NIST's own files (ctest acvp_runner).

Usage: acvp_test.py MLKEM_TOOL WORK_DIR VECTOR_DIR

For every vector set in VECTOR_DIR/nist-acvp-server/ (keyGen, encapDecap),
on every backend this machine runs (MLKEM_BACKEND, as reported by
`mlkem --version`): the tool answers prompt.json, and its response must
equal expectedResults.json as JSON values (every tgId, tcId and result);
the same request wrapped in the protocol's [{"acvVersion": ...}, {...}]
array gets the wrapped response. Then the refusals: a malformed request,
another algorithm, an unknown function or parameter set, bad hex, a wrong
length in an AFT test (shorter, or longer than its buffer), each an exit
status of 1 naming the problem and no response file; and a key check given
a key of the wrong length, even one longer than any key, answers testPassed
false (FIPS 203 sections 7.2 and 7.3 start with the length).
"""
import copy
import json
import os
import subprocess
import sys

NAME = "acvp_runner"
BACKENDS = ["portable", "avx2", "avx512", "neon", "neon-sha3"]
passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"{NAME}: FAILED: {what}", flush=True)


def run(tool, args, backend=None):
    env = dict(os.environ)
    if backend is not None:
        env["MLKEM_BACKEND"] = backend
    return subprocess.run([tool] + args, env=env, capture_output=True,
                          text=True, timeout=600)


def backend_of(tool, name):
    """The backend `mlkem --version` reports with MLKEM_BACKEND=name."""
    out = run(tool, ["--version"], name).stdout
    # "mlkem 0.1.0 (library 0.1.0, backend avx512)"
    return out.rsplit("backend ", 1)[-1].rstrip(")\n") if "backend " in out else ""


def answer(tool, work, request, backend=None, tag="req"):
    """Runs the tool on `request` (a JSON value); returns (status,
    response value or None, stderr)."""
    req_path = os.path.join(work, f"{tag}.json")
    resp_path = os.path.join(work, f"{tag}-response.json")
    with open(req_path, "w") as f:
        json.dump(request, f)
    if os.path.exists(resp_path):
        os.remove(resp_path)
    r = run(tool, ["acvp", "-i", req_path, "-o", resp_path], backend)
    resp = None
    if os.path.exists(resp_path):
        with open(resp_path) as f:
            resp = json.load(f)
    return r.returncode, resp, r.stderr


def refused(tool, work, request, words, what):
    status, resp, err = answer(tool, work, request, tag="bad")
    check(status == 1 and resp is None and all(w in err for w in words),
          f"{what}: status {status}, response {'written' if resp else 'none'},"
          f" message {err.strip()!r} (wanted {words})")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    tool, work, vectors = sys.argv[1:]
    os.makedirs(work, exist_ok=True)
    base = os.path.join(vectors, "nist-acvp-server")
    sets = {}
    for name in ("ML-KEM-keyGen-FIPS203", "ML-KEM-encapDecap-FIPS203"):
        with open(os.path.join(base, name, "prompt.json")) as f:
            prompt = json.load(f)
        with open(os.path.join(base, name, "expectedResults.json")) as f:
            expected = json.load(f)
        sets[name] = (prompt, expected)

    ran = []
    for b in BACKENDS:
        if backend_of(tool, b) != b:
            continue
        ran.append(b)
        for name, (prompt, expected) in sets.items():
            status, resp, err = answer(tool, work, prompt, b)
            check(status == 0 and resp == expected,
                  f"{name} on {b}: status {status} {err.strip()}, response "
                  f"{'differs from' if resp else 'missing, not'} "
                  "expectedResults.json")
        tests = sum(len(g["tests"]) for _, e in sets.values()
                    for g in e["testGroups"])
        print(f"{NAME}: {b}: {tests} tests answered as NIST expects",
              flush=True)
    check(ran != [], "no backend ran")

    # The protocol's array form gets an answer in the same form.
    prompt, expected = sets["ML-KEM-keyGen-FIPS203"]
    status, resp, err = answer(tool, work, [{"acvVersion": "1.0"}, prompt])
    check(status == 0 and resp == [{"acvVersion": "1.0"}, expected],
          f"array form: status {status} {err.strip()}")

    # Refusals.
    prompt, _ = sets["ML-KEM-encapDecap-FIPS203"]
    bad = copy.deepcopy(prompt)
    bad["algorithm"] = "ML-DSA"
    refused(tool, work, bad, ["ML-KEM"], "another algorithm")
    bad = copy.deepcopy(prompt)
    bad["testGroups"][0]["function"] = "encapsulate"
    refused(tool, work, bad, ["unsupported function", "encapsulate"],
            "an unknown function")
    bad = copy.deepcopy(prompt)
    bad["testGroups"][0]["parameterSet"] = "ML-KEM-384"
    refused(tool, work, bad, ["parameterSet", "ML-KEM-384"],
            "an unknown parameter set")
    bad = copy.deepcopy(prompt)
    test = bad["testGroups"][0]["tests"][3]
    test["m"] = "ZZ" + test["m"][2:]
    refused(tool, work, bad, [f"test {test['tcId']}", "not hex"], "bad hex")
    bad = copy.deepcopy(prompt)
    test = bad["testGroups"][0]["tests"][0]
    test["ek"] = test["ek"][:-2]
    refused(tool, work, bad, [f"test {test['tcId']}", "\"ek\"", "bytes"],
            "a short ek in an encapsulation test")
    # Longer than its buffer: refused before anything is decoded (before,
    # the runner decoded up to 3168 bytes into m's 32 and d's 32, on the
    # stack, and checked the length after).
    bad = copy.deepcopy(prompt)
    test = bad["testGroups"][0]["tests"][0]
    test["m"] = "5a" * 3168
    refused(tool, work, bad, [f"test {test['tcId']}", "\"m\"", "3168 bytes",
                              "expected 32"], "a 3168-byte m")
    kg, _ = sets["ML-KEM-keyGen-FIPS203"]
    bad = copy.deepcopy(kg)
    test = bad["testGroups"][0]["tests"][0]
    test["z"] = "a5" * 3000
    refused(tool, work, bad, [f"test {test['tcId']}", "\"z\"", "3000 bytes"],
            "a 3000-byte z")
    bad = copy.deepcopy(prompt)
    del bad["testGroups"][1]["tests"][0]["tcId"]
    refused(tool, work, bad, ["tcId"], "a test without tcId")
    refused(tool, work, {"not": "acvp"}, ["ML-KEM"], "not a vector set")

    # Key checks of keys of the wrong length: testPassed false, not an error.
    checks = copy.deepcopy(prompt)
    checks["testGroups"] = [g for g in checks["testGroups"]
                            if g["function"].endswith("KeyCheck")]
    for g in checks["testGroups"]:
        field = "ek" if g["function"] == "encapsulationKeyCheck" else "dk"
        g["tests"][0][field] = g["tests"][0][field][:-2]
        g["tests"][1][field] += "00"
        g["tests"][2][field] = "00" * 4000  # longer than any key (3168)
    status, resp, err = answer(tool, work, checks, tag="lengths")
    ok = status == 0 and resp is not None
    if ok:
        for g in resp["testGroups"]:
            ok = ok and not any(g["tests"][i]["testPassed"]
                                for i in range(3))
    check(ok, f"key checks of keys of the wrong length: status {status} "
          f"{err.strip()}")

    print(f"{NAME}: {passed} passed, {failed} failed (backends: "
          f"{', '.join(ran) or 'none'})")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
