"""Hugging Face `datasets` builders: turns streamed from shapeturns with typed features."""

from __future__ import annotations

import subprocess
from typing import Any, Iterator

import datasets

from ._binary import find_binary
from ._options import generate_arguments
from ._parts import default_shard_turns
from ._rows import BOX_COLUMNS, LABEL_NAMES, image_columns, row, scalar_columns
from ._stream import TurnStream


def features(layout: str = "pair") -> datasets.Features:
    """The columns of a set's rows: images as `Image`, ``label`` as `ClassLabel` (a, b), the key's
    fields typed (``box_a``/``box_b`` as [x, y, width, height])."""
    columns: dict[str, Any] = {name: datasets.Image() for name in image_columns(layout)}
    columns["label"] = datasets.ClassLabel(names=LABEL_NAMES)
    for name, dtype in scalar_columns():
        columns[name] = datasets.Value(dtype)
    for name in BOX_COLUMNS:
        columns[name] = datasets.List(datasets.Value("int64"), length=4)
    return datasets.Features(columns)


def _rows(parts: list, arguments: tuple, layout: str, parts_total: int, binary: str, version: str) -> Iterator[dict]:
    # `version` only keys datasets' cache: the same options and version give the same rows.
    for part in parts:
        extra = ["--shard", f"{part}/{parts_total}"] if parts_total > 1 else []
        for turn in TurnStream([*arguments, *extra], binary):
            yield row(turn, layout)


def _generator_arguments(
    turns: int,
    seed: int = 1,
    *,
    size: int = 64,
    layout: str = "pair",
    shard_turns: int | None = None,
    seed_offset: int = 0,
    binary: str | None = None,
    **options: Any,
) -> dict:
    shard_turns = shard_turns or default_shard_turns(turns)
    shards = -(-turns // shard_turns)
    arguments = generate_arguments(turns, seed, size, layout, shard_turns, options) + ["--seed-offset", str(seed_offset)]
    parts = list(range(1, shards + 1))
    binary = find_binary(binary)
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=False).stdout.strip()
    return {"parts": parts, "arguments": tuple(arguments), "layout": layout, "parts_total": shards, "binary": binary, "version": version}


def iterable_dataset(turns: int, seed: int = 1, **options: Any) -> datasets.IterableDataset:
    """A `datasets.IterableDataset` streamed from ``shapeturns generate``, with one shard (`n_shards`)
    per tar shard, so DataLoader workers divide it. Keywords: ``size`` (64), ``layout`` ("pair"),
    ``shard_turns``, ``seed_offset``, ``binary`` and any generate option (``strategy="mixed"``)."""
    kwargs = _generator_arguments(turns, seed, **options)
    return datasets.IterableDataset.from_generator(_rows, features=features(kwargs["layout"]), gen_kwargs=kwargs)


def dataset(turns: int, seed: int = 1, **options: Any) -> datasets.Dataset:
    """A `datasets.Dataset` (Arrow, in the datasets cache) of the turns ``shapeturns generate``
    streams; keywords as for `iterable_dataset`."""
    kwargs = _generator_arguments(turns, seed, **options)
    return datasets.Dataset.from_generator(_rows, features=features(kwargs["layout"]), gen_kwargs=kwargs)
