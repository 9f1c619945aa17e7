"""Where each element of an XML file lies, byte for byte: what lets a map be edited in place.

An edit that parses a whole map and writes it out again may change bytes nobody meant to touch
(a comment, quotes, line ends, an entity). `element_spans` reads the file once with expat and
records, for every element, the bytes of its start tag and of the whole element, so a change
can replace or insert exactly the bytes it means and keep every other byte as it was.
"""

from __future__ import annotations

import xml.parsers.expat
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


class SpanError(ValueError):
    """The file is not XML an edit may work on (malformed, or it declares a DTD)."""


@dataclass(frozen=True, slots=True)
class Span:
    """One element: its tag and attributes, the bytes of its start tag (`start` to `head_end`)
    and of the whole element (`start` to `end`), its depth (the root 0) and its parent's index."""

    tag: str
    attrs: Mapping[str, str]
    start: int
    head_end: int
    end: int
    depth: int
    parent: int

    @property
    def empty(self) -> bool:
        """Whether it is written as one empty-element tag (`<x .../>`)."""
        return self.head_end == self.end


def element_spans(data: bytes) -> tuple[Span, ...]:
    """Every element of the document, in document order; raises SpanError."""
    found: list[dict] = []
    open_: list[int] = []
    parser = xml.parsers.expat.ParserCreate()
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def start(tag: str, attrs: dict[str, str]) -> None:
        begin = parser.CurrentByteIndex
        found.append({"tag": tag, "attrs": MappingProxyType(dict(attrs)), "start": begin,
                      "head_end": tag_end(data, begin), "depth": len(open_),
                      "parent": open_[-1] if open_ else -1})
        open_.append(len(found) - 1)

    def end(tag: str) -> None:
        element = found[open_.pop()]
        at = parser.CurrentByteIndex
        empty = data[element["head_end"] - 2:element["head_end"]] == b"/>"
        element["end"] = element["head_end"] if empty else data.index(b">", at) + 1

    def refuse(*_args) -> None:
        raise SpanError("declares a DTD or entities, which hexbattle never edits")

    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.StartDoctypeDeclHandler = parser.EntityDeclHandler = refuse
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as error:
        raise SpanError(f"is not well-formed XML ({error})") from None
    return tuple(Span(**element) for element in found)


def tag_end(data: bytes, start: int) -> int:
    """The byte after the `>` closing the tag that begins at `start` (a `>` inside a quoted
    attribute value does not close it)."""
    quote = None
    for at in range(start + 1, len(data)):
        byte = data[at:at + 1]
        if quote is not None:
            quote = None if byte == quote else quote
        elif byte in (b'"', b"'"):
            quote = byte
        elif byte == b">":
            return at + 1
    raise SpanError("ends inside a tag")


def children(spans: tuple[Span, ...], parent: int) -> list[int]:
    """The indexes of the element's direct children, in order."""
    return [index for index, span in enumerate(spans) if span.parent == parent]
