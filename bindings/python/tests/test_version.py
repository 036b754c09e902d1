# SPDX-License-Identifier: Apache-2.0 OR MIT
"""One version: the package's metadata (read by scikit-build-core from
project(mlkem VERSION ...) in the library's CMakeLists.txt), the module's
__version__ (written by the extension's CMake build from the library
target's VERSION) and the C library's mlkem_version() (its header) are the
same string."""
import importlib.metadata
import re

import libmlkem as mlkem


def test_versions_agree():
    metadata = importlib.metadata.version("libmlkem")
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", metadata), metadata
    assert metadata == mlkem.__version__ == mlkem.library_version()
