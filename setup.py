"""The compiled playout core; everything else about the package is in pyproject.toml.

The core is an accelerator, not a requirement: where it cannot be built (no
C compiler, no Python headers) the install goes on with a warning, and
vitrine runs its pure-Python core, which gives the same results more slowly
(``vitrine --version`` says which core is in use).  It is built against the
stable ABI (``Py_LIMITED_API``), so one wheel serves CPython 3.11 and later.
"""

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import BaseError, CCompilerError

LIMITED_API = "0x030B0000"  # CPython 3.11, the oldest this package supports
WHEEL_ABI = "cp311"
WARNING = """
========================================================================
WARNING: vitrine's compiled core ({name}) could not be built:
  {error}
vitrine is installed and works in pure Python, with the same results;
search (bots, the solo solver) runs many times slower.  To build the
core, install a C compiler and Python's headers (Debian: `apt-get
install gcc python3-dev`, or `sudo make system` in a checkout), then
install vitrine again (pip: --no-cache-dir --force-reinstall).
========================================================================
"""


class OptionalBuildExt(build_ext):
    """Builds the core where it can; elsewhere warns and leaves vitrine pure Python."""

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except (BaseError, CCompilerError, OSError) as error:
            print(WARNING.format(name=ext.name, error=error), file=sys.stderr)


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
            define_macros=[("Py_LIMITED_API", LIMITED_API)],
            py_limited_api=True,
            optional=True,  # a failed build leaves the pure-Python core (see the warning)
            extra_compile_args=["-std=c99", "-O2", "-Wall", "-Wextra"],
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
    options={"bdist_wheel": {"py_limited_api": WHEEL_ABI}},
)
