# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The Python blocks of the repository's README.md, run as written against
the installed package: what a reader types works, the import name
included. (This package's own README.md lists the API in fragments.)"""
import re
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
READMES = [HERE.parents[2] / "README.md"]


def python_blocks():
    for readme in READMES:
        if not readme.is_file():
            continue
        text = readme.read_text()
        for m in re.finditer(r"^```python\n(.*?)^```", text, re.M | re.S):
            line = text.count("\n", 0, m.start()) + 1
            yield pytest.param(m.group(1), id=f"{readme.parent.name}/README.md:{line}")


BLOCKS = list(python_blocks())


def test_the_readmes_have_python_blocks():
    assert BLOCKS, "no ```python block in README.md"
    assert any("import libmlkem" in b.values[0] or "from libmlkem" in b.values[0]
               for b in BLOCKS)


@pytest.mark.parametrize("code", BLOCKS)
def test_readme_block_runs(code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "<README>", "exec"), {"__name__": "__readme__"})
