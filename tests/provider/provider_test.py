# SPDX-License-Identifier: Apache-2.0 OR MIT
"""What the provider's test scripts (tls_interop.py, keyfile_cli.py)
share: counted checks, skipping, and the openssl command they need."""
import os
import re
import shutil
import subprocess
import sys

# The test's name in every line it prints (ctest's name for it).
NAME = "provider"
counts = {"passed": 0, "failed": 0}


def check(cond, what, detail=""):
    if cond:
        counts["passed"] += 1
    else:
        counts["failed"] += 1
        print(f"{NAME}: FAILED: {what}" + (f"\n{detail}" if detail else ""),
              flush=True)
    return cond


def skip(reason):
    """Exit 77 (ctest's SKIP_RETURN_CODE) with the reason; a failure
    instead where everything must run (MLKEM_REQUIRE_INTEROP=1, CI)."""
    if os.environ.get("MLKEM_REQUIRE_INTEROP") == "1":
        print(f"{NAME}: FAILED: {reason} (MLKEM_REQUIRE_INTEROP=1)")
        sys.exit(1)
    print(f"{NAME}: SKIPPED: {reason}")
    sys.exit(77)


def require_openssl3():
    """Skips unless the openssl command is OpenSSL 3 or later."""
    if shutil.which("openssl") is None:
        skip("the openssl command is not installed")
    v = subprocess.run(["openssl", "version"], capture_output=True,
                       text=True).stdout
    if not re.match(r"OpenSSL [3-9]\.", v):
        skip(f"the openssl command is not OpenSSL 3 ({v.strip()})")


def finish():
    """Prints the counts and exits: 1 if a check failed."""
    print(f"{NAME}: {counts['passed']} passed, {counts['failed']} failed")
    sys.exit(1 if counts["failed"] else 0)
