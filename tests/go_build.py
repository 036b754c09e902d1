# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Builds a Go test peer (a main package in tests/) with the machine's Go,
which must be 1.26 or later (crypto/hpke, the hybrid TLS groups). Shared
by tests/hybrid/interop.py (and through it tests/cli/interop_go.py) and
tests/provider/tls_interop.py."""
import os
import shutil
import subprocess


def find_go():
    """The go command: on PATH, else Go's default install directory."""
    go = shutil.which("go")
    if go is None and os.access("/usr/local/go/bin/go", os.X_OK):
        go = "/usr/local/go/bin/go"
    return go


def build(name, go_dir, exe, needs):
    """Builds the package in go_dir into exe. Returns (exe, None), or
    (None, the reason) when there is no Go 1.26 or the build fails; needs
    names what the peer takes from 1.26, for that reason."""
    go = find_go()
    if go is None:
        return None, "go not found (Go 1.26 or later)"
    v = subprocess.run([go, "env", "GOVERSION"], capture_output=True,
                       text=True).stdout.strip()
    try:
        major, minor = (int(x) for x in v[2:].split(".")[:2])
    except ValueError:
        return None, f"cannot read the Go version ({v!r})"
    if (major, minor) < (1, 26):
        return None, f"{v} is older than Go 1.26 ({needs})"
    env = dict(os.environ, GOTOOLCHAIN="local", GOFLAGS="-mod=mod")
    r = subprocess.run([go, "build", "-o", exe, "."], cwd=go_dir, env=env,
                       capture_output=True, text=True, timeout=600)
    if r.returncode != 0:
        return None, "go build failed: " + r.stderr.strip()
    print(f"{name}: Go peer built with {v}", flush=True)
    return exe, None
