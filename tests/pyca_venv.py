# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The virtual environment with pyca/cryptography 50 (which bundles OpenSSL
4) that the interoperability tests run in: tests/cli/interop_pyca.py (the
`mlkem` tool's key files) and tests/hybrid/interop.py (X-Wing and the TLS
key shares).

reexec_in_venv(name, work, script, env) makes the venv once, in
$MLKEM_INTEROP_VENV (which CI shares between its build directories) or in
work/venv, installs cryptography==50.* into it with pip, and runs `script`
again inside it with the same arguments and MLKEM_INTEROP_IN_VENV=1 (plus
`env`). A script calls it when that variable is not set.

skip(name, reason): exit 77 (skipped) with the reason, or, with
MLKEM_REQUIRE_INTEROP=1 (as in CI), fail.
"""
import os
import subprocess
import sys

PIN = "cryptography==50.*"


def skip(name, reason):
    required = os.environ.get("MLKEM_REQUIRE_INTEROP") == "1"
    print(f"{name}: {'FAILED' if required else 'SKIPPED'}: {reason}",
          flush=True)
    sys.exit(1 if required else 77)


def in_venv():
    return os.environ.get("MLKEM_INTEROP_IN_VENV") == "1"


def reexec_in_venv(name, work, script, env=None):
    os.makedirs(work, exist_ok=True)
    venv = os.environ.get("MLKEM_INTEROP_VENV") or os.path.join(work, "venv")
    py = os.path.join(venv, "bin", "python")
    probe = ("import cryptography, sys; sys.exit(0 if "
             "cryptography.__version__.startswith('50.') else 1)")
    if not (os.path.exists(py) and
            subprocess.run([py, "-c", probe]).returncode == 0):
        print(f"{name}: creating {venv} and installing {PIN} with pip",
              flush=True)
        r = subprocess.run([sys.executable, "-m", "venv", "--clear", venv],
                           capture_output=True, text=True)
        if r.returncode != 0:
            skip(name, "python3 cannot create a virtual environment "
                 "(Debian: apt-get install python3-venv): "
                 + (r.stderr.strip().splitlines() or ["?"])[-1])
        r = subprocess.run([py, "-m", "pip", "install", "--quiet",
                            "--disable-pip-version-check", PIN],
                           capture_output=True, text=True)
        if r.returncode != 0:
            skip(name, f"pip could not install {PIN}: "
                 + (r.stderr.strip().splitlines() or ["?"])[-1])
    full_env = dict(os.environ, MLKEM_INTEROP_IN_VENV="1", **(env or {}))
    os.execve(py, [py, os.path.abspath(script)] + sys.argv[1:], full_env)
