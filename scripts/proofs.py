#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""proofs.py - runs the CBMC proofs of proofs/ (make proofs, make
proofs-one, make proofs-canary; docs/PROOFS.md).

Every harness is one file, proofs/<area>/<name>.c, whose first comment
says how to build and check it, one directive a line:

  @enforce F      the function whose contract is proven (--enforce-contract)
  @replace F G    callees replaced by their contracts (each proven by its
                  own harness)
  @source FILE    a file of the library the harness links (repeatable)
  @loops          apply the loop contracts (--apply-loop-contracts)
  @unwind L:N     unwind loop L (function.index, as goto-instrument
                  --show-loops names it; function.a-b for a range) N times, before the contracts are
                  instrumented (loops without a contract must be gone by
                  then); checked: an unwinding assertion fails if N is not
                  enough (repeatable)
  @sets K...      prove once per parameter set (-DMLKEM_K=K); without it
                  the function does not depend on the set and is proven once;
                  "{K}" in the names of @enforce, @replace and @unwind
                  stands for the set's K (the per-set copies' names,
                  fips203/level.h: mlkem_k{K}_kpke_...)
  @solver S       sat (CBMC's default), z3 or bitwuzla
  @define D       -D D for goto-cc (repeatable)
  @check C...     further checks: unsigned-overflow, conversion
  @flags ...      further flags for cbmc

The harness function is `harness`. Steps, as CBMC's documentation of
contracts lays them out: goto-cc (compile and link, -DCBMC), goto-instrument
--dfcc (contracts, loop contracts, write sets), goto-instrument
--drop-unused-functions, cbmc with every check of undefined behaviour and
memory safety. A proof passes when cbmc reports VERIFICATION SUCCESSFUL.

  proofs.py run [-j N] [NAME...]     every harness (or those named: area/name
                                     or name), a table, exit 1 on a failure
  proofs.py canary [-j N] [NAME...]  plant each bug of proofs/canaries.txt in
                                     a copy of the sources and require its
                                     proof to fail
  proofs.py all [-j N]               both, in one pool (CI's stage)
  proofs.py list                     the harnesses, per area
  (run, canary and all take --record: the CPU-seconds of the passing proofs
  and the caught canaries into proofs/times.txt, from which every command
  starts the longest first)
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROOFS = os.path.join(ROOT, "proofs")
BUILD = os.environ.get("PROOFS_BUILD", os.path.join(ROOT, "build-proofs"))
TIMEOUT = int(os.environ.get("PROOFS_TIMEOUT", "900"))
TIMES = os.path.join(PROOFS, "times.txt")
DEFAULT_COST = 60.0

# CBMC's checks of undefined behaviour and memory errors, on in every
# proof. Unsigned arithmetic wraps by definition, and much of the code
# wraps on purpose (masks, hashes, ciphers), so the checks of unsigned
# overflow and of narrowing conversions are on where a harness asks for
# them (@check unsigned-overflow conversion): arithmetic whose wrap would be
# a bug (the 128-bit products of X25519, the backend's bounds). A wrap in
# index or length arithmetic shows up anyway, as an access out of bounds
# or a broken post-condition.
CHECKS = [
    "--bounds-check", "--pointer-check", "--pointer-primitive-check",
    "--pointer-overflow-check", "--signed-overflow-check",
    "--undefined-shift-check", "--div-by-zero-check",
    "--enum-range-check",
]
SOLVERS = {"sat": [], "z3": ["--smt2", "--z3"], "bitwuzla": ["--bitwuzla"]}
# What CBMC 6.6 prints when an SMT solver found a counterexample (it
# answered sat) whose model it cannot read back, as z3's models of
# quantified properties often are: a failed proof without a trace
# (VERIFICATION ERROR). Rerun it with --trace after narrowing it down, or
# on the SAT back-end, to see the counterexample.
NO_TRACE = "SMT2 solver returned non-constant value"


class Harness:
    def __init__(self, path):
        self.path = path
        rel = os.path.relpath(path, PROOFS)
        self.area = os.path.dirname(rel)
        self.name = os.path.splitext(os.path.basename(rel))[0]
        self.id = f"{self.area}/{self.name}"
        self.enforce, self.replace, self.sources = [], [], []
        self.defines, self.flags, self.sets = [], [], []
        self.loops, self.unwind, self.solver = False, [], "sat"
        with open(path) as f:
            text = f.read()
        for key, value in re.findall(r"^\s*\*\s*@(\w+)[ \t]*(.*)$", text, re.M):
            words = value.split()
            if key == "enforce":
                self.enforce += words
            elif key == "replace":
                self.replace += words
            elif key == "source":
                self.sources += words
            elif key == "loops":
                self.loops = True
            elif key == "unwind":
                # F.a-b:N: loops a to b of F.
                for w in words:
                    m = re.fullmatch(r"(.+)\.(\d+)-(\d+):(\d+)", w)
                    if m:
                        self.unwind += [f"{m[1]}.{i}:{m[4]}" for i in
                                        range(int(m[2]), int(m[3]) + 1)]
                    else:
                        self.unwind.append(w)
            elif key == "sets":
                self.sets += words
            elif key == "solver":
                if words[0] not in SOLVERS:
                    raise SystemExit(f"{path}: unknown solver {words[0]}")
                self.solver = words[0]
            elif key == "define":
                self.defines += words
            elif key == "check":
                self.flags += [f"--{w}-check" for w in words]
            elif key == "flags":
                self.flags += words
            else:
                raise SystemExit(f"{path}: unknown directive @{key}")
        if not self.enforce:
            raise SystemExit(f"{path}: no @enforce")

    def jobs(self):
        return [(self, s) for s in self.sets] if self.sets else [(self, None)]


def harnesses():
    found = []
    for area in sorted(os.listdir(PROOFS)):
        d = os.path.join(PROOFS, area)
        # proofs/pending: harnesses written but not yet proven within the
        # time CI allows (docs/PROOFS.md); not run.
        if not os.path.isdir(d) or area in ("include", "pending"):
            continue
        for f in sorted(os.listdir(d)):
            if f.endswith(".c"):
                found.append(Harness(os.path.join(d, f)))
    return found


def select(all_harnesses, names):
    if not names:
        return all_harnesses
    chosen = []
    for n in names:
        hits = [h for h in all_harnesses if n in (h.id, h.name)]
        if not hits:
            raise SystemExit(f"proofs: no harness {n}")
        chosen += hits
    return chosen


def tool(name):
    d = os.environ.get("CBMC_BIN")
    return os.path.join(d, name) if d else name


def run_step(cmd, log, timeout, cpu):
    """Runs one step; adds its CPU-seconds (user and system, its children's
    included: cbmc's SMT solver) to cpu[0]; returns its exit status."""
    env = dict(os.environ)
    if os.environ.get("CBMC_BIN"):
        # cbmc runs the SMT solver (z3) by its name.
        env["PATH"] = os.environ["CBMC_BIN"] + os.pathsep + env.get("PATH", "")
    with open(log, "a") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        # A session of its own, killed whole on a timeout: cbmc starts the
        # SMT solver as a child, which would otherwise outlive it.
        proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT,
                                env=env, start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            # wait4 gives the step's own CPU time, which a shared machine's
            # load leaves alone (the wall time doubles under a load of 4).
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid == proc.pid:
                proc.returncode = os.waitstatus_to_exitcode(status)
                cpu[0] += usage.ru_utime + usage.ru_stime
                return proc.returncode
            if time.monotonic() > deadline:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                raise subprocess.TimeoutExpired(cmd, timeout)
            time.sleep(0.05)


def prove(h, kset, root=ROOT, workdir=None, timeout=TIMEOUT, extra=(),
          solver=None):
    """Builds and checks one harness; returns (result, CPU-seconds, log)."""
    tag = h.id.replace("/", "_") + (f"_k{kset}" if kset else "")
    work = workdir or os.path.join(BUILD, tag)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    log = os.path.join(work, "log.txt")
    start = time.monotonic()
    cpu = [0.0]
    deadline = start + timeout

    def left():
        return max(1, deadline - time.monotonic())

    def per_set(name):
        return name.replace("{K}", kset) if kset else name

    harness = os.path.join(root, os.path.relpath(h.path, ROOT))
    cflags = ["-DCBMC", "-I" + os.path.join(root, "src"),
              "-I" + os.path.join(root, "include"),
              "-I" + os.path.join(root, "proofs", "include")]
    cflags += ["-D" + d for d in h.defines]
    if kset:
        cflags.append(f"-DMLKEM_K={kset}")
    srcs = [os.path.join(root, s) for s in h.sources]
    g1, g2, g3 = (os.path.join(work, f"{i}.goto") for i in (1, 2, 3))
    try:
        if run_step([tool("goto-cc"), "--function", "harness", *cflags,
                     harness, *srcs, "-o", g1], log, left(), cpu):
            return "BUILD", cpu[0], log
        # The C library's models first, so that the write sets of the
        # contracts see their local variables.
        if run_step([tool("goto-instrument"), "--add-library", g1, g1],
                    log, left(), cpu):
            return "BUILD", cpu[0], log
        if h.unwind:
            if run_step([tool("goto-instrument"), "--unwindset",
                         ",".join(per_set(u) for u in h.unwind),
                         "--unwinding-assertions", g1, g1],
                        log, left(), cpu):
                return "BUILD", cpu[0], log
        inst = [tool("goto-instrument"), "--dfcc", "harness"]
        for f in h.enforce:
            inst += ["--enforce-contract", per_set(f)]
        for f in h.replace:
            inst += ["--replace-call-with-contract", per_set(f)]
        if h.loops:
            inst.append("--apply-loop-contracts")
        if run_step(inst + [g1, g2], log, left(), cpu):
            return "BUILD", cpu[0], log
        if run_step([tool("goto-instrument"), "--drop-unused-functions",
                     g2, g3], log, left(), cpu):
            return "BUILD", cpu[0], log
        cmd = [tool("cbmc"), g3, *CHECKS, "--slice-formula"]
        cmd += SOLVERS[solver or h.solver] + h.flags + list(extra)
        run_step(cmd, log, left(), cpu)
    except subprocess.TimeoutExpired:
        return "TIMEOUT", time.monotonic() - start, log
    with open(log) as f:
        out = f.read()
    if "VERIFICATION SUCCESSFUL" in out:
        result = "PASS"
    elif "VERIFICATION FAILED" in out or NO_TRACE in out:
        result = "FAIL"
    else:
        result = "ERROR"
    return result, cpu[0], log


def failures(log):
    with open(log) as f:
        return [l.rstrip() for l in f if l.rstrip().endswith(": FAILURE")]


def table(rows, out=sys.stdout):
    w = max([len("harness")] + [len(r[0]) for r in rows])
    print(f"{'harness':<{w}}  {'set':>4}  {'result':<7} {'CPU s':>8}", file=out)
    for name, kset, result, secs in rows:
        k = {None: "-", "2": "512", "3": "768", "4": "1024"}.get(kset, kset)
        print(f"{name:<{w}}  {k:>4}  {result:<7} {secs:8.1f}", file=out)


def read_canaries():
    """proofs/canaries.txt: blocks of 'name:', 'harness:', 'file:',
    'from:' and 'to:' lines, and an optional 'solver:' line, separated by
    blank lines."""
    items, cur = [], {}
    with open(os.path.join(PROOFS, "canaries.txt")) as f:
        for line in f:
            if line.startswith("#"):
                continue
            if not line.strip():
                if cur:
                    items.append(cur)
                cur = {}
                continue
            key, _, value = line.partition(":")
            cur[key.strip()] = value.strip() if key.strip() not in ("from", "to") \
                else value[1:].rstrip("\n")
    if cur:
        items.append(cur)
    for c in items:
        for key in ("name", "harness", "file", "from", "to"):
            if key not in c:
                raise SystemExit(f"canaries.txt: {c.get('name', '?')} lacks {key}")
        if c.get("solver", "sat") not in SOLVERS:
            raise SystemExit(f"canaries.txt: {c['name']}: unknown solver {c['solver']}")
    return items


def plant(c):
    """A copy of the tree with the bug of canary c; returns its root."""
    root = os.path.join(BUILD, "canary", c["name"])
    shutil.rmtree(root, ignore_errors=True)
    for d in ("src", "include", "proofs", "cli"):
        shutil.copytree(os.path.join(ROOT, d), os.path.join(root, d))
    path = os.path.join(root, c["file"])
    with open(path) as f:
        text = f.read()
    if text.count(c["from"]) != 1:
        raise SystemExit(f"canary {c['name']}: the text to replace occurs "
                         f"{text.count(c['from'])} times in {c['file']}")
    with open(path, "w") as f:
        f.write(text.replace(c["from"], c["to"]))
    return root


def load_times():
    """proofs/times.txt: the CPU-seconds each proof took when last recorded
    ("area/name[ K] seconds" a line), used only to start the longest
    first, so that no core idles at the end; a proof not listed counts
    as DEFAULT_COST."""
    times = {}
    try:
        with open(TIMES) as f:
            for line in f:
                words = line.split("#")[0].split()
                if words:
                    times[" ".join(words[:-1])] = float(words[-1])
    except FileNotFoundError:
        pass
    return times


def time_key(hid, kset):
    return hid + (f" {kset}" if kset else "")


def record_times(rows, canary_rows=()):
    """Writes the passing proofs' seconds, and the caught canaries' (as
    "canary/NAME", summed over the sets), into proofs/times.txt."""
    times = load_times()
    for name, kset, result, secs in rows:
        if result == "PASS":
            times[time_key(name, kset)] = round(secs, 1)
    caught = {}
    for name, _, result, secs, ok in canary_rows:
        if ok:
            caught[name] = caught.get(name, 0) + secs
    for name, secs in caught.items():
        times[f"canary/{name}"] = round(secs, 1)
    with open(TIMES, "w") as f:
        f.write("# SPDX-License-Identifier: Apache-2.0 OR MIT\n"
                "# Seconds per proof (and per canary, canary/NAME), "
                "written by\n# `proofs.py run|canary|all --record`; proofs.py "
                "starts the longest\n# first (docs/PROOFS.md, Time). Not a "
                "limit.\n")
        for key in sorted(times):
            f.write(f"{key} {times[key]}\n")


def execute(proof_jobs, canaries, njobs):
    """Runs the proofs (harness, set) and the canaries in one pool of
    njobs, the longest first; returns the rows of both."""
    times = load_times()
    by_id = {h.id: h for h in harnesses()}
    tasks = []
    for h, k in proof_jobs:
        tasks.append((times.get(time_key(h.id, k), DEFAULT_COST), "proof", (h, k)))
    for c in canaries:
        h = by_id.get(c["harness"])
        if h is None:
            raise SystemExit(f"canary {c['name']}: no harness {c['harness']}")
        cost = times.get(f"canary/{c['name']}") or sum(
            times.get(time_key(h.id, k), DEFAULT_COST) for _, k in h.jobs())
        tasks.append((cost, "canary", (c, h)))
    tasks.sort(key=lambda t: -t[0])

    def canary(c, h):
        root = plant(c)
        results = []
        for hh, k in h.jobs():
            # One counterexample is enough: cbmc stops at the first. The
            # canary's solver, if it names one, searches for it (any
            # solver's counterexample is one; canaries.txt).
            result, secs, log = prove(hh, k, root=root,
                                      workdir=os.path.join(root, "work"),
                                      extra=["--stop-on-fail"],
                                      solver=c.get("solver"))
            results.append((result, secs, log))
        return results

    proof_rows, bad, canary_rows, vacuous = [], [], [], []
    with concurrent.futures.ThreadPoolExecutor(njobs) as pool:
        futs = {}
        for _, kind, a in tasks:
            futs[pool.submit(prove if kind == "proof" else canary, *a)] = (kind, a)
        for fut in concurrent.futures.as_completed(futs):
            kind, a = futs[fut]
            if kind == "proof":
                h, k = a
                result, secs, log = fut.result()
                proof_rows.append((h.id, k, result, secs))
                print(f"  {result:<7} {secs:7.1f} CPU s  {h.id}" + (f" (K={k})" if k else ""),
                      flush=True)
                if result != "PASS":
                    bad.append((h, k, result, log))
                continue
            c, _ = a
            for result, secs, log in fut.result():
                caught = result == "FAIL"
                canary_rows.append((c["name"], c["harness"], result, secs, caught))
                print(f"  {'caught' if caught else 'MISSED':<7} {secs:7.1f} CPU s  "
                      f"canary {c['name']} ({c['harness']}: {result})", flush=True)
                if not caught:
                    vacuous.append((c, result, log))
                else:
                    for line in failures(log)[:3]:
                        print("           " + line.strip()[:150])
    return proof_rows, bad, canary_rows, vacuous


def report_proofs(rows, bad, njobs, wall):
    rows.sort(key=lambda r: (r[0], r[1] or ""))
    print()
    table(rows)
    total = sum(r[3] for r in rows)
    print(f"\n{len(rows)} proofs, {len(rows) - len(bad)} passed, {len(bad)} failed;"
          f" {total:.0f} CPU-seconds of proofs, {wall:.0f} s"
          f" wall with {njobs} jobs")
    for h, k, result, log in bad:
        print(f"\n{h.id}{' K=' + k if k else ''}: {result} (log: {log})")
        for line in failures(log)[:20]:
            print("  " + line)
        if result != "FAIL":
            with open(log) as f:
                print("".join(f.readlines()[-15:]))
    print(f"{len(rows) - len(bad)} passed, {len(bad)} failed")


def report_canaries(rows, vacuous, wall):
    rows.sort()
    print()
    w = max([len("canary")] + [len(r[0]) for r in rows])
    v = max([len("harness")] + [len(r[1]) for r in rows])
    print(f"{'canary':<{w}}  {'harness':<{v}}  {'proof':<7} {'CPU s':>8}")
    for name, harness, result, secs, caught in rows:
        print(f"{name:<{w}}  {harness:<{v}}  {result:<7} {secs:8.1f}")
    total = sum(r[3] for r in rows)
    print(f"\n{len(rows)} planted bugs, {len(rows) - len(vacuous)} caught, "
          f"{len(vacuous)} missed; {total:.0f} CPU-seconds, {wall:.0f} s wall")
    for c, result, log in vacuous:
        print(f"\n{c['name']}: the proof {c['harness']} gave {result}, not FAIL "
              f"(log: {log})")


def cmd_run(args):
    jobs = [j for h in select(harnesses(), args.names) for j in h.jobs()]
    start = time.monotonic()
    rows, bad, _, _ = execute(jobs, [], args.jobs)
    report_proofs(rows, bad, args.jobs, time.monotonic() - start)
    if args.record:
        record_times(rows)
    return 1 if bad else 0


def selected_canaries(names):
    canaries = read_canaries()
    if names:
        canaries = [c for c in canaries if c["name"] in names]
    return canaries


def cmd_canary(args):
    start = time.monotonic()
    _, _, rows, vacuous = execute([], selected_canaries(args.names), args.jobs)
    report_canaries(rows, vacuous, time.monotonic() - start)
    if args.record:
        record_times([], rows)
    return 1 if vacuous else 0


def cmd_all(args):
    """Every proof and every canary in one pool (CI's stage): no core
    waits for the other at the end of the proofs."""
    jobs = [j for h in harnesses() for j in h.jobs()]
    start = time.monotonic()
    rows, bad, crows, vacuous = execute(jobs, selected_canaries([]), args.jobs)
    wall = time.monotonic() - start
    report_proofs(rows, bad, args.jobs, wall)
    report_canaries(crows, vacuous, wall)
    if args.record:
        record_times(rows, crows)
    return 1 if bad or vacuous else 0


def cmd_list(args):
    for h in harnesses():
        print(h.id + (f"  (K = {' '.join(h.sets)})" if h.sets else ""))
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    for name in ("run", "canary", "all", "list"):
        s = sub.add_parser(name)
        s.add_argument("-j", "--jobs", type=int, default=2)
        if name in ("run", "canary", "all"):
            s.add_argument("--record", action="store_true",
                           help="write the seconds of the passing proofs and of the "
                                "caught canaries into proofs/times.txt")
        if name != "all":
            s.add_argument("names", nargs="*")
    args = p.parse_args()
    return {"run": cmd_run, "canary": cmd_canary, "all": cmd_all,
            "list": cmd_list}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
