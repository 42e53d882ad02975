"""Tests run the real shapeturns binary ($SHAPETURNS_BINARY or PATH) and the real torch,
datasets and pyarrow; datasets works offline with a cache of its own."""

import os
import subprocess
import tarfile
import tempfile

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_DISABLE_PROGRESS_BARS", "1")
_cache = tempfile.mkdtemp(prefix="shapeturns-hf-cache-")
os.environ.setdefault("HF_HOME", os.path.join(_cache, "home"))
os.environ.setdefault("HF_DATASETS_CACHE", os.path.join(_cache, "datasets"))

import pytest  # noqa: E402

from shapeturns import find_binary  # noqa: E402


@pytest.fixture(scope="session")
def binary():
    return find_binary()


def cli_members(binary, arguments, cwd=None):
    """(member name, bytes) of the tar `shapeturns generate ARGUMENTS --pack tar --out -` writes,
    read with tarfile from a file, apart from the package's streaming reader."""
    with tempfile.TemporaryFile() as handle:
        subprocess.run([binary, "generate", *arguments, "--pack", "tar", "--out", "-", "--quiet"], stdout=handle, check=True, cwd=cwd)
        handle.seek(0)
        return tar_members(handle)


def tar_members(handle):
    with tarfile.open(fileobj=handle, mode="r:") as archive:
        return [(member.name, archive.extractfile(member).read()) for member in archive.getmembers()]
