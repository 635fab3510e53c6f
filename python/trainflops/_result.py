"""Result objects: the JSON fields as attributes, the text report, HTML."""

from __future__ import annotations

import html
import json
from typing import Any, Dict, List

from . import _trainflops


class Result:
    """What a trainflops function returns.

    The fields of the command line's ``--json`` object are attributes
    (``training_flop``, ``forward_flop``, ``params``, ``assumptions``,
    ``formula``, ``layers``, ``uncertainty``, ... as the command returns
    them); ``to_dict()`` is that object, ``text()`` the command's text
    report. Values are in FLOP, as in the JSON.
    """

    __slots__ = ("_command", "_report", "_dict")

    def __init__(self, command: str, report: "_trainflops.Report") -> None:
        self._command = command
        self._report = report
        self._dict: Dict[str, Any] | None = None

    @property
    def command(self) -> str:
        """The command this result answers: 'estimate', 'hardware', ..."""
        return self._command

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object `trainflops COMMAND --json` prints (a new copy)."""
        return json.loads(self._report.json())

    def _fields(self) -> Dict[str, Any]:
        if self._dict is None:
            self._dict = json.loads(self._report.json())
        return self._dict

    def text(self) -> str:
        """The text report `trainflops COMMAND` prints."""
        return self._report.text()

    def citation(self) -> "Dict[str, Any] | None":
        """'Cite this estimate', as `trainflops COMMAND --cite --json` gives it:
        {"text": the sentence to paste, "references": bibliography keys,
        "bibtex": the entries}; None for results that estimate nothing
        (units, chips, thresholds, trend)."""
        return self._report.citation()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        fields = self._fields()
        if name in fields:
            return fields[name]
        raise AttributeError(
            f"{self._command} result has no field {name!r} (fields: {', '.join(fields)})")

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._fields()))

    def headline(self) -> str:
        """One line: the main figure with its unit."""
        fields = self._fields()
        for key in ("training_flop", "flop", "estimated_training_flop"):
            value = fields.get(key)
            if isinstance(value, (int, float)):
                return _trainflops.format_compute(float(value))
        method1 = fields.get("method1")
        if isinstance(method1, dict) and isinstance(method1.get("training_flop"), (int, float)):
            return "Method 1 / Method 2 = " + _number(fields.get("ratio"))
        combination = fields.get("combination")
        if isinstance(combination, dict) and isinstance(combination.get("rounded"), (int, float)):
            return (_trainflops.format_compute(float(combination["rounded"])) + " (" +
                    str(combination.get("label", "")) + ")")
        regimes = fields.get("regimes")
        if isinstance(regimes, list) and regimes and isinstance(regimes[0], dict):
            return f"{regimes[0].get('total_2sf')} FLOP ({regimes[0].get('id')})"
        if "doubling_time_months" in fields:
            return "doubling time " + _number(fields["doubling_time_months"]) + " months"
        return self._command

    def __str__(self) -> str:
        return self.headline()

    def __repr__(self) -> str:
        method = self._fields().get("method")
        return f"<trainflops {self._command}: {self.headline()}" + (
            f" ({method})>" if isinstance(method, str) else ">")

    def _repr_html_(self) -> str:
        """Jupyter: the headline, the formula chain and the per-layer table."""
        fields = self._fields()
        out = [f"<div class='trainflops'><p><b>{html.escape(self.headline())}</b>"
               f" <small>({html.escape(self._command)})</small></p>"]
        formula = fields.get("formula")
        if isinstance(formula, list) and formula:
            out.append("<pre>" + html.escape("\n".join(str(step) for step in formula)) + "</pre>")
        layers = fields.get("layers")
        if isinstance(layers, list) and layers and isinstance(layers[0], dict):
            out.append(_layer_table(layers))
        assumptions = fields.get("assumptions")
        if isinstance(assumptions, list) and assumptions:
            items = "".join(
                f"<li>{html.escape(str(a.get('name')))}: {html.escape(str(a.get('value')))}"
                f" <small>({html.escape(str(a.get('source')))})</small></li>"
                for a in assumptions if isinstance(a, dict))
            out.append(f"<p>Assumptions:</p><ul>{items}</ul>")
        out.append("</div>")
        return "".join(out)


def _number(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, (int, float)) else str(value)


_LAYER_COLUMNS = ("name", "type", "params", "forward_flop")


def _layer_table(layers: List[Dict[str, Any]]) -> str:
    head = "".join(f"<th>{c}</th>" for c in _LAYER_COLUMNS)
    rows = []
    for layer in layers:
        cells = "".join(f"<td>{html.escape(_number(layer.get(c, '')))}</td>"
                        for c in _LAYER_COLUMNS)
        rows.append(f"<tr>{cells}</tr>")
    return f"<table><tr>{head}</tr>{''.join(rows)}</table>"
