"""Hostile and broken input: decompression caps, caps on size, and no exception for any input."""

from __future__ import annotations

import gzip
import re
import shutil
import copy
import zlib
from pathlib import Path
from xml.etree import ElementTree
from xml.etree.ElementTree import Element

import pytest
import zstandard
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.scenario import load_scenario
from game.scenario.layerdata import DataError, _decompress, decode_cells
from game.scenario.grid import MAX_CELLS

BAD = Path(__file__).resolve().parent / "bad_maps"
BASELINE = (BAD / "baseline.tmx").read_bytes()


@pytest.mark.parametrize("pack", [gzip.compress, zlib.compress, zstandard.ZstdCompressor().compress])
def test_decompression_stops_one_byte_past_what_the_layer_holds(pack):
    kind = {gzip.compress: "gzip", zlib.compress: "zlib"}.get(pack, "zstd")
    with pytest.raises(DataError, match="expands to more than the 8 bytes"):
        _decompress(pack(bytes(10**7)), kind, 8)
    assert _decompress(pack(bytes(8)), kind, 8) == bytes(8)


def test_a_zstd_frame_that_lies_about_its_size_is_still_capped():
    frame = zstandard.ZstdCompressor(write_content_size=True).compress(bytes(10**6))
    with pytest.raises(DataError, match="more than the 16 bytes"):
        _decompress(frame, "zstd", 16)


def test_cut_short_compressed_data_is_reported():
    with pytest.raises(DataError, match="cut short"):
        _decompress(zlib.compress(bytes(400))[:6], "zlib", 400)


@pytest.mark.parametrize(("text", "message"), [
    ("1,2,x", "has 'x' where a tile number"),
    ("1,2,99999999999", "has '99999999999' where a tile number"),
    ("1,-2,3", "has '-2' where a tile number"),
])
def test_bad_csv_cells(text, message):
    data = Element("data", {"encoding": "csv"})
    data.text = text
    with pytest.raises(DataError, match=message):
        decode_cells(data, 3, 1, "csv", None)


def test_an_infinite_map_too_wide_is_refused(tmp_path):
    chunks = "".join(f'<chunk x="{x}" y="0" width="1" height="1">1</chunk>' for x in (-200, 200))
    head = BASELINE.decode().split(" <layer")[0].replace('infinite="0"', 'infinite="1"')
    text = f'{head} <layer id="1" name="ground" width="1" height="1"><data encoding="csv">{chunks}</data></layer></map>'
    (tmp_path / "wide.tmx").write_text(text)
    copy_tileset(tmp_path)
    result = load_scenario(tmp_path / "wide.tmx")
    assert [p.message for p in result.errors] == [
        "map's tiles span 401 x 1 cells; hexbattle reads maps of at most 256 x 256 cells"]


def test_too_many_decoded_cells_over_all_layers_is_refused(tmp_path):
    layer = '<layer id="{i}" name="l{i}" width="256" height="256"><data encoding="csv">{data}</data></layer>'
    data = ",".join(["1"] * (256 * 256))
    layers = "".join(layer.format(i=i, data=data) for i in range(MAX_CELLS // (256 * 256) + 1))
    head = BASELINE.decode().split(" <properties>")[0].replace('width="6" height="5"', 'width="256" height="256"')
    text = f'{head} <tileset firstgid="1" source="terrain.tsx"/>{layers}</map>'
    (tmp_path / "deep.tmx").write_text(text)
    copy_tileset(tmp_path)
    result = load_scenario(tmp_path / "deep.tmx")
    assert [p.message for p in result.errors] == [
        f"takes the map past {MAX_CELLS} cells over all its tile layers (four full layers of 256 x 256); "
        "merge or remove tile layers"]


def copy_tileset(folder: Path) -> None:
    shutil.copy(BAD / "terrain.tsx", folder)
    shutil.copy(BAD / "terrain.png", folder)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(min_value=0, max_value=len(BASELINE)))
def test_a_map_cut_short_anywhere_never_raises(tmp_path, cut):
    copy_tileset(tmp_path)
    (tmp_path / "cut.tmx").write_bytes(BASELINE[:cut])
    result = load_scenario(tmp_path / "cut.tmx")
    assert cut >= len(BASELINE.rstrip()) or not result.ok


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(min_value=0, max_value=len(BASELINE) - 1),
                          st.sampled_from(list(b'0123456789-.,"<>/= abcxyz\n'))), min_size=1, max_size=6))
