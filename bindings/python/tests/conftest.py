# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Shared fixtures: where the conformance vectors are, and pyca/cryptography
for the interoperability tests.

The vectors are the repository's tests/vectors (or $MLKEM_VECTOR_DIR).
pyca/cryptography 50 is optional when pytest is run by hand (its tests are
then skipped, with the reason); the suite run by `make test` sets
MLKEM_REQUIRE_PYCA=1, which turns its absence into a failure.
"""
import os
from pathlib import Path

import pytest

VECTOR_DIR = Path(os.environ.get("MLKEM_VECTOR_DIR") or
                  Path(__file__).resolve().parents[3] / "tests" / "vectors")


@pytest.fixture(scope="session")
def vectors():
    if not VECTOR_DIR.is_dir():
        pytest.fail(f"conformance vectors not found in {VECTOR_DIR} "
                    "(set MLKEM_VECTOR_DIR)")
    return VECTOR_DIR


@pytest.fixture(scope="session")
def pyca():
    """cryptography's mlkem and serialization modules."""
    try:
        import cryptography
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import mlkem
    except ImportError as e:
        if os.environ.get("MLKEM_REQUIRE_PYCA") == "1":
            pytest.fail(f"pyca/cryptography is required here but missing: {e}")
        pytest.skip(f"pyca/cryptography not installed ({e}); "
                    "pip install 'cryptography==50.*' to run the interop tests")
    if not cryptography.__version__.startswith("50."):
        pytest.fail(f"the interop tests are for cryptography 50, "
                    f"found {cryptography.__version__}")
    return mlkem, serialization
