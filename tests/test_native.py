"""The mypyc build (app/native.py): the list is real, staleness is caught, and where the
build exists (always under CI) the hot path really runs compiled."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
from pathlib import Path

import pytest

from app import native
from tests.conftest import IN_CI


def test_every_listed_module_has_its_source() -> None:
    for module in native.MODULES:
        assert native.source(module).is_file(), module
    assert len(set(native.MODULES)) == len(native.MODULES)


def test_the_hot_path_is_compiled_where_the_build_exists() -> None:
    if not native.shared_library().exists():
        assert not IN_CI, "CI builds the extensions (make test runs tools/build_native.py)"
        pytest.skip("no mypyc build here: the hot path runs as plain Python")
    for module in native.MODULES:
        loader = importlib.import_module(module).__loader__
        assert isinstance(loader, importlib.machinery.ExtensionFileLoader), module


def fake_tree(root: Path, modules: tuple[str, ...]) -> None:
    for module in modules:
        path = root.joinpath(*module.split(".")).with_suffix(".py")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")


def build(root: Path, modules: tuple[str, ...], at: float) -> None:
    for path in (*(native.extension(m) for m in modules), native.shared_library()):
        path.write_bytes(b"")
        os.utime(path, (at, at))


def test_stale_names_changed_sources_orphans_and_partial_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    modules = ("app.rooms.diff", "app.rooms.play")
    monkeypatch.setattr(native, "ROOT", tmp_path)
    monkeypatch.setattr(native, "MODULES", modules)
    fake_tree(tmp_path, modules)
    assert native.stale() == []  # nothing built: plain Python, nothing to refuse
    for module in modules:
        os.utime(native.source(module), (1000, 1000))
    build(tmp_path, modules, at=2000)
    assert native.stale() == []
    os.utime(native.source("app.rooms.play"), (3000, 3000))  # edited after the build
    assert native.stale() == ["app.rooms.play changed since the build"]
    os.utime(native.source("app.rooms.play"), (1000, 1000))
    native.extension("app.rooms.diff").unlink()  # a partial build
    assert native.stale() == ["app.rooms.diff changed since the build"]
    build(tmp_path, modules, at=2000)
    orphan = native.extension("app.rooms.old")  # a module taken off the list
    orphan.write_bytes(b"")
    assert native.stale() == [f"{orphan.relative_to(tmp_path)} is not in the list"]
    native.shared_library().unlink()
    assert native.stale() == [f"{native.shared_library().name} is missing"]


# An ``async with`` whose exit never suspends (the room lock releases synchronously).
NON_SUSPENDING_EXITS = frozenset({"live.lock"})


def suspensions_while_handling(module: str) -> list[str]:
    """Awaits a compiled coroutine would make while it handles an exception."""
    import ast

    path = native.source(module)
    found: list[str] = []
    suspends = (ast.Await, ast.AsyncWith, ast.AsyncFor)
    for function in ast.walk(ast.parse(path.read_text())):
        if not isinstance(function, ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            blocks: list[ast.stmt] = []
            if isinstance(node, ast.ExceptHandler):
                blocks = node.body
            elif isinstance(node, ast.Try | ast.TryStar):
                blocks = node.finalbody
            elif isinstance(node, ast.AsyncWith):
                for item in node.items:
                    if ast.unparse(item.context_expr) not in NON_SUSPENDING_EXITS:
                        found.append(f"{path.name}:{node.lineno} async with")
            if any(isinstance(inner, suspends) for block in blocks for inner in ast.walk(block)):
                found.append(f"{path.name}:{getattr(node, 'lineno', '?')} {function.name}")
    return found


def test_compiled_coroutines_never_suspend_while_handling_an_exception() -> None:
    """mypyc keeps the exception being handled in the thread's state, not in the
    coroutine (CPython keeps it per coroutine). A compiled coroutine that awaits inside an
    ``except`` or ``finally`` block, or in the exit of an ``async with`` reached by an
    error, lets other tasks replace that state before it resumes; its bare ``raise`` then
    re-raises whatever the thread holds. The chaos soak segfaulted on exactly this: the
    PostgreSQL writer closed its connection inside ``except`` after a restart and the
    group commit task raised a freed exception (``TypeError: invalid exception object``
    from the task, then a crash formatting it)."""
    found = [place for module in native.MODULES for place in suspensions_while_handling(module)]
    assert found == []
