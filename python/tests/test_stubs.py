"""The keywords come from the library's field tables: every row of a
function's table is one of its keywords (in its signature, its docstring and
the library's acceptance), and the stubs' generated block is what
scripts/generate_pyi.py makes of the tables now."""

import ast
import importlib.util
import inspect

import pytest

import trainflops
from trainflops import _keywords, _trainflops


def _generator(source_dir):
    spec = importlib.util.spec_from_file_location("generate_pyi",
                                                  source_dir / "scripts" / "generate_pyi.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", _keywords.FUNCTIONS)
def test_every_row_of_the_table_is_a_keyword(name):
    rows = _keywords.rows(name)
    assert rows
    function = getattr(trainflops, name)
    parameters = inspect.signature(function).parameters
    for row in rows:
        assert row["name"] in parameters, row
        if row["help"]:
            assert f"{row['name']}: {row['help']}" in function.__doc__
    # The library takes every keyword: None is no value, so an error here is
    # about the request (no model given), never an unknown keyword.
    try:
        getattr(_trainflops, name)({row["name"]: None for row in rows})
    except trainflops.Error as raised:
        assert "unknown keyword" not in str(raised)


def test_a_row_carries_its_description():
    rows = {row["name"]: row for row in _keywords.rows("estimate")}
    # The command line's --samples line, with the library's default (100000
    # samples, grouped by thousands).
    assert rows["samples"] == {"name": "samples", "kind": "text", "type": "number",
                               "metavar": "N", "help": "Monte Carlo samples (default 100,000; "
                               "at most 1e8)", "default": "100,000"}
    # Fields named in a help are worded as keywords ("with `batch_size`").
    assert rows["batches"]["help"] == "batches per epoch (with batch_size) [range]"
    assert rows["source"]["kind"] == "file" and rows["quantiles"]["kind"] == "list"
    assert _keywords.annotation(rows["quantiles"]) == "Optional[Sequence[Value]]"
    hardware = {row["name"]: row for row in _keywords.rows("hardware")}
    assert _keywords.annotation(hardware["llm"]) == "Optional[Union[bool, str]]"


def test_the_stubs_are_generated_from_the_tables(source_dir):
    stubs = (source_dir / "python" / "trainflops" / "__init__.pyi").read_text(encoding="utf-8")
    ast.parse(stubs)
    fresh = _generator(source_dir).regenerate(stubs)
    assert fresh == stubs, ("python/trainflops/__init__.pyi differs from the field tables: run "
                            "PYTHONPATH=build/default/python /usr/bin/python3 scripts/generate_pyi.py")
