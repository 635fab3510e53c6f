"""The `trainflops` console command of the installed package: runs the
command-line tool that setup.py built into the package (bin/trainflops), with
the same arguments, exit code and output."""

import os
import sys
from pathlib import Path


def executable() -> Path:
    """The bundled command-line tool."""
    return Path(__file__).resolve().parent / "bin" / "trainflops"


def main() -> None:
    tool = executable()
    if not os.access(tool, os.X_OK):
        sys.exit(f"trainflops: the command-line tool is not in this installation ({tool}); "
                 "install the package with pip (docs/python.md) or build it with CMake "
                 "(cmake --preset default && cmake --build --preset cli)")
    os.execv(str(tool), [str(tool), *sys.argv[1:]])


if __name__ == "__main__":
    main()