def test_a_map_with_mangled_bytes_never_raises(tmp_path, edits):
    copy_tileset(tmp_path)
    data = bytearray(BASELINE)
    for position, byte in edits:
        data[position] = byte
    (tmp_path / "mangled.tmx").write_bytes(bytes(data))
    result = load_scenario(tmp_path / "mangled.tmx")
    assert not [p for p in result.problems if "pytmx" in p.message]


def with_attribute(text: str, tag: str, name: str, value: str) -> str:
    """The first element starting with `tag` given name=value (replacing any value it had)."""
    start = text.index(tag)
    end = text.index(">", start)
    opening = re.sub(rf' {name}="[^"]*"', "", text[start:end])
    return text[:start] + f'{opening} {name}="{value}"' + text[end:]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tag=st.sampled_from(['<object id="1"', '<layer id="1"', '<tileset firstgid', "<map ", '<objectgroup']),
       name=st.sampled_from(["x", "y", "width", "height", "rotation", "gid", "offsetx", "opacity", "firstgid",
                             "tilewidth", "hexsidelength", "staggeraxis", "id", "visible", "infinite"]),
       value=st.sampled_from(["", "-1", "1e309", "nan", "abc", "0", "3.5", "99999999999", "x", "1"]))
def test_any_attribute_value_never_raises(tmp_path, tag, name, value):
    copy_tileset(tmp_path)
    (tmp_path / "attr.tmx").write_text(with_attribute(BASELINE.decode(), tag, name, value))
    result = load_scenario(tmp_path / "attr.tmx")
    assert not [p for p in result.problems if "pytmx" in p.message]


@pytest.mark.parametrize("text", ["1,,3", "1,2 3,4", "1,2\n3"])
def test_csv_with_a_missing_comma_or_cell_is_reported(text):
    data = Element("data", {"encoding": "csv"})
    data.text = text
    with pytest.raises(DataError, match="where a tile number"):
        decode_cells(data, 3, 1, "csv", None)


def test_a_second_image_in_a_tileset_is_ignored(tmp_path):
    copy_tileset(tmp_path)
    tileset = (BAD / "terrain.tsx").read_text().replace("</tileset>", '<image source="terrain.png"/></tileset>')
    (tmp_path / "terrain.tsx").write_text(tileset)
    (tmp_path / "m.tmx").write_bytes(BASELINE)
    assert load_scenario(tmp_path / "m.tmx").ok


STRAY_VALUES = ["", "-1", "1e309", "nan", "abc", "0", "3.5", "x", "1", "true", "terrain.tsx", "class", "2147483650"]
STRAY_NAMES = ["x", "y", "width", "height", "rotation", "gid", "firstgid", "tilewidth", "id", "source", "type",
               "class", "name", "value", "columns", "tilecount", "spacing", "encoding", "compression", "infinite"]


def mutate(root: Element, rng) -> None:
    """Set, drop, delete or copy elements anywhere, the way hand edits and bad tools do."""
    for _ in range(rng.randint(1, 4)):
        elements = list(root.iter())
        element, choice = rng.choice(elements), rng.random()
        if choice < 0.4:
            element.set(rng.choice(STRAY_NAMES), rng.choice(STRAY_VALUES))
        elif choice < 0.55 and element.attrib:
            del element.attrib[rng.choice(sorted(element.attrib))]
        elif choice < 0.7:
            parent = next((p for p in root.iter() if element in list(p)), None)
            if parent is not None:
                parent.remove(element)
        elif element is not root:
            rng.choice(elements).append(copy.deepcopy(element))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.randoms(use_true_random=False), st.booleans())
def test_elements_in_odd_places_never_reach_pytmx_or_raise(tmp_path, rng, in_tileset):
    copy_tileset(tmp_path)
    name = "terrain.tsx" if in_tileset else "m.tmx"
    root = ElementTree.fromstring((BAD / "terrain.tsx").read_bytes() if in_tileset else BASELINE)
    mutate(root, rng)
    (tmp_path / "m.tmx").write_bytes(BASELINE)
    (tmp_path / name).write_bytes(ElementTree.tostring(root))
    result = load_scenario(tmp_path / "m.tmx")
    assert not [p for p in result.problems if "pytmx" in p.message]
