"""Keyword options to shapeturns generate's command-line arguments."""

from __future__ import annotations

from typing import Any, Mapping

# Options the package sets itself: a stream's destination, part and seed offset.
RESERVED = frozenset({"out", "pack", "shard", "split", "resume", "force", "quiet", "turns", "seed", "seed_offset", "merge"})


def generate_arguments(
    turns: int, seed: int, size: int, layout: str, shard_turns: int | None, options: Mapping[str, Any]
) -> list[str]:
    """``generate``'s arguments for a set: ``strategy="mixed"`` gives ``--strategy mixed``,
    ``balance=["kind", "extent"]`` gives ``--balance kind,extent``, ``labels=True`` gives ``--labels``.
    """
    if turns < 1:
        raise ValueError(f"turns must be at least 1, not {turns}")
    arguments = ["--turns", str(turns), "--seed", str(seed), "--size", str(size), "--layout", layout]
    if shard_turns is not None:
        arguments += ["--shard-turns", str(shard_turns)]
    for name, value in options.items():
        if name in RESERVED:
            raise ValueError(f"{name!r} is set by the shapeturns package itself; leave it out")
        if value is None or value is False:
            continue
        flag = "--" + name.replace("_", "-")
        if value is True:
            arguments.append(flag)
        elif isinstance(value, (list, tuple)):
            arguments += [flag, ",".join(str(item) for item in value)]
        else:
            arguments += [flag, str(value)]
    return arguments


def balanced(options: Mapping[str, Any]) -> bool:
    """Whether the options ask for --balance, whose turns come in pairs (offsets must be even)."""
    return bool(options.get("balance"))
