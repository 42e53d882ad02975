"""Finding the shapeturns executable and the errors it reports."""

from __future__ import annotations

import os
import shutil

ENVIRONMENT_VARIABLE = "SHAPETURNS_BINARY"

BUILD_HINT = (
    "build it in a ShapeTurns checkout with `scripts/shapeturns --version` "
    "(or `swift build -c release`; the binary is .build/release/shapeturns) or install the .deb "
    "(docs/install.md), then put it on PATH or set SHAPETURNS_BINARY to its path"
)


class ShapeTurnsError(RuntimeError):
    """The shapeturns command failed; ``message`` is the line it printed on standard error."""

    def __init__(self, message: str, returncode: int | None = None):
        super().__init__(message)
        self.message = message
        self.returncode = returncode


class BinaryNotFoundError(ShapeTurnsError, FileNotFoundError):
    """No shapeturns executable: neither SHAPETURNS_BINARY nor PATH names one."""


def find_binary(binary: str | os.PathLike | None = None) -> str:
    """The shapeturns executable to run: ``binary`` if given, else $SHAPETURNS_BINARY, else PATH.

    Raises BinaryNotFoundError with one line saying how to build it when there is none.
    """
    if binary is not None:
        return _checked(os.fspath(binary), "the binary given")
    configured = os.environ.get(ENVIRONMENT_VARIABLE)
    if configured:
        return _checked(configured, ENVIRONMENT_VARIABLE)
    found = shutil.which("shapeturns")
    if found is None:
        raise BinaryNotFoundError(f"shapeturns: no `shapeturns` on PATH and {ENVIRONMENT_VARIABLE} is not set; {BUILD_HINT}")
    return found


def _checked(path: str, source: str) -> str:
    resolved = shutil.which(path) if os.sep not in path else path
    if resolved is None or not os.path.isfile(resolved) or not os.access(resolved, os.X_OK):
        raise BinaryNotFoundError(f"shapeturns: {source} ({path}) is not an executable file; {BUILD_HINT}")
    return resolved
