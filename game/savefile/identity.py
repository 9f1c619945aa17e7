"""A fight's identity: the id every file of one autosaved fight carries, so a folder is one fight.

The first time the autosave writes a fight it makes an id for it and writes it in the fight's
folder (`autosave.fight`, with the map and the seed, for messages); every full save of the
fight carries the id as `"fight"` and every journal's header as `"fight"` too. A reader takes
the folder's id and refuses, naming the file, a save or a journal carrying another (a file
copied in from another fight's folder), so another fight's actions never slip into this one.
The id is random: it names the fight and never touches the battle, whose dice stay seeded.
A folder written before fights had ids holds no `autosave.fight`: there the newest full save
that reads says whose fight it is.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.userfiles import read_file

IDENTITY = "autosave.fight"
FORMAT = "hexbattle-fight"
VERSION = 1
MAX_IDENTITY_BYTES = 64 * 1024
FIGHT_ID = re.compile(r"[0-9a-f]{32}")


@dataclass(frozen=True, slots=True)
class FightIdentity:
    """What `autosave.fight` says: the fight's id, and its map and seed for messages."""

    fight: str
    map: str
    seed: Any


def new_fight_id() -> str:
    """An id no other fight has (128 random bits)."""
    return uuid.uuid4().hex


def identity_path(folder: Path) -> Path:
    """Where a fight's folder keeps its identity."""
    return Path(folder) / IDENTITY


def identity_text(identity: FightIdentity) -> bytes:
    """The identity file's contents."""
    document = {"format": FORMAT, "version": VERSION, "fight": identity.fight, "map": identity.map,
                "seed": identity.seed}
    return (json.dumps(document, sort_keys=True) + "\n").encode("utf-8")


def read_identity(folder: Path) -> tuple[FightIdentity | None, str | None]:
    """The folder's identity and None, or None and why it cannot be used (None, None: the folder
    has none, as before fights had ids)."""
    path = identity_path(folder)
    try:
        data = json.loads(read_file(path, MAX_IDENTITY_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return None, None
    except OSError as error:
        return None, f"{path}: cannot be read ({error.strerror or error})"
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, f"{path}: damaged (not a fight's identity)"
    if not isinstance(data, dict) or data.get("format") != FORMAT or not is_fight_id(data.get("fight")):
        return None, f"{path}: damaged (not a fight's identity)"
    return FightIdentity(data["fight"], str(data.get("map", "")), data.get("seed")), None


def is_fight_id(value: Any) -> bool:
    """Whether a value is a fight id as `new_fight_id` makes them."""
    return isinstance(value, str) and FIGHT_ID.fullmatch(value) is not None


def stranger(path: Path, carried: Any, map_path: str) -> str:
    """Why a file is not this fight's, in words naming it."""
    whose = f"another fight (on {Path(map_path).name})" if map_path else "another fight"
    if carried is None:
        return f"{path}: carries no fight id, so it was not written for the fight in this folder"
    return f"{path}: belongs to {whose}, not to the fight in this folder"
