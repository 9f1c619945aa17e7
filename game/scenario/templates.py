"""Object templates (.tx, and .tj through tiled_json): merged into each instance.

An instance stores only what it changes (NOTES section 3), so the merged object is the
template's object with the instance's attributes, properties and shape laid over it. A tile
template's gid counts in the template's own tileset; it is moved into the map's gid space,
adding that tileset to the map when the map does not list it yet.
"""

from __future__ import annotations

import copy
import re
from xml.etree.ElementTree import Element

from game.rules.names import shown
from game.scenario.documents import FileRef, read_document
from game.scenario.layerdata import FLAG_BITS
from game.scenario.paths import PathPolicy
from game.scenario.problems import Problems
from game.scenario.tilesets import TilesetInfo, load_tileset

_NUMBER = re.compile(r"[0-9]{1,10}")  # a gid: ASCII digits only, and no 5000-digit numbers

SHAPES = ("point", "ellipse", "polygon", "polyline", "text")


def object_label(obj: Element, layer: str) -> str:
    """How messages name an object: "object 'Sgt Kim' (id 7) in layer 'units'"."""
    name = f"'{shown(obj.get('name'))}'" if obj.get("name") else "(unnamed)"
    return f"object {name} (id {obj.get('id', '?')}) in layer '{layer}'"


class TemplateMerger:
    """Merges templates into the objects of one map, reading each template file once."""

    def __init__(self, root: Element, source: FileRef, policy: PathPolicy, tilesets: list[TilesetInfo],
                 problems: Problems) -> None:
        self.root, self.source, self.policy = root, source, policy
        self.tilesets, self.problems = tilesets, problems
        self.cache: dict[str, tuple[Element, FileRef] | None] = {}

    def merge(self, obj: Element, layer: str) -> Element:
        """The object with its template applied (the same element when it has none)."""
        reference = obj.get("template")
        if reference is not None and not reference.strip():
            self.problems.error(self.source.display, object_label(obj, layer),
                                "has an empty template reference; pick its template again in Tiled or remove it")
            obj.attrib.pop("template")
            return obj
        if not reference:
            return obj
        template = self._template(reference, object_label(obj, layer))
        if template is None:
            obj.attrib.pop("template")
            return obj
        tree, file = template
        merged = copy.deepcopy(tree.find("object"))
        if merged is None:
            self.problems.error(file.display, "", "has no <object>")
            obj.attrib.pop("template")
            return obj
        self._move_gid(merged, tree, file, object_label(obj, layer))
        for key, value in obj.attrib.items():
            if key != "template":
                merged.set(key, value)
        _merge_properties(merged, obj)
        if any(obj.find(shape) is not None for shape in SHAPES):
            for shape in SHAPES:
                for child in merged.findall(shape):
                    merged.remove(child)
            merged.extend(copy.deepcopy(child) for child in obj if child.tag in SHAPES)
        return merged

    def _template(self, reference: str, where: str) -> tuple[Element, FileRef] | None:
        """The template's root element and file, read once per map."""
        if reference not in self.cache:
            self.cache[reference] = self._read(reference, where)
        return self.cache[reference]

    def _read(self, reference: str, where: str) -> tuple[Element, FileRef] | None:
        """Resolve and read one template file."""
        path, refused = self.policy.resolve(reference, self.source.path.parent)
        if refused:
            self.problems.error(self.source.display, where, f"template {refused}")
            return None
        file = self.source.beside(reference, path)
        if not path.exists():
            self.problems.error(self.source.display, where, f"template file not found: {file.display}")
            return None
        tree = read_document(path, file.display, "template", self.problems)
        return None if tree is None else (tree, file)

    def _move_gid(self, merged: Element, tree: Element, file: FileRef, where: str) -> None:
        """Re-count a tile template's gid from the template's tileset into the map's gids."""
        text = merged.get("gid")
        tileset = tree.find("tileset")
        if text is None:
            return
        merged.attrib.pop("gid")
        if not _NUMBER.fullmatch(text) or tileset is None or not tileset.get("source"):
            self.problems.error(file.display, "", "a tile template needs a gid and an external tileset")
            return
        gid, flags = int(text) & ~FLAG_BITS, int(text) & FLAG_BITS
        info = self._map_tileset(tileset, file, where)
        first = tileset.get("firstgid", "1")
        template_first = int(first) if _NUMBER.fullmatch(first) else 1
        if info is not None and not info.broken:
            merged.set("gid", str((info.firstgid + gid - template_first) | flags))

    def _map_tileset(self, tileset: Element, file: FileRef, where: str) -> TilesetInfo | None:
        """The map's copy of the template's tileset, added to the map when missing."""
        reference = tileset.get("source", "")
        path, refused = self.policy.resolve(reference, file.path.parent)
        if refused:
            self.problems.error(file.display, "tileset", refused)
            return None
        for info in self.tilesets:
            if info.path == path:
                return info
        firstgid = max((t.firstgid + max(t.tilecount, 1) for t in self.tilesets), default=1)
        info, element = load_tileset(Element("tileset", {"source": reference}), firstgid, file,
                                     self.policy, self.problems)
        self.root.insert(0, element)
        self.tilesets.append(info)
        self.tilesets.sort(key=lambda t: t.firstgid)
        return info


def _merge_properties(merged: Element, instance: Element) -> None:
    """The template's properties with the instance's laid over them, class members too."""
    over = instance.find("properties")
    if over is None:
        return
    base = merged.find("properties")
    if base is None:
        merged.append(copy.deepcopy(over))
        return
    _overlay(base, over)


def _overlay(base: Element, over: Element) -> None:
    """Replace or add each property of `over` in `base`; class values merge member-wise."""
    by_name = {p.get("name"): p for p in base.findall("property")}
    for prop in over.findall("property"):
        old = by_name.get(prop.get("name"))
        if old is not None and old.get("type") == prop.get("type") == "class" \
                and old.find("properties") is not None and prop.find("properties") is not None:
            _overlay(old.find("properties"), prop.find("properties"))  # type: ignore[arg-type]
            continue
        if old is not None:
            base.remove(old)
        by_name[prop.get("name")] = copy.deepcopy(prop)
        base.append(by_name[prop.get("name")])
