"""Builds the extension module with CMake (pyproject.toml holds the metadata).

Only the `_trainflops` target is built, in Release, with Debian's pybind11;
set CMAKE_BUILD_PARALLEL_LEVEL to limit the jobs and CMAKE_CXX_COMPILER_LAUNCHER=ccache
to reuse compiled objects.
"""

import os
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        output = Path(self.get_ext_fullpath(ext.name)).resolve().parent
        build = Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release",
            "-DTRAINFLOPS_BUILD_TESTS=OFF",
            "-DTRAINFLOPS_BUILD_PYTHON=ON",
            "-DCMAKE_POSITION_INDEPENDENT_CODE=ON",
            f"-DTRAINFLOPS_PYTHON_OUTPUT_DIR={output}",
            f"-DPython_EXECUTABLE={sys.executable}",
        ]
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        subprocess.run(["cmake", "--build", str(build), "--target", "_trainflops", "-j", jobs],
                       check=True)


setup(ext_modules=[CMakeExtension("trainflops._trainflops")], cmdclass={"build_ext": CMakeBuild})
