"""Changing the units of a .tmx map in place: every byte not changed is kept as it was.

`MapEdits` reads the map's bytes once (`xml_spans`) and collects edits, each a run of bytes
replaced: an object added at the end of an object layer, an object removed with its line, an
object rewritten (a squad's new count, a copy of another unit), the map's next object id, a
property removed. `apply` makes the new bytes. New and rewritten objects are laid out the way
Tiled writes them (`add_unit.object_text`), with the file's own line ends.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape
from xml.etree import ElementTree as ET

import defusedxml.ElementTree

from game.scenario.add_unit import object_text
from game.scenario.documents import MAX_FILE_BYTES
from game.scenario.xml_spans import Span, SpanError, children, element_spans
from game.userfiles import read_file


class MapEditError(ValueError):
    """The map cannot be edited as asked; the message says why."""


def read_map(path: Path) -> bytes:
    """A map file's bytes, read as every user file is (`game.userfiles`); raises OSError."""
    return read_file(path, MAX_FILE_BYTES)


@dataclass(frozen=True, slots=True)
class Edit:
    """The bytes from `start` to `end` replaced by `text` (an insertion when they are equal)."""

    start: int
    end: int
    text: bytes


ATTRIBUTE = re.compile(rb"""\s+([^\s=/>]+)\s*=\s*(["'])(.*?)\2""", re.DOTALL)
TAG_NAME = re.compile(rb"<[^\s/>]+")


def attribute_values(head: bytes) -> dict[str, tuple[int, int, bytes]]:
    """A start tag's attributes: name -> (where its value starts and ends in `head`, its quote)."""
    found = {}
    at = TAG_NAME.match(head).end()
    while (match := ATTRIBUTE.match(head, at)) is not None:
        found[match.group(1).decode("utf-8")] = (match.start(3), match.end(3), match.group(2))
        at = match.end()
    return found


class MapEdits:
    """Edits to one map's bytes, applied together by `apply`."""

    def __init__(self, data: bytes) -> None:
        try:
            self.spans = element_spans(data)
        except SpanError as error:
            raise MapEditError(str(error)) from None
        if not self.spans or self.spans[0].tag != "map":
            raise MapEditError("is not a Tiled map (its root element is not <map>)")
        self.data = data
        self.newline = b"\r\n" if b"\r\n" in data else b"\n"
        self.edits: list[Edit] = []
        self._objects = {s.attrs.get("id"): i for i, s in enumerate(self.spans) if s.tag == "object"}

    def object(self, object_id: int) -> Span:
        """The object with this id; raises MapEditError when the map itself holds none."""
        index = self._objects.get(str(object_id))
        if index is None:
            raise MapEditError(f"has no object {object_id} written in the map itself")
        return self.spans[index]

    def element(self, span: Span) -> ET.Element:
        """The element as a tree, to change and write back (`replace`)."""
        return defusedxml.ElementTree.fromstring(self.data[span.start:span.end], forbid_dtd=True)

    def set_attribute(self, span: Span, name: str, value: str) -> None:
        """Set an attribute in an element's start tag (added before its end when missing)."""
        quoted = escape(value, {'"': "&quot;"}).encode("utf-8")
        found = attribute_values(self.data[span.start:span.head_end]).get(name)
        if found:
            start, end, quote = found
            self.edits.append(Edit(span.start + start, span.start + end,
                                   quoted if quote == b'"' else quoted.replace(b"'", b"&apos;")))
        else:
            at = span.head_end - (2 if span.empty else 1)
            self.edits.append(Edit(at, at, b" " + name.encode() + b'="' + quoted + b'"'))

    def append_object(self, layer: Span, obj: ET.Element) -> None:
        """Add the object at the end of the object layer, on its own line."""
        kids = children(self.spans, self.spans.index(layer))
        if layer.empty or not kids:
            raise MapEditError(f"object layer '{layer.attrs.get('name', '')}' holds nothing to add beside")
        last = self.spans[kids[-1]]
        text = self.newline.decode() + self._indent(last) + object_text(obj, level=last.depth)
        self.edits.append(Edit(last.end, last.end, self._lines(text)))

    def remove(self, span: Span) -> None:
        """Remove the element and the line it stands on (its indentation and the line end before it)."""
        start = span.start
        before = self.data.rfind(b"\n", 0, start)
        if before >= 0 and self.data[before + 1:start].strip() == b"":
            start = before - 1 if before > 0 and self.data[before - 1:before] == b"\r" else before
        self.edits.append(Edit(start, span.end, b""))

    def replace(self, span: Span, element: ET.Element) -> None:
        """Write the element in place of the span (laid out as Tiled writes it)."""
        self.edits.append(Edit(span.start, span.end, self._lines(object_text(element, level=span.depth))))

    def apply(self) -> bytes:
        """The map's bytes with every edit made; raises MapEditError when two edits overlap."""
        data = self.data
        last_start = len(data) + 1
        ordered = sorted(enumerate(self.edits), key=lambda pair: (pair[1].start, pair[1].end, pair[0]), reverse=True)
        for _, edit in ordered:  # from the end, so earlier offsets hold; insertions at one place in order
            if edit.end > last_start:
                raise MapEditError("two changes to the map overlap")
            data = data[:edit.start] + edit.text + data[edit.end:]
            last_start = edit.start
        return data

    def _indent(self, span: Span) -> str:
        """The whitespace before the element on its line ("" when something else is there)."""
        line_start = self.data.rfind(b"\n", 0, span.start) + 1
        lead = self.data[line_start:span.start]
        return lead.decode() if lead.strip() == b"" else ""

    def _lines(self, text: str) -> bytes:
        """The text in UTF-8 with the file's own line ends."""
        return text.replace("\n", self.newline.decode()).encode("utf-8")
