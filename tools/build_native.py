"""Compile :data:`app.native.MODULES` with mypyc, in place: ``make native``.

    python tools/build_native.py           # rebuild if a source changed (else a no-op)
    python tools/build_native.py --force   # rebuild
    python tools/build_native.py --clean   # remove the extensions: plain Python again

Without a C compiler, or when the build fails (a module mypyc cannot compile, missing
Python headers), it says so loudly and leaves plain Python: serving and testing never
depend on the optimisation. Under CI, tests/test_native.py fails when nothing was built.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app import native  # noqa: E402

BUILD = native.ROOT / "build" / "native"
# The project's [tool.mypy] (files = ["app"], strictness per package) is for checking;
# the compiler only needs the types, so it gets a config of its own.
MYPY_CONFIG = """[mypy]
python_version = 3.11
[mypy-asyncpg.*]
ignore_missing_imports = True
"""


def clean() -> None:
    for path in native.built_extensions():
        path.unlink()


def compiler() -> str | None:
    command = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(command)


def build() -> None:
    import warnings

    from mypyc.build import mypycify
    from setuptools import setup

    # setup() reads the project's pyproject.toml too; its [tool.setuptools] is not ours here.
    warnings.filterwarnings("ignore", message=".*tool.setuptools.*")

    clean()  # a module dropped from the list must not leave its extension behind
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as config:
        config.write(MYPY_CONFIG)
    try:
        sources = [str(native.source(module).relative_to(native.ROOT)) for module in native.MODULES]
        extensions = mypycify(
            [f"--config-file={config.name}", *sources],
            group_name=native.GROUP,
            target_dir=str(BUILD / "c"),
        )
        setup(
            name="agora-native",
            ext_modules=extensions,
            script_args=[
                "--quiet", "build_ext", "--inplace",
                "--build-temp", str(BUILD / "temp"), "--build-lib", str(BUILD / "lib"),
            ],
        )  # fmt: skip
    finally:
        os.unlink(config.name)
    # setuptools copies an unchanged extension with its old time: date the build now,
    # since its C sources were just made from the current Python ones.
    for path in native.built_extensions():
        path.touch()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--force", action="store_true", help="rebuild even if current")
    parser.add_argument("--clean", action="store_true", help="remove the extensions")
    args = parser.parse_args()
    os.chdir(native.ROOT)
    if args.clean:
        clean()
        return 0
    current = native.shared_library().exists() and not native.stale()
    if current and not args.force:
        return 0
    if compiler() is None:
        clean()
        print("native: no C compiler; the hot path runs as plain Python", file=sys.stderr)
        return 0
    started = time.perf_counter()
    try:
        build()
    except (Exception, SystemExit) as error:  # mypy's errors end in SystemExit
        clean()
        print(f"native: THE BUILD FAILED ({error!r}); running as plain Python", file=sys.stderr)
        return 0
    problems = native.stale()
    if problems or not native.shared_library().exists():
        print(f"native: the build is incomplete: {problems}", file=sys.stderr)
        return 1
    took = time.perf_counter() - started
    print(f"native: {len(native.MODULES)} modules compiled in {took:.0f}s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
