"""How a set is divided into tar shards, parts (one per worker) and epochs."""

from __future__ import annotations

# At most this many turns per shard, and at least this many shards when turns allow, so up to 16
# workers each get a part of their own.
MAX_SHARD_TURNS = 1000
MIN_SHARDS = 16


def default_shard_turns(turns: int) -> int:
    """Turns per tar shard when none are given: ⌈turns/16⌉, between 1 and 1000."""
    return max(1, min(MAX_SHARD_TURNS, -(-turns // MIN_SHARDS)))


def part_is_empty(part: int, parts: int, turns: int, shard_turns: int) -> bool:
    """Whether part ``part`` of ``parts`` (1-based, as --shard K/N) holds no shard.

    Part K writes shards ⌊(K−1)·M/N⌋ up to ⌊K·M/N⌋ of the set's M shards, as `shapeturns generate
    --shard K/N` does.
    """
    shards = -(-turns // shard_turns)
    return (part - 1) * shards // parts == part * shards // parts


def epoch_offset(seed_offset: int, epoch: int, turns: int, balanced: bool) -> int:
    """The --seed-offset of an epoch: epoch e draws from the streams of turns e·turns on (even with --balance)."""
    stride = turns + (turns % 2 if balanced else 0)
    return seed_offset + epoch * stride
