"""The keywords of the functions that set the library's request fields by
name: one row per field of the library's tables
(include/trainflops/request_fields.h), as _trainflops._fields() lists them.
The functions take them as **keywords (an unknown one raises trainflops.Error
naming the closest); this module gives them their Python types, for the
signatures help() shows and for the stubs (scripts/generate_pyi.py)."""

from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, List

from . import _trainflops

# The functions whose keywords are the fields of a table, as _fields() names them.
FUNCTIONS = ("estimate", "hardware", "compare", "tokens", "chips", "thresholds", "units",
             "trend", "batch", "evidence", "ledger")


def rows(function: str) -> List[Dict[str, str]]:
    """The keyword rows of `function`, in the table's order."""
    return list(_trainflops._fields()[function])


def annotation(row: Dict[str, str]) -> str:
    """The type of a keyword, as the stubs write it."""
    kind, value_type = row["kind"], row["type"]
    if kind == "flag":
        return "bool"
    if kind == "file":
        return "Optional[Source]"
    value = "Value" if value_type == "number" else "str"
    if kind == "list":
        return f"Optional[Sequence[{value}]]"
    if value_type == "yes/no":
        return "Optional[Union[bool, str]]"
    return f"Optional[{value}]"


def default(row: Dict[str, str]) -> Any:
    """A keyword's default in a signature: False for a flag, else None (the
    library's default, which the row's help states)."""
    return False if row["kind"] == "flag" else None


def described(function: Callable[..., Any], name: str) -> Callable[..., Any]:
    """`function` with the keywords of its table in its signature and docstring."""
    signature = inspect.signature(function)
    parameters = [p for p in signature.parameters.values() if p.kind != p.VAR_KEYWORD]
    named = {p.name for p in parameters}
    lines = []
    for row in rows(name):
        if row["help"]:
            lines.append(f"    {row['name']}: {row['help']}")
        if row["name"] not in named:
            parameters.append(inspect.Parameter(row["name"], inspect.Parameter.KEYWORD_ONLY,
                                                default=default(row), annotation=annotation(row)))
    function.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    if lines:
        function.__doc__ = (function.__doc__ or "").rstrip() + \
            "\n\n    Keywords (the library's field tables):\n\n" + "\n".join(lines) + "\n"
    return function
