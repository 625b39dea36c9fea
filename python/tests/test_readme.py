"""The README's Python example runs as written, and prints what its comments say."""

import contextlib
import io
import os
import re

from conftest import ROOT


def test_the_readme_python_example_runs_as_written():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks, "the README has a Python example"
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(blocks[0], "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    printed = out.getvalue()
    assert "{'must_change': 'red', 'rule': 'cxa-1999 §26.4'}" in printed
    assert "[('h6i4', 'cxa-1999 §26.4')]" in printed
    assert 'moves: ply 2: illegal move "h2e2": no piece on h2' in printed
    assert "Counter({" in printed
