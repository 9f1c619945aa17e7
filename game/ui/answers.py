"""The words of the choices a window offers: each answer to an open decision with its exact odds,
and each kind of the action bar, with the keys that take them. One place, so the console's panel
and the table's banner say the same thing; pure functions of the facade's options."""

from __future__ import annotations

from collections.abc import Callable

from game.hexgrid import Hex
from game.options import DeclareOption, Options, ReactionOption
from game.ui.keys import card_name, key_for
from game.ui.modes import Answer, Board, Key
from game.ui.overlays import percent

ANSWER_WORDS = {"overwatch_fire": "Fire", "hold": "Hold", "hold_for_move": "Hold for this move", "redirect": "Step in"}
KEYS_TRIED = ("return", "escape", " ", *"abcdefghijklmnopqrstuvwxyz0123456789")
"""The keys an open decision may answer to (`Answer` says which answer each one takes)."""


def kind_label(kind: str) -> str:
    """A kind as the action bar names it."""
    return kind.replace("_", " ").capitalize()


def kind_key(kind: str) -> str:
    """The key that chooses a kind of the action bar (`game.ui.keys.KEYS`), "" when none."""
    return key_for(kind) or ""


def key_name(key: str) -> str:
    """A key as a button prints it: "Enter", "Esc", "E", "Space"."""
    return card_name(key).upper() if len(card_name(key)) == 1 else card_name(key)


def with_keys(words: str, keys: tuple[str, ...]) -> str:
    """A button's words after the keys that do the same: "[Enter/F] Step in (40% to hit)"."""
    return f"[{'/'.join(key_name(k) for k in keys)}] {words}" if keys else words


def answer_entries(options: Options, place: Callable[[Hex], str] | None = None) -> list[tuple[str, str]]:
    """Each answer's button: its kind, numbered from the second of a kind on ("negate_damage#1"),
    so answers of one kind (spending one point or two) are each a button of their own; `place`
    names the hexes an answer keeps (`Battle.place`), so two regroups read apart."""
    seen: dict[str, int] = {}
    entries = []
    for option in options.allowed():
        count = seen.get(option.kind, 0)
        seen[option.kind] = count + 1
        entries.append((f"{option.kind}#{count}" if count else option.kind, answer_words(option, place)))
    return entries


def answer_keys(options: Options) -> dict[str, tuple[str, ...]]:
    """For each answer (as `answer_entries` names it), the keys that take it, asked of the
    decision's own input mode so the buttons never promise a key it does not keep."""
    named = [(option.action, name) for option, (name, _) in zip(options.allowed(), answer_entries(options))]
    found: dict[str, tuple[str, ...]] = {}
    for key in KEYS_TRIED:
        action = Answer(options.actor).handle(Key(key), Board(options)).action
        name = next((name for taken, name in named if action is not None and taken == action), None)
        if name is not None:
            found[name] = found.get(name, ()) + (key,)
    return found


def answer_words(option, place: Callable[[Hex], str] | None = None) -> str:
    """An answer in words, with what it costs and its exact odds (and, with `place`, the hexes
    a squad regrouping keeps: "Regroup onto col 4, row 6; col 4, row 7")."""
    odds = getattr(option, "odds", None)
    chance = f" ({percent(odds.chance)} to hit)" if odds is not None else ""
    if getattr(option, "chance", None) is not None:
        chance = f" ({percent(option.chance)} to turn the roll)"
    if isinstance(option, ReactionOption):  # seed 003: what the reaction does to the attack's chance
        chance = f" (hit {percent(option.hit_chance_unopposed)} -> {percent(option.hit_chance)}, costs a phase)"
    words = ANSWER_WORDS.get(option.kind, kind_label(option.kind))
    if option.kind == "hold" and odds is not None:
        words = "Let it through"
    if option.kind == "regroup" and place is not None:
        words += " onto " + "; ".join(place(h) for h in option.hexes)
    return f"{words}{_points(option)}{chance}{_damage(option)}{_declared(option)}"


def _points(option) -> str:
    """How many hero points an answer spends, own and from the pool (seed 004)."""
    action = option.action
    if option.kind not in ("spend_hero_point", "negate_damage"):
        return ""
    own = "1 own" if action.personal else "0 own"
    return f": {own}" + (f" + {action.from_pool} pool" if action.from_pool else "")


def _damage(option) -> str:
    """What a negation answer leaves of the hit (seed 004): its damage, and whether it still drops;
    the picks it buys when they are more than shock (a VIT or wound level back, a condition undone)."""
    if getattr(option, "drops", None) is None:  # a NegationOption's damage left and whether it drops
        return ""
    picks = option.picks if set(option.picks) - {"shock"} else ()
    bought = f"{', '.join(picks)}; " if picks else ""
    return f" ({bought}takes {option.damage}{', drops' if option.drops else ''})"


def _declared(option) -> str:
    """What a declaration does (seed 003, 3.2.1-3.2.3): the EF off each of its tasks, the action
    points it adds now and when its phase ends, and the exact mean damage of its attacks."""
    if not isinstance(option, DeclareOption):
        return ""
    penalty = f"EF -{option.ef_penalty}, " if option.ef_penalty else ""
    return (f" ({penalty}{option.points_now:+d} AP now, {option.points_after:+d} after, "
            f"{float(option.expected_damage):.1f} damage expected)")
