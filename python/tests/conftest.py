"""Shared fixtures: the command-line binary the results are compared with,
and the repository's example files."""

import json
import os
import subprocess
from pathlib import Path

import pytest

SOURCE_DIR = Path(os.environ.get("TRAINFLOPS_SOURCE_DIR", Path(__file__).resolve().parents[2]))


def _cli() -> str:
    path = os.environ.get("TRAINFLOPS_CLI") or str(SOURCE_DIR / "build/default/bin/trainflops")
    return path


@pytest.fixture(scope="session")
def source_dir() -> Path:
    return SOURCE_DIR


def _run_cli(args, expected_code: int):
    cli = _cli()
    if not Path(cli).exists():
        pytest.skip(f"the trainflops command line is not built ({cli}); set TRAINFLOPS_CLI")
    out = subprocess.run([cli, *args], capture_output=True, text=True, check=False)
    assert out.returncode == expected_code, out.stderr or out.stdout
    return out


@pytest.fixture(scope="session")
def cli_json():
    """Runs `trainflops ARGS... --json` and returns the parsed object."""
    return lambda *args: json.loads(_run_cli([*args, "--json"], 0).stdout)


@pytest.fixture(scope="session")
def cli_error():
    """Runs `trainflops ARGS...` expecting exit code 2; returns the message."""
    return lambda *args: _run_cli(args, 2).stderr.split(": error: ", 1)[1].strip()
