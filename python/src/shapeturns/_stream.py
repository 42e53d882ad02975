"""Turns read from a WebDataset tar, streamed from `shapeturns generate --out -` or from a file."""

from __future__ import annotations

import collections
import json
import subprocess
import tarfile
import threading
from dataclasses import dataclass
from typing import IO, Iterator, Sequence

from ._binary import ShapeTurnsError, find_binary

# A member larger than this is refused rather than read into memory (a PNG of the largest pair,
# 7,282 x 3,641 RGBA, compresses to far less).
MAX_MEMBER_BYTES = 256 * 1024 * 1024
# Lines of the command's standard error kept to report a failure.
STDERR_LINES = 20
READ_CHUNK = 1024 * 1024


@dataclass(frozen=True)
class Turn:
    """One turn of a shard: its members' bytes by suffix (``png`` or ``a.png``/``b.png``, ``cls``, ``json``)."""

    key: str
    members: dict

    @property
    def label(self) -> int:
        """0 when shape a is larger, 1 when b is (the ``.cls`` member)."""
        return int(self.members["cls"])

    @property
    def answer(self) -> dict:
        """The turn's answer key (the ``.json`` member)."""
        return json.loads(self.members["json"])

    @property
    def images(self) -> dict:
        """PNG bytes by name: ``image`` in the pair layout, ``a`` and ``b`` in the separate one."""
        images = {}
        for suffix, data in self.members.items():
            if suffix == "png":
                images["image"] = data
            elif suffix.endswith(".png"):
                images[suffix[: -len(".png")]] = data
        return images


def read_turns(fileobj: IO[bytes]) -> Iterator[Turn]:
    """The turns of a ShapeTurns tar, read in stream mode: one turn in memory at a time."""
    key = None
    members: dict = {}
    with tarfile.open(fileobj=fileobj, mode="r|") as archive:
        for member in archive:
            if not member.isfile():
                continue
            if member.size > MAX_MEMBER_BYTES:
                raise ShapeTurnsError(f"shapeturns: tar member {member.name} is {member.size} bytes, over {MAX_MEMBER_BYTES}")
            name = member.name.rsplit("/", 1)[-1]
            member_key, _, suffix = name.partition(".")
            if member_key != key and key is not None:
                yield Turn(key, members)
                members = {}
            key = member_key
            extracted = archive.extractfile(member)
            members[suffix] = extracted.read() if extracted is not None else b""
    if key is not None:
        yield Turn(key, members)


class TurnStream:
    """Runs ``shapeturns generate ARGUMENTS --pack tar --out -`` and yields its turns as they come.

    The process is killed and waited for when iteration stops early or `close` is called; a
    command that fails raises ShapeTurnsError with the line it printed on standard error.
    """

    def __init__(self, arguments: Sequence[str], binary: str | None = None):
        self.command = [find_binary(binary), "generate", *arguments, "--pack", "tar", "--out", "-", "--quiet"]
        self.process: subprocess.Popen | None = None

    def __iter__(self) -> Iterator[Turn]:
        if self.process is not None:
            raise RuntimeError("a TurnStream is read once; make another")
        process = subprocess.Popen(
            self.command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.process = process
        stderr_lines: collections.deque = collections.deque(maxlen=STDERR_LINES)
        drain = threading.Thread(target=_keep_lines, args=(process.stderr, stderr_lines), daemon=True)
        drain.start()
        finished = False
        try:
            try:
                yield from read_turns(process.stdout)
            except tarfile.TarError as error:
                self._stop()
                drain.join()
                raise ShapeTurnsError(_failure(stderr_lines, process.returncode, f"unreadable tar ({error})"), process.returncode)
            while process.stdout.read(READ_CHUNK):
                pass
            process.wait()
            drain.join()
            finished = True
            if process.returncode != 0:
                raise ShapeTurnsError(_failure(stderr_lines, process.returncode, None), process.returncode)
        finally:
            if not finished:
                self._stop()

    def close(self) -> None:
        """Kills the command if it is still running and waits for it."""
        if self.process is not None:
            self._stop()

    def _stop(self) -> None:
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        process.wait()
        for pipe in (process.stdout, process.stderr):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass


def _keep_lines(pipe: IO[bytes], lines: collections.deque) -> None:
    try:
        for line in iter(lambda: pipe.readline(64 * 1024), b""):
            text = line.decode("utf-8", "replace").strip()
            if text:
                lines.append(text)
    except (OSError, ValueError):
        pass


def _failure(lines: collections.deque, returncode: int | None, fallback: str | None) -> str:
    if lines:
        return lines[-1]
    return f"shapeturns generate failed (exit status {returncode})" + (f": {fallback}" if fallback else "")
