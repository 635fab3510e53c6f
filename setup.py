"""Builds the extension module and the command-line tool with CMake
(pyproject.toml holds the metadata).

The `_trainflops` module and the `trainflops` executable (run by the
package's `trainflops` console command) are built in Release. Set
CMAKE_BUILD_PARALLEL_LEVEL to limit the jobs, CXX to choose the compiler (by
default clang++ where it is on PATH, else CMake's choice),
CMAKE_CXX_COMPILER_LAUNCHER=ccache to reuse compiled objects, and
TRAINFLOPS_CMAKE_BUILD_DIR to build in (and reuse) a directory of your choice.
TRAINFLOPS_WITHOUT_CLI=1 builds the module alone, without the command-line
tool and so without cpp-httplib and jemalloc (the package's `trainflops`
command then says it is not installed).

A build module that is missing stops the install with a message naming it
and the fix, before anything is compiled (docs/python.md, "Installing").
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
WITHOUT_CLI = os.environ.get("TRAINFLOPS_WITHOUT_CLI", "") not in ("", "0")
DEBIAN_HINT = ("on Debian 12, scripts/setup-debian.sh installs it, and Debian's /usr/bin/python3 "
               "sees it: /usr/bin/python3 -m venv --system-site-packages .venv && "
               ".venv/bin/pip install --no-build-isolation .")


def _stop(missing: str, fix: str) -> None:
    sys.exit(f"trainflops: cannot build the Python package with {sys.executable}: {missing}.\n"
             f"  fix: {fix}\n  or: {DEBIAN_HINT}")


def _has_bdist_wheel() -> bool:
    # setuptools >= 70.1 has its own bdist_wheel; older ones need the wheel package,
    # without which pip says only "invalid command 'bdist_wheel'".
    for module in ("setuptools.command.bdist_wheel", "wheel.bdist_wheel"):
        try:
            __import__(module)
            return True
        except ImportError:
            pass
    return False


def _pybind11_dir() -> str:
    """pybind11's CMake package: from the pybind11 module, else the system's."""
    try:
        import pybind11
        return pybind11.get_cmake_dir()
    except ImportError:
        for candidate in ("/usr/lib/cmake/pybind11", "/usr/share/cmake/pybind11",
                          "/usr/local/lib/cmake/pybind11"):
            if Path(candidate, "pybind11Config.cmake").exists():
                return candidate
    _stop("pybind11 (its CMake package) is not found",
          f"{sys.executable} -m pip install pybind11 (or the pybind11-dev package)")
    return ""


def _compiler(build: Path) -> list:
    """clang++ where it is on PATH, CXX names no compiler and the build directory
    is new (changing the compiler of an existing one would rebuild it whole):
    clang compiles this code at -O0 in less than half the time g++ takes."""
    clang = shutil.which("clang++")
    if os.environ.get("CXX") or (build / "CMakeCache.txt").exists() or clang is None:
        return []
    return [f"-DCMAKE_CXX_COMPILER={clang}"]


def _check_build_tools() -> None:
    for tool in ("cmake", "ninja"):
        if shutil.which(tool) is None:
            _stop(f"the '{tool}' command is not on PATH", f"{sys.executable} -m pip install {tool}")


class CMakeExtension(Extension):
    def __init__(self, name: str) -> None:
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        _check_build_tools()
        output = Path(self.get_ext_fullpath(ext.name)).resolve().parent
        build = Path(os.environ.get("TRAINFLOPS_CMAKE_BUILD_DIR")
                     or Path(self.build_temp).resolve() / "cmake").resolve()
        build.mkdir(parents=True, exist_ok=True)
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
            "-DCMAKE_BUILD_TYPE=Release",
            # An install compiles the library once: one unity file per
            # subsystem parses the shared headers least; the code that runs
            # in loops is compiled with -O1 (as fast at run time as the
            # preset's -O3 on the package's workloads) and the rest with -O0
            # (docs/python.md, "Build time").
            "-DTRAINFLOPS_UNITY_BATCH_SIZE=0",
            "-DCMAKE_CXX_FLAGS_RELEASE=-O1 -DNDEBUG",
            "-DTRAINFLOPS_OPTIMIZE_HOT_ONLY=ON",
            *_compiler(build),
            "-DTRAINFLOPS_BUILD_TESTS=OFF",
            "-DTRAINFLOPS_BUILD_PYTHON=ON",
            "-DCMAKE_POSITION_INDEPENDENT_CODE=ON",
            f"-DTRAINFLOPS_PYTHON_OUTPUT_DIR={output}",
            f"-DPython_EXECUTABLE={sys.executable}",
            f"-Dpybind11_DIR={_pybind11_dir()}",
            f"-DTRAINFLOPS_BUILD_CLI={'OFF' if WITHOUT_CLI else 'ON'}",
        ]
        subprocess.run(configure, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
        targets = ["_trainflops"] + ([] if WITHOUT_CLI else ["trainflops_cli"])
        subprocess.run(["cmake", "--build", str(build), "--target", *targets, "-j", jobs],
                       check=True)
        if WITHOUT_CLI:
            return
        # The command-line tool rides in the package: `trainflops` (the console
        # command of pyproject.toml) runs it.
        bin_dir = output / "bin"
        bin_dir.mkdir(parents=True, exist_ok=True)
        shutil.copy2(build / "bin" / "trainflops", bin_dir / "trainflops")


# Checked first: pip runs this file to ask for the build's requirements, and
# without the wheel module its only message would be "invalid command 'bdist_wheel'".
if not _has_bdist_wheel():
    _stop("the build module 'wheel' is missing (pip would say \"invalid command 'bdist_wheel'\")",
          f"{sys.executable} -m pip install wheel")

setup(ext_modules=[CMakeExtension("trainflops._trainflops")], cmdclass={"build_ext": CMakeBuild})
