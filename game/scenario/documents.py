"""Reading one Tiled file safely into an XML element: size cap, no DTDs or entities, JSON too.

TMX/TSX/TX files are parsed with defusedxml, which refuses DTDs and entity declarations (an
"entity bomb" can expand a few hundred bytes into gigabytes). Tiled JSON files (.tmj, .tsj,
.tj) are converted to the equivalent XML elements by `game.scenario.tiled_json`.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree

from game.scenario import tiled_json
from game.scenario.problems import Problems
from game.userfiles import NotAFile, TooLarge, read_file

MAX_FILE_BYTES = 32 * 1024 * 1024
"""Largest file read: a 256 x 256 map with 4 CSV layers is about 3 MB."""

JSON_SUFFIXES = {
    "map": (".tmj", ".json"),
    "tileset": (".tsj", ".json"),
    "template": (".tj", ".json"),
}
ROOT_TAGS = {"map": "map", "tileset": "tileset", "template": "template"}
DTD_MESSAGE = ("declares a DTD or XML entities (<!DOCTYPE ...>), which hexbattle refuses: entities "
               "can expand a small file into gigabytes (an 'entity bomb'); Tiled never writes "
               "them, so delete the <!DOCTYPE ...> block")

_digests: ContextVar[list[tuple[Path, str]] | None] = ContextVar("hexbattle_documents_read", default=None)
"""Where `read_document` lists the files it reads, inside `recording_reads` only. A context
variable rather than a parameter, so no reader between the loader and here has to pass it on;
each thread and each call has its own list, so two loads never mix."""


@dataclass(frozen=True, slots=True)
class FileRef:
    """A file being read: where it is, and how messages name it (relative, as the user wrote)."""

    path: Path
    display: str

    def beside(self, reference: str, path: Path) -> FileRef:
        """A file this one refers to, named relative to this one's display name."""
        return FileRef(path, os.path.normpath(os.path.join(os.path.dirname(self.display), reference)))


@contextmanager
def recording_reads() -> Iterator[list[tuple[Path, str]]]:
    """Within the block, every file `read_document` reads is listed as (absolute path, SHA-256)."""
    files: list[tuple[Path, str]] = []
    token = _digests.set(files)
    try:
        yield files
    finally:
        _digests.reset(token)


def _record(path: Path, data: bytes) -> None:
    """List a file read with the digest of the very bytes read, when someone is recording."""
    files = _digests.get()
    if files is not None:
        files.append((Path(os.path.abspath(path)), hashlib.sha256(data).hexdigest()))


def read_document(path: Path, display: str, kind: str, problems: Problems) -> Element | None:
    """The root element of a map, tileset or template file, or None (with the reason recorded)."""
    data = _read_bytes(path, display, problems)
    if data is None:
        return None
    _record(path, data)
    if path.suffix.lower() in JSON_SUFFIXES[kind]:
        root = _read_json(data, path, display, kind, problems)
    else:
        root = _read_xml(data, display, problems)
    if root is None:
        return None
    if root.tag != ROOT_TAGS[kind]:
        problems.error(display, "", f"is not a Tiled {kind} file: its root element is <{root.tag}>, "
                                    f"not <{ROOT_TAGS[kind]}>")
        return None
    return root


def _read_bytes(path: Path, display: str, problems: Problems) -> bytes | None:
    """The file's bytes, read once (`game.userfiles`: never a folder, a pipe or a device, and
    never more than MAX_FILE_BYTES), or None with the reason recorded."""
    try:
        return read_file(path, MAX_FILE_BYTES)
    except NotAFile as error:
        what = "is a folder, not a file" if "folder" in error.strerror else \
            "is not a regular file (a device or a pipe); give the path of a map file"
        problems.error(display, "", what)
    except TooLarge:
        problems.error(display, "", f"is {_size(path)} bytes; hexbattle reads files of at most {MAX_FILE_BYTES} bytes")
    except (FileNotFoundError, NotADirectoryError, ValueError):
        problems.error(display, "", "file not found")
    except OSError as error:
        problems.error(display, "", f"cannot be read: {error.strerror or error}")
    return None


def _size(path: Path) -> str:
    """The file's size in bytes, for a message ("more than" when it cannot be told)."""
    try:
        return str(path.stat().st_size)
    except OSError:
        return f"more than {MAX_FILE_BYTES}"


def _read_xml(data: bytes, display: str, problems: Problems) -> Element | None:
    """Parse XML with DTDs, entities and external references refused."""
    try:
        return defusedxml.ElementTree.fromstring(data, forbid_dtd=True)
    except (defusedxml.DTDForbidden, defusedxml.EntitiesForbidden):
        problems.error(display, "", DTD_MESSAGE)
    except defusedxml.DefusedXmlException as error:
        problems.error(display, "", f"uses an XML feature hexbattle refuses ({type(error).__name__})")
    except ParseError as error:
        problems.error(display, "", _parse_error_message(error))
    except LookupError as error:  # an XML declaration naming an encoding Python does not know
        problems.error(display, "", f"declares a text encoding Python cannot read ({error}); Tiled writes UTF-8")
    return None


def _parse_error_message(error: ParseError) -> str:
    """A ParseError in words, pointing at the line and column."""
    line, column = getattr(error, "position", (0, 0))
    reason = str(error).split(":")[0]
    hint = " (the file may be cut short)" if "no element found" in reason or "unclosed" in reason else ""
    return f"is not well-formed XML: {reason} at line {line}, column {column}{hint}"


def _read_json(data: bytes, path: Path, display: str, kind: str, problems: Problems) -> Element | None:
    """A Tiled JSON file converted to its XML equivalent by the tiled_json module."""
    convert = {"map": tiled_json.json_map_data_to_tmx, "tileset": tiled_json.json_tileset_data_to_tsx,
               "template": tiled_json.json_template_data_to_tx}[kind]
    try:
        return convert(tiled_json.parse_json(data, str(path)), str(path))
    except tiled_json.TiledJsonError as error:
        problems.error(display, ": ".join(error.where), error.message)
        return None
    except (RecursionError, ValueError):  # json's own limits: absurd nesting, 4300-digit numbers
        problems.error(display, "", "is nested too deeply or holds a number too long to be a Tiled file")
        return None
