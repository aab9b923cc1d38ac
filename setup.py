"""The compiled playout core; everything else about the package is in pyproject.toml."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "vitrine.games.exhibition._playout",
            sources=[
                "src/vitrine/games/exhibition/_playout.c",
                "src/vitrine/games/exhibition/_beam.c",
                "src/vitrine/games/exhibition/_batch.c",
            ],
            depends=["src/vitrine/games/exhibition/_core.h"],
            libraries=["m"],
            extra_compile_args=["-std=c99", "-O2", "-Wall", "-Wextra"],
        )
    ]
)
