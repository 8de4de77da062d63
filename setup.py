"""Packs ``data/`` and ``assets/`` into the wheel as ``game/_resources``.

The repository keeps data and assets at the top level (as the project asked); an
installed wheel finds them inside the package, where ``game.core.resources``
looks. Everything else about the build is in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildWithResources(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # an editable install reads data/ and assets/ from the checkout
        target = Path(self.build_lib) / "game" / "_resources"
        for folder in ("data", "assets"):
            if (HERE / folder).is_dir():
                shutil.copytree(HERE / folder, target / folder, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithResources})
