"""What the table's banner says: whose turn it is and what they have left, or the decision the
fight waits for with its answers, or that the GM has the table; and the action bar's buttons.

Pure functions of the battle (through the facade) and of what only the window knows (`Seat`):
the window and `hexbattle render` draw the very same banner. The table never learns a secret
here: a decision or a turn of a unit hidden from it is "the GM's", and a hidden unit's name in
a question reads "someone unseen".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.battle import Battle
from game.options import Options
from game.scenario.mapprops import computer_plays
from game.ui.answers import answer_entries, answer_keys, kind_key, kind_label
from game.ui.tracker import next_up
from game.views import CombatantView

HELP = "?"
"""The button that shows the key card (the `?` key does too)."""
UNSEEN = "someone unseen"
DIE_BUTTONS = 20
"""A die of up to this many faces is asked for with a button per face (a d100 is typed)."""
ROLL = re.compile(r"roll (an? d\d+) (.*?) and type its face(.*)")
"""The engine's words asking the table for a die (`Battle.submit`'s reason when it needs one)."""


@dataclass(frozen=True, slots=True)
class Button:
    """A button of the banner: what it feeds the input modes (`Choose(choose)`; `HELP` shows the
    key card), its words and the keys that do the same."""

    choose: str
    words: str
    keys: tuple[str, ...] = ()
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class Banner:
    """The banner's content. `kind`: "turn", "decision" (the table answers), "deciding"
    (the computer or the GM answers), "gm" (the console holds the game), "roll" (the table is
    asked for a die), "over". `side` gives the colour and letter (None: nobody the table may see)."""

    kind: str
    headline: str
    side: str | None = None
    question: str = ""
    left: tuple[tuple[str, bool], ...] = ()
    """The turn's actions, each with whether it is still left: ("Main", True), ("Move", False)."""
    after: str = ""
    buttons: tuple[Button, ...] = ()


@dataclass(frozen=True, slots=True)
class Seat:
    """What only the window knows: the sides the computer plays now, why the GM holds the game
    ("" when not), the die the table is asked to roll ("" when none), the action bar's kind in
    use and whether the table has an action bar at all (the one window has the console's)."""

    computer: frozenset[str]
    holding: str = ""
    asking: str = ""
    chosen: str = "move"
    bar: bool = True

    @staticmethod
    def of_map(battle: Battle, bar: bool = True) -> Seat:
        """The window as it opens on this battle: the sides the map gives the computer."""
        return Seat(frozenset(s.id for s in battle.sides() if computer_plays(s.controller)), bar=bar)


def banner_for(battle: Battle, seat: Seat, options: Options | None = None) -> Banner:
    """The banner for the battle as it stands, seen from the table (`options`: those of whoever
    must act now, when the caller has them already)."""
    if battle.state.ended:
        return Banner("over", "The battle is over", after=_winner(battle))
    if seat.holding:
        return Banner("gm", "The GM has the table", question=seat.holding)
    if seat.asking:
        headline, question = roll_words(seat.asking, seat.bar)
        return Banner("roll", headline, question=_unseen(battle, question))
    if battle.pending() is not None:
        return _decision(battle, seat, options)
    who = battle.combatant(battle.current()) if battle.current() is not None else None
    if who is None:
        return Banner("turn", "")
    return _turn(battle, who, seat, options)


def _decision(battle: Battle, seat: Seat, options: Options | None) -> Banner:
    """An open decision: its decider, its question and its answers (none when it is not the table's)."""
    prompt = battle.pending()
    who = battle.combatant(prompt.decider)
    if who is None or who.hidden:
        return Banner("deciding", "The GM is deciding")
    if who.side in seat.computer:
        return Banner("deciding", f"{who.name} is deciding (computer)", who.side)
    options = options if options is not None and options.actor == who.id else battle.options(who.id)
    keys = answer_keys(options)
    buttons = tuple(Button(name, words, keys.get(name, ())) for name, words in answer_entries(options, battle.place))
    return Banner("decision", f"{who.name} decides", who.side, _unseen(battle, prompt.question), buttons=buttons)


