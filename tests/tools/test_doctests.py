"""The examples in the docstrings of every module outside the game packages are true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import paizhuo

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(paizhuo.__path__, "paizhuo.")
    if not info.name.startswith("paizhuo.games.") and info.name != "paizhuo.__main__"
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{name}: {result.failed} failing docstring example(s)"
