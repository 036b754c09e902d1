#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The Python binding's test suite as `make test` runs it (ctest test
python_binding).

Usage: run_in_venv.py WORK_DIR [--cc CC] [--cmake CMAKE] [--werror]

Makes a virtual environment (WORK_DIR/venv, or $MLKEM_PYTHON_VENV, which CI
shares between its build directories) with pytest, cryptography 50 and the
package's build requirements from PyPI, installs the package into it the
way a user does, with `pip install ./bindings/python` (scikit-build-core
running CMake: the CMake of the calling build if given, CC as the compiler,
-DMLKEM_WERROR=ON if asked, in WORK_DIR/pybuild, so that a second run
rebuilds only what changed), and runs pytest on bindings/python/tests
there, with the interoperability tests required.

Exit status 77 (skipped) if python3 cannot make a virtual environment, has
no C headers (Debian: python3-dev), or pip cannot reach PyPI to make the
venv (once made, the package is rebuilt without PyPI if need be), unless
MLKEM_REQUIRE_INTEROP=1 (as in CI), which makes that a failure. A package
that fails to build or a failing test always fails.
"""
import argparse
import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

NAME = "python_binding"
HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent
REPO = PACKAGE.parent.parent


def build_requirements():
    """The [build-system] requires of pyproject.toml (python3 before 3.11
    has no TOML parser: the list is read as written there)."""
    text = (PACKAGE / "pyproject.toml").read_text()
    m = re.search(r"^requires\s*=\s*\[([^\]]*)\]", text, re.M)
    return re.findall(r'"([^"]+)"', m.group(1)) if m else []


# The build requirements too, so that the package can be rebuilt without
# PyPI (--no-build-isolation) once the venv exists.
BUILD_REQUIRES = build_requirements()
PINS = ["pytest", "cryptography==50.*"] + BUILD_REQUIRES
# pip's words for "could not download": then the machine has no PyPI.
OFFLINE_SIGNS = ["Could not find a version that satisfies the requirement",
                 "No matching distribution found", "Failed to establish a new connection",
                 "Temporary failure in name resolution", "Network is unreachable"]


def skip(reason):
    required = os.environ.get("MLKEM_REQUIRE_INTEROP") == "1"
    print(f"{NAME}: {'FAILED' if required else 'SKIPPED'}: {reason}", flush=True)
    sys.exit(1 if required else 77)


def last_line(text):
    return (text.strip().splitlines() or ["?"])[-1]


def offline_line(text):
    """The line of pip's output that says it could not download, or None."""
    for line in text.splitlines():
        if any(sign in line for sign in OFFLINE_SIGNS):
            return line.strip()
    return None


def make_venv(venv):
    py = venv / "bin" / "python"
    # The venv is reused if it has pytest, cryptography 50 and the build
    # requirements at the versions asked for (a venv an older version of
    # this script made lacks them, or has older ones).
    probe = ("import sys, pytest, cryptography\n"
             "from importlib.metadata import version\n"
             "from packaging.requirements import Requirement\n"
             f"reqs = [Requirement(r) for r in {BUILD_REQUIRES!r}]\n"
             "sys.exit(0 if cryptography.__version__.startswith('50.') and "
             "all(r.specifier.contains(version(r.name)) for r in reqs) else 1)")
    if py.exists() and subprocess.run([str(py), "-c", probe],
                                      capture_output=True).returncode == 0:
        return py
    print(f"{NAME}: creating {venv} and installing {' '.join(PINS)} with pip", flush=True)
    r = subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        skip("python3 cannot create a virtual environment "
             f"(Debian: apt-get install python3-venv): {last_line(r.stderr)}")
    r = subprocess.run([str(py), "-m", "pip", "install", "--quiet",
                        "--disable-pip-version-check"] + PINS,
                       capture_output=True, text=True)
    if r.returncode != 0:
        skip(f"pip could not install {' '.join(PINS)} (no access to PyPI?): "
             f"{offline_line(r.stderr) or last_line(r.stderr)}")
    return py


def install_package(py, work, cc, cmake, werror):
    # CMake options of this build only: CMAKE_ARGS of the calling `make`
    # reach this process through the environment and are replaced.
    args = []
    if cc:
        args.append(f"-DCMAKE_C_COMPILER={cc}")
    if werror:
        args.append("-DMLKEM_WERROR=ON")
    env = dict(os.environ, CMAKE_ARGS=" ".join(args),
               SKBUILD_BUILD_DIR=str(work / "pybuild"))
    if cmake:
        # scikit-build-core takes the first cmake on PATH (or fetches one
        # from PyPI if that is too old).
        env["PATH"] = os.pathsep.join([str(Path(cmake).parent), env.get("PATH", "")])
    print(f"{NAME}: pip install {PACKAGE} (CMAKE_ARGS={env['CMAKE_ARGS']!r}, "
          f"cmake {cmake or 'from PATH'})", flush=True)
    command = [str(py), "-m", "pip", "install", "--disable-pip-version-check",
               "--force-reinstall", "--no-deps", str(PACKAGE)]
    r = subprocess.run(command, capture_output=True, text=True, env=env)
    offline = offline_line(r.stdout + r.stderr) if r.returncode != 0 else None
    if offline:
        # Without PyPI, pip cannot fetch the build requirements for an
        # isolated build: build with the venv's own.
        print(f"{NAME}: no PyPI ({offline}); building with the venv's "
              f"{' '.join(BUILD_REQUIRES)}", flush=True)
        r = subprocess.run(command + ["--no-build-isolation"], capture_output=True,
                           text=True, env=env)
    if r.returncode != 0:
        print(r.stdout + r.stderr)
        print(f"{NAME}: FAILED: the package did not build or install")
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("work")
    ap.add_argument("--cc", default="")
    ap.add_argument("--cmake", default="")
    ap.add_argument("--werror", action="store_true")
    args = ap.parse_args()
    work = Path(args.work).resolve()
    work.mkdir(parents=True, exist_ok=True)

    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.is_file():
        skip(f"{headers} is missing: the package needs the Python C headers "
             "(Debian: apt-get install python3-dev)")
    venv = Path(os.environ.get("MLKEM_PYTHON_VENV") or work / "venv")
    py = make_venv(venv)
    install_package(py, work, args.cc, args.cmake, args.werror)
    env = dict(os.environ, MLKEM_REQUIRE_PYCA="1",
               MLKEM_VECTOR_DIR=str(REPO / "tests" / "vectors"))
    # Run from the work directory so that `import libmlkem` is the installed
    # package (the sources are under src/, never on the path).
    r = subprocess.run([str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        str(HERE)], cwd=work, env=env)
    sys.exit(r.returncode)


if __name__ == "__main__":
    main()
