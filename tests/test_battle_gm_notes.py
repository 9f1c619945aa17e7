"""The GM's notes (the issue "The table": the GM overrides what the engine does not play): a wound
or condition written on a combatant, as seed 001 inflicts when a hit takes 2 VIT or the last,
from a list the seed only links to. The note shows on the view and in the log, undoes, replays,
and bad notes are refused with what to do."""

from game.actions import GmNoteCondition, from_json, to_json
from game.hexgrid import Hex

from kit import battle_at, unit

ROOK, GASH = 1, 2


def _duel():
    return battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                      unit(2, "pirate", "enemies", Hex(3, 0), name="Gash")], first=ROOK, ruleset="lucky-stars")


def test_the_gm_writes_a_wound_on_a_combatant_and_rubs_it_out():
    battle = _duel()
    written = battle.submit(GmNoteCondition(GASH, note="broken arm"))
    assert written.lines == ("The GM notes on Gash: broken arm.",) and battle.current() == ROOK
    battle.submit(GmNoteCondition(GASH, note="dazed"))
    assert battle.combatant(GASH).notes == ("broken arm", "dazed")
    rubbed = battle.submit(GmNoteCondition(GASH, note="broken arm", active=False))
    assert rubbed.lines == ("The GM rubs out Gash's note: broken arm.",) and battle.combatant(GASH).notes == ("dazed",)
    battle.submit(GmNoteCondition(GASH, active=False))
    assert battle.combatant(GASH).notes == ()


def test_bad_notes_are_refused_with_what_to_do():
    battle = _duel()
    assert "1 to 40 characters" in battle.submit(GmNoteCondition(GASH, note="  ")).reason
    assert "1 to 40 characters" in battle.submit(GmNoteCondition(GASH, note="x" * 41)).reason
    battle.submit(GmNoteCondition(GASH, note="dazed"))
    assert battle.submit(GmNoteCondition(GASH, note="dazed")).reason == "Gash already has the note: dazed"
    assert battle.submit(GmNoteCondition(GASH, note="bleeding", active=False)).reason == (
        "Gash has no note 'bleeding' (notes: dazed)")
    assert battle.submit(GmNoteCondition(ROOK, active=False)).reason == "Rook has no notes to rub out"
    assert battle.submit(GmNoteCondition(99, note="dazed")).reason == "there is no combatant with id 99"


def test_a_note_undoes_and_replays_from_json():
    battle = _duel()
    note = GmNoteCondition(GASH, note="broken arm")
    battle.submit(note)
    battle.undo()
    assert battle.combatant(GASH).notes == ()
    again = _duel()
    assert again.submit(from_json(to_json(note))).accepted and again.combatant(GASH).notes == ("broken arm",)