def _turn(battle: Battle, who: CombatantView, seat: Seat, options: Options | None) -> Banner:
    """A turn: who acts, what they have left, who is next, and the action bar when the table acts."""
    if who.hidden:
        return Banner("turn", "The GM's turn", after=_next(battle))
    computer = who.side in seat.computer
    headline = f"{who.name}'s turn" + (" (computer)" if computer else "")
    if computer or not seat.bar:
        return Banner("turn", headline, who.side, left=actions_left(who), after=_next(battle))
    options = options if options is not None and options.actor == who.id else battle.options(who.id)
    buttons = bar_buttons(options.kinds(), seat.chosen)
    return Banner("turn", headline, who.side, left=actions_left(who), after=_next(battle), buttons=buttons)


def roll_words(asking: str, bar: bool = True) -> tuple[str, str]:
    """The banner's words for a die the table is asked to roll, from the engine's ("roll a d20 for
    Vask's attack on Thug 8 and type its face"): the die as the headline ("Roll a d20"), then what
    it is for and what the table does with its face. Two windows (`bar`): the GM types it in at the
    console; one window: a click on the face in the console's dice box (a die of up to
    `DIE_BUTTONS` faces), or the face typed there."""
    asked = ROLL.match(asking)
    if asked is None:
        return "Roll at the table", asking[:1].upper() + asking[1:]
    die, what, more = asked.groups()
    sides = int(die.rpartition("d")[2])
    how = ("tell the GM its face" if bar else "click its face in the dice box, or type it and press Enter"
           if sides <= DIE_BUTTONS else "type its face and press Enter")
    return f"Roll {die}", f"{what[:1].upper()}{what[1:]}{more}: {how}"


def bar_buttons(kinds, chosen: str = "move") -> tuple[Button, ...]:
    """The action bar: a button for each kind the actor can take now, then End turn and the key
    card, each with its key (`game.ui.modes.KEYS`)."""
    ordered = [kind for kind in kinds if kind != "end_turn"] + ["end_turn"] * ("end_turn" in kinds)
    buttons = [Button(kind, kind_label(kind), _keys(kind_key(kind)), kind == chosen) for kind in ordered]
    return tuple(buttons) + (Button(HELP, "Keys", (HELP,)),)


def actions_left(who: CombatantView) -> tuple[tuple[str, bool], ...]:
    """What the actor has left of its turn: action points where the ruleset counts them, else
    SWN's Main and Move actions (On-turn and Instant actions are never used up)."""
    if who.action_points is not None:
        return ((f"{who.action_points} action point{'s' if who.action_points != 1 else ''}", who.action_points > 0),)
    if who.actions_left is None:
        return ()
    return (("Main", "main" in who.actions_left), ("Move", "move" in who.actions_left), ("On-turn", True),
            ("Instant", True))


def _keys(key: str) -> tuple[str, ...]:
    return (key,) if key else ()


def _next(battle: Battle) -> str:
    after = next_up(battle, seen_only=True)
    return f"next: {after.name}" if after is not None else ""


def _winner(battle: Battle) -> str:
    winner = battle.state.winner
    names = {side.id: side.name for side in battle.sides()}
    return f"{names.get(winner, winner)} hold the field" if winner else "nobody is left standing"


def _unseen(battle: Battle, words: str) -> str:
    """The words with the name of every unit hidden from the table put as "someone unseen"."""
    hidden = sorted((c.name for c in battle.combatants() if c.hidden), key=len, reverse=True)
    for name in hidden:
        words = words.replace(name, UNSEEN)
    return words


def banner_record(banner: Banner) -> dict:
    """The banner as the status file lists it (without where its buttons are)."""
    return {"kind": banner.kind, "headline": banner.headline, "side": banner.side, "question": banner.question,
            "left": [list(item) for item in banner.left], "after": banner.after}
