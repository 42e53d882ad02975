"""Sets written in the Hugging Face Hub's Parquet layout, images embedded, with the set's card."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ._binary import ShapeTurnsError, find_binary
from ._card import parquet_card
from ._options import generate_arguments
from ._parts import default_shard_turns
from ._rows import BOX_COLUMNS, LABEL_NAMES, image_columns, row, scalar_columns
from ._stream import read_turns

_ARROW_TYPES = {"int64": pa.int64(), "float64": pa.float64(), "string": pa.string(), "bool": pa.bool_()}


def arrow_schema(layout: str = "pair") -> pa.Schema:
    """The Parquet files' schema, with the ``huggingface`` metadata `datasets` reads its features
    from (``label`` a ClassLabel a/b, images as Image)."""
    fields = [pa.field(name, pa.struct([("bytes", pa.binary()), ("path", pa.string())])) for name in image_columns(layout)]
    features: dict[str, Any] = {name: {"_type": "Image"} for name in image_columns(layout)}
    fields.append(pa.field("label", pa.int64()))
    features["label"] = {"names": LABEL_NAMES, "_type": "ClassLabel"}
    for name, dtype in scalar_columns():
        fields.append(pa.field(name, _ARROW_TYPES[dtype]))
        features[name] = {"dtype": dtype, "_type": "Value"}
    for name in BOX_COLUMNS:
        fields.append(pa.field(name, pa.list_(pa.int64(), 4)))
        features[name] = {"feature": {"dtype": "int64", "_type": "Value"}, "length": 4, "_type": "List"}
    return pa.schema(fields, metadata={"huggingface": json.dumps({"info": {"features": features}})})


def to_parquet(
    out: str | os.PathLike,
    turns: int | None = None,
    seed: int = 1,
    *,
    size: int = 64,
    layout: str = "pair",
    split: str | dict | None = None,
    shard_turns: int | None = None,
    seed_offset: int = 0,
    source: str | os.PathLike | None = None,
    rows_per_group: int = 1000,
    force: bool = False,
    binary: str | None = None,
    **options: Any,
) -> Path:
    """Writes ``OUT/data/SPLIT-00000-of-00001.parquet`` per split and ``OUT/README.md``, the set's
    card with the YAML header the Hub and ``datasets.load_dataset(OUT)`` read, and returns OUT.

    The turns come from ``shapeturns generate`` with these options (``split="train=0.8,test=0.2"``
    or a dict of fractions), or from ``source``, a set ``generate --pack tar`` wrote. Rows are
    written ``rows_per_group`` at a time, so memory stays bounded. OUT is written whole or not at
    all: the files are made in a hidden folder beside it and renamed; an OUT that exists is
    replaced only with ``force=True`` and only if it holds a Parquet set this function wrote.
    """
    out = Path(out)
    if out.exists() and any(out.iterdir()):
        if not force:
            raise FileExistsError(f"shapeturns: {out} is not empty; pass force=True to replace a set to_parquet wrote")
        if not (out / "README.md").is_file() or not (out / "data").is_dir():
            raise FileExistsError(f"shapeturns: {out} does not hold a Parquet set to_parquet wrote; not replacing it")
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        if source is None:
            if turns is None:
                raise ValueError("give turns (to generate a set) or source (a tar set to convert)")
            set_dir = staging / "set"
            _generate(set_dir, turns, seed, size, layout, split, shard_turns, seed_offset, binary, options)
        else:
            set_dir = Path(source)
        manifest = json.loads((set_dir / "manifest.json").read_text())
        set_layout = manifest["options"].get("layout", "separate")
        if manifest["options"].get("pack") != "tar":
            raise ValueError(f"shapeturns: {set_dir} is not a tar set; make it with --pack tar")
        result = staging / "parquet"
        splits = _write_splits(set_dir, manifest, set_layout, result / "data", rows_per_group)
        card = (set_dir / "README.md").read_text() if (set_dir / "README.md").is_file() else ""
        (result / "README.md").write_text(parquet_card(card, set_layout, splits))
        shutil.copyfile(set_dir / "manifest.json", result / "manifest.json")
        if out.exists():
            shutil.rmtree(out)
        os.replace(result, out)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return out


def _generate(set_dir, turns, seed, size, layout, split, shard_turns, seed_offset, binary, options) -> None:
    arguments = generate_arguments(turns, seed, size, layout, shard_turns or default_shard_turns(turns), options)
    if split:
        text = split if isinstance(split, str) else ",".join(f"{name}={fraction}" for name, fraction in split.items())
        arguments += ["--split", text]
    command = [find_binary(binary), "generate", *arguments, "--seed-offset", str(seed_offset), "--pack", "tar", "--out", str(set_dir), "--quiet"]
    result = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode != 0:
        lines = [line.strip() for line in result.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
        raise ShapeTurnsError(lines[-1] if lines else f"shapeturns generate failed (exit status {result.returncode})", result.returncode)


def _write_splits(set_dir: Path, manifest: dict, layout: str, data: Path, rows_per_group: int) -> list[tuple[str, int, int]]:
    """Writes one Parquet file per split; returns (split, rows, bytes) in the shards' order."""
    shards_by_split: dict[str, list[str]] = {}
    for shard in manifest.get("shards", []):
        shards_by_split.setdefault(shard.get("split") or "train", []).append(shard["file"])
    order = [part["name"] for part in (manifest["options"].get("split") or {}).get("parts", [])]
    shards_by_split = dict(sorted(shards_by_split.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order)))
    data.mkdir(parents=True)
    schema = arrow_schema(layout)
    splits = []
    for name, files in shards_by_split.items():
        path = data / f"{name}-00000-of-00001.parquet"
        rows = 0
        with pq.ParquetWriter(path, schema) as writer:
            batch: list[dict] = []
            for file in files:
                with open(set_dir / file, "rb") as handle:
                    for turn in read_turns(handle):
                        batch.append(row(turn, layout))
                        if len(batch) >= rows_per_group:
                            writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                            rows += len(batch)
                            batch = []
            if batch:
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                rows += len(batch)
        splits.append((name, rows, path.stat().st_size))
    return splits
