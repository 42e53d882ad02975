"""ShapeTurns from Python: stream labelled turns from the ``shapeturns`` command into PyTorch
(`shapeturns.pytorch.ShapeTurnsDataset`) and Hugging Face datasets (`shapeturns.hf`), and write
them in the Hub's Parquet layout (`shapeturns.parquet.to_parquet`).

The command is found through $SHAPETURNS_BINARY, else PATH (`find_binary`). The submodules
import torch, datasets and pyarrow only when used.
"""

from ._binary import BinaryNotFoundError, ShapeTurnsError, find_binary
from ._stream import Turn, TurnStream, read_turns

__all__ = ["BinaryNotFoundError", "ShapeTurnsError", "Turn", "TurnStream", "find_binary", "read_turns", "to_parquet"]
__version__ = "0.1.0"


def to_parquet(*args, **kwargs):
    """`shapeturns.parquet.to_parquet`: a set in the Hub's Parquet layout (needs pyarrow)."""
    from .parquet import to_parquet as write

    return write(*args, **kwargs)
