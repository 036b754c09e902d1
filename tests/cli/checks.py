# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Counting checks for the tool's Python test drivers
(tests/cli/vectors_test.py, tests/cli/interop_go.py)."""
import sys


class Checks:
    def __init__(self, name):
        self.name, self.passed, self.failed = name, 0, 0

    def __call__(self, ok, what):
        """Counts one check; prints NAME: FAILED: what if it failed."""
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"{self.name}: FAILED: {what}", flush=True)
        return ok

    def finish(self):
        """Prints the summary line and exits: 1 if any check failed."""
        print(f"{self.name}: {self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
