"""setup.py's choice of compiler (docs/python.md, "Build time"): clang++ only
where nothing else was asked for and nothing was built before."""

import ast
import os
import shutil
from pathlib import Path

import pytest


@pytest.fixture()
def compiler(source_dir):
    # setup.py calls setup() when run, so only its _compiler function is
    # taken from it and run here.
    tree = ast.parse((source_dir / "setup.py").read_text())
    function = next(node for node in tree.body
                    if isinstance(node, ast.FunctionDef) and node.name == "_compiler")
    scope = {"os": os, "shutil": shutil, "Path": Path}
    exec(compile(ast.Module(body=[function], type_ignores=[]), "setup.py", "exec"), scope)
    return scope["_compiler"]


def test_clang_is_chosen_for_a_new_build(compiler, tmp_path, monkeypatch):
    monkeypatch.delenv("CXX", raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: "/opt/llvm/bin/clang++"
                        if name == "clang++" else None)
    assert compiler(tmp_path) == ["-DCMAKE_CXX_COMPILER=/opt/llvm/bin/clang++"]


def test_cxx_and_an_existing_build_keep_their_compiler(compiler, tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/clang++")
    monkeypatch.setenv("CXX", "g++")
    assert compiler(tmp_path) == []
    monkeypatch.delenv("CXX")
    (tmp_path / "CMakeCache.txt").write_text("CMAKE_CXX_COMPILER:STRING=/usr/bin/c++\n")
    assert compiler(tmp_path) == []


def test_without_clang_cmake_chooses(compiler, tmp_path, monkeypatch):
    monkeypatch.delenv("CXX", raising=False)
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert compiler(tmp_path) == []
