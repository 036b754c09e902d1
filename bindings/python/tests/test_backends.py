# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The conformance vectors (test_vectors.py, and of the other schemes the
round-3 KATs, one 90s variant's test_vectors sum, X-Wing's and X25519's
vectors) once per backend, forced with MLKEM_BACKEND in a child process:
checks that the build compiled each SIMD backend with the right flags and
that its results are the standard's. A backend this CPU lacks (or the
build left out) is skipped, with the reason."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
# The vector tests run per backend; of the Kyber-90s sums the shortest
# (the AES and SHA-2 code is the same for the three sizes).
VECTOR_TESTS = ["test_vectors.py", "test_kyber.py::test_round3_kat",
                "test_kyber.py::test_reference_test_vectors_sum[Kyber512-90s]",
                "test_xwing.py::test_draft_vectors", "test_x25519.py"]


@pytest.mark.parametrize("backend", ["portable", "avx2", "avx512", "neon", "neon-sha3"])
def test_vectors_on_backend(backend, vectors, tmp_path):
    env = dict(os.environ, MLKEM_BACKEND=backend, MLKEM_VECTOR_DIR=str(vectors))
    name = subprocess.run([sys.executable, "-c", "import libmlkem; print(libmlkem.backend_name())"],
                          env=env, capture_output=True, text=True, check=True).stdout.strip()
    if name == "unavailable":
        pytest.skip(f"the {backend} backend is not usable here "
                    "(not built into the package, or this CPU lacks it)")
    assert name == backend
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"] +
                       [str(HERE / t) for t in VECTOR_TESTS],
                       env=env, capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert " passed" in r.stdout and "failed" not in r.stdout
