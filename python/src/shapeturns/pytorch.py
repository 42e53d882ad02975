"""A PyTorch IterableDataset that streams turns from `shapeturns generate --out -`."""

from __future__ import annotations

import io
from typing import Any, Callable, Iterator

import torch
from torch.utils.data import IterableDataset, get_worker_info

from ._binary import find_binary
from ._options import balanced, generate_arguments
from ._parts import default_shard_turns, epoch_offset, part_is_empty
from ._stream import Turn, TurnStream


def to_tensors(turn: Turn) -> dict:
    """The default transform: each image as an RGB uint8 tensor (3, height, width), a
    transparent background composited onto white, with ``label`` (0 when a is larger, 1 when b
    is) and ``turn`` (the turn's number in its epoch)."""
    from PIL import Image

    sample: dict[str, Any] = {}
    for name, data in turn.images.items():
        with Image.open(io.BytesIO(data)) as image:
            rgb = _on_white(image)
            pixels = torch.frombuffer(bytearray(rgb.tobytes()), dtype=torch.uint8)
            sample[name] = pixels.view(rgb.height, rgb.width, 3).permute(2, 0, 1)
    sample["label"] = turn.label
    sample["turn"] = int(turn.key)
    return sample


def _on_white(image):
    from PIL import Image

    if image.mode == "RGB":
        return image.copy()
    rgba = image.convert("RGBA")
    if rgba.getchannel("A").getextrema()[0] == 255:
        return rgba.convert("RGB")
    background = Image.new("RGBA", rgba.size, "white")
    return Image.alpha_composite(background, rgba).convert("RGB")


class ShapeTurnsDataset(IterableDataset):
    """Turns streamed from ``shapeturns generate``, never written to disk.

    Each DataLoader worker runs its own ``generate --shard K/N --out -`` (worker K−1 of N), so
    the workers together yield every turn once, and each worker's turns are byte for byte the
    CLI's part K/N. Call `set_epoch` before each epoch: epoch e draws its turns from the random
    streams of turns ``seed_offset + e·turns`` on, so no two epochs repeat a turn.

    Options other than those named are generate's, as keywords: ``strategy="mixed"``,
    ``balance=["kind", "extent"]``, ``background="white"``, ``labels=True``.
    """

    def __init__(
        self,
        turns: int,
        seed: int = 1,
        *,
        size: int = 64,
        layout: str = "pair",
        shard_turns: int | None = None,
        seed_offset: int = 0,
        jobs: int | None = None,
        transform: Callable[[Turn], Any] | None = to_tensors,
        binary: str | None = None,
        **options: Any,
    ):
        super().__init__()
        self.turns = turns
        self.seed = seed
        self.shard_turns = shard_turns or default_shard_turns(turns)
        self.seed_offset = seed_offset
        self.jobs = jobs
        self.transform = transform
        self.binary = find_binary(binary)
        self.epoch = 0
        self._balanced = balanced(options)
        self._arguments = generate_arguments(turns, seed, size, layout, self.shard_turns, options)

    def set_epoch(self, epoch: int) -> None:
        """Selects the epoch whose turns the next iteration yields (0 first)."""
        self.epoch = epoch

    def arguments(self, part: int = 1, parts: int = 1) -> list[str]:
        """The generate arguments of part ``part`` of ``parts`` in the current epoch."""
        offset = epoch_offset(self.seed_offset, self.epoch, self.turns, self._balanced)
        arguments = [*self._arguments, "--seed-offset", str(offset)]
        if parts > 1:
            arguments += ["--shard", f"{part}/{parts}"]
        jobs = self.jobs if self.jobs is not None else (1 if parts > 1 else None)
        if jobs is not None:
            arguments += ["--jobs", str(jobs)]
        return arguments

    def __iter__(self) -> Iterator[Any]:
        worker = get_worker_info()
        part, parts = (worker.id + 1, worker.num_workers) if worker is not None else (1, 1)
        if part_is_empty(part, parts, self.turns, self.shard_turns):
            return
        stream = TurnStream(self.arguments(part, parts), self.binary)
        try:
            for turn in stream:
                yield self.transform(turn) if self.transform is not None else turn
        finally:
            stream.close()

    def __len__(self) -> int:
        return self.turns
