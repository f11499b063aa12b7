"""The README's Python examples, run as written (doctest) with pandas as wide as the terminal the
README assumes (all columns shown)."""

import doctest
import os
import re

import pandas as pd
import pytest
from conftest import ROOT


def test_readme_python_examples():
    path = os.path.join(ROOT, "README.md")
    if not os.path.exists(path):
        pytest.skip(f"{path} is not here")
    text = open(path).read()
    section = text[text.index("\n## Python\n"):]
    section = section[:section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks and "handstat.holdem_equity([\"QQ+,AKs\", \"JJ-99,AQs+\"])" in blocks[0]
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    with pd.option_context("display.width", 100, "display.max_columns", None):
        for i, block in enumerate(blocks):
            test = parser.get_doctest(block, {}, f"README Python block {i + 1}", path, 0)
            runner.run(test)
    failed, tried = runner.summarize(verbose=False)
    assert tried >= 5 and failed == 0
