import pytest

from shapeturns import BinaryNotFoundError, ShapeTurnsError, TurnStream, find_binary


def test_variable_naming_a_missing_file_says_how_to_build(monkeypatch, tmp_path):
    monkeypatch.setenv("SHAPETURNS_BINARY", str(tmp_path / "nowhere" / "shapeturns"))
    with pytest.raises(BinaryNotFoundError) as caught:
        find_binary()
    message = str(caught.value)
    assert "\n" not in message
    assert "SHAPETURNS_BINARY" in message and "scripts/shapeturns" in message and "swift build -c release" in message


def test_no_binary_on_path_says_how_to_build(monkeypatch, tmp_path):
    monkeypatch.delenv("SHAPETURNS_BINARY", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(BinaryNotFoundError) as caught:
        TurnStream(["--turns", "1"])
    assert "no `shapeturns` on PATH" in str(caught.value)
    assert isinstance(caught.value, FileNotFoundError) and isinstance(caught.value, ShapeTurnsError)


def test_binary_on_path_is_found(monkeypatch, binary, tmp_path):
    monkeypatch.delenv("SHAPETURNS_BINARY", raising=False)
    (tmp_path / "shapeturns").symlink_to(binary)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_binary() == str(tmp_path / "shapeturns")


def test_the_dataset_looks_for_the_binary_when_made(monkeypatch, tmp_path):
    from shapeturns.pytorch import ShapeTurnsDataset

    monkeypatch.setenv("SHAPETURNS_BINARY", str(tmp_path / "missing"))
    with pytest.raises(BinaryNotFoundError, match="is not an executable file"):
        ShapeTurnsDataset(10)
