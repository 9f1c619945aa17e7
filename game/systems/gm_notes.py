"""The GM's notes on a combatant: wounds and conditions the engine does not play itself (the
issue "The table": the GM steers and overrides). Seed 001 inflicts a wound or condition when a
hit takes 2 VIT or more, or the last; its list lives outside the seed, so the GM writes the one
chosen here and applies its effects with the other overrides."""

from __future__ import annotations

from game.actions import GmNoteCondition
from game.components import Notes, Stats
from game.events import ConditionNoted
from game.systems.scene import Scene

LONGEST = 40  # characters: a note fits the tracker's line


def _notes(scene: Scene, entity: int) -> tuple[str, ...]:
    held = scene.world.try_get(entity, Notes)
    return held.notes if held else ()


def check_note(scene: Scene, action: GmNoteCondition) -> GmNoteCondition | str:
    """A note of 1 to 40 characters, not written twice; rubbing out one that is there (or all)."""
    entity = action.actor
    if entity not in scene.world.entities() or not scene.world.has(entity, Stats):
        return f"there is no combatant with id {entity}"
    note, notes = action.note.strip(), _notes(scene, entity)
    if action.active:
        if not note or len(note) > LONGEST:
            return f"write a note of 1 to {LONGEST} characters (a wound or condition, e.g. broken arm)"
        return f"{scene.name(entity)} already has the note: {note}" if note in notes else action
    if note and note not in notes:
        have = ", ".join(notes) or "none"
        return f"{scene.name(entity)} has no note '{note}' (notes: {have})"
    return action if notes else f"{scene.name(entity)} has no notes to rub out"


def note(scene: Scene, action: GmNoteCondition, plan: GmNoteCondition) -> None:
    """Write the note, or rub it (or every note) out."""
    entity, written = action.actor, action.note.strip()
    notes = _notes(scene, entity)
    if action.active:
        notes = (*notes, written)
    else:
        notes = tuple(n for n in notes if written and n != written)
    if notes:
        scene.world.set(entity, Notes(notes))
    else:
        scene.world.remove(entity, Notes)
    scene.emit(ConditionNoted(entity, written, action.active))
