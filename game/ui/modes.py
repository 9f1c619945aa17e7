"""Input modes: what a click, a key or the mouse's hex means right now (style: python-tcod's
input states).

A mode turns one input into an `Action` for `battle.submit`, a new mode, or nothing, from the
options the facade offers and nothing else; it never reaches into the engine, and it draws
nothing. The window translates pygame events into the plain inputs below (the camera names
the hex under the mouse), so modes are tested without a screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.actions import Action, MoveSquad, SetOverwatch
from game.hexgrid import Hex, angle_to
from game.options import FormationOption, Option, Options
from game.views import CombatantView

# -- inputs -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Click:
    """A mouse click on a hex (button 1 left, 3 right)."""

    hex: Hex | None
    button: int = 1


@dataclass(frozen=True, slots=True)
class Key:
    """A key press, by name ("escape", "m", "a", ...)."""

    name: str


@dataclass(frozen=True, slots=True)
class Choose:
    """A button of the action bar pressed: the kind of option to take next."""

    kind: str


Input = Click | Key | Choose

# -- what each kind needs -------------------------------------------------------------------

AT_ONCE = ("reload", "go_prone", "stand_up", "total_defense", "read_morale", "end_turn", "shield_allies",
           "ready_weapon", "pick_up", "take_full_cover", "leave_full_cover", "end_grapple", "regain_control",
           "hide", "search", "ready_attack",
           "declare_attack", "declare_2_attacks", "declare_3_attacks", "declare_move_and_attack")
"""Kinds taken as soon as they are chosen (with several, the first: a window lists the rest)."""

ON_A_COMBATANT = ("attack", "aimed_attack", "burst_attack", "overwatch_fire", "shove", "shove_as_move", "disarm",
                  "protect", "fray_die", "focused_fray", "heal", "stabilise", "lead_squad", "nonlethal_attack",
                  "trip", "shatter", "grapple", "grapple_attack")
"""Kinds aimed at a combatant: a click on its hex takes the option that targets it."""

ON_A_HEX = {"move": "hex", "jump": "hex", "grenade": "at", "step": "hex", "grapple_move": "hex", "grapple_toss": "hex"}
"""Kinds aimed at a hex, and the option's field that names it."""

KEYS = {
    "m": "move", "a": "attack", "i": "aimed_attack", "y": "burst_attack", "c": "charge", "j": "jump",
    "s": "shove", "d": "disarm", "o": "overwatch", "g": "grenade", "p": "protect", "r": "reload",
    "t": "total_defense", "z": "go_prone", "x": "stand_up", "h": "heal", "k": "stabilise", "n": "intimidate",
    "l": "read_morale", "f": "fray_die", "e": "end_turn", "w": "ready_weapon", "u": "pick_up",
    "v": "formation",
}
"""The keyboard's name for each kind (the `?` overlay lists them)."""


@dataclass(frozen=True, slots=True)
class Board:
    """What a mode may look at: the actor's options and who stands where."""

    options: Options
    standing: Mapping[Hex, CombatantView] = field(default_factory=dict)
    formations: tuple[FormationOption, ...] = ()
    """A squad's formations with their head on the hex under the mouse (`Battle.formations`)."""

    def option_at(self, kind: str, hex_: Hex) -> Option | None:
        """The allowed option of this kind aimed at this hex (a hex, or the combatant on it)."""
        for option in self.options.allowed(kind):
            if kind in ON_A_HEX and getattr(option, ON_A_HEX[kind]) == hex_:
                return option
            if kind in ON_A_COMBATANT:
                who = self.standing.get(hex_)
                if who is not None and getattr(option, "target", None) == who.id:
                    return option
        return None


@dataclass(frozen=True, slots=True)
class Step:
    """What an input led to: an action to submit, the next mode, or a message to show."""

    action: Action | None = None
    mode: Mode | None = None
    message: str = ""


# -- the modes ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Command:
    """The acting combatant's mode: a click takes the option of the chosen kind at that hex.

    By default (`kind` "move") a click on a reachable hex walks there and a click on an enemy
    attacks it. Right click or Escape goes back to that default.
    """

    actor: int
    kind: str = "move"

    def handle(self, event: Input, board: Board) -> Step:
        """One input in this mode."""
        if isinstance(event, Key):
            if event.name == "escape":
                return Step(mode=Command(self.actor))
            chosen = KEYS.get(event.name)
            return self.choose(chosen, board) if chosen else Step()
        if isinstance(event, Choose):
            return self.choose(event.kind, board)
        if event.button == 3:
            return Step(mode=Command(self.actor))
        if event.hex is None:
            return Step()
        return self.click(event.hex, board)

    def choose(self, kind: str, board: Board) -> Step:
        """A kind chosen from the action bar or a key."""
        if kind == "formation":
            return Formation.start(self.actor, board)
        allowed = board.options.allowed(kind)
        if not allowed:
            refused = board.options.of(kind)
            why = refused[0].refused if refused else "not possible now"
            return Step(message=f"{kind.replace('_', ' ')}: {why}")
        if kind in AT_ONCE:
            return Step(action=allowed[0].action, mode=Command(self.actor))
        if kind == "overwatch":
            return Step(mode=AimOverwatch(self.actor))
        if kind == "charge":
            return Step(mode=Command(self.actor, "charge"))
        if kind == "intimidate" and len(allowed) == 1:
            return Step(action=allowed[0].action, mode=Command(self.actor))
        return Step(mode=Command(self.actor, kind))

    def click(self, hex_: Hex, board: Board) -> Step:
        """A left click on a hex."""
        if self.kind == "charge":
            return self._charge_target(hex_, board)
        if self.kind == "intimidate":
            who = board.standing.get(hex_)
            found = next((o for o in board.options.allowed("intimidate") if who and o.side == who.side), None)
            return Step(action=found.action, mode=Command(self.actor)) if found else Step(message="intimidate: click an enemy of the side")
        option = board.option_at(self.kind, hex_)
        if option is None and self.kind == "move":
            option = board.option_at("attack", hex_)
        if option is None:
            return Step(message=self._why_not(hex_, board))
        return Step(action=option.action, mode=Command(self.actor))

    def _charge_target(self, hex_: Hex, board: Board) -> Step:
        who = board.standing.get(hex_)
        ends = [o for o in board.options.allowed("charge") if who is not None and o.target == who.id]
        if not ends:
            return Step(message="charge: click an enemy a charge can reach")
        return Step(mode=ChargeEnd(self.actor, who.id))

    def _why_not(self, hex_: Hex, board: Board) -> str:
        who = board.standing.get(hex_)
        kinds = (self.kind, "attack") if self.kind == "move" else (self.kind,)
        for kind in kinds:
            for option in board.options.of(kind):
                if not option.allowed and who is not None and getattr(option, "target", None) == who.id:
                    return f"{kind.replace('_', ' ')}: {option.refused}"
        return f"{self.kind.replace('_', ' ')}: not possible at that hex"


@dataclass(frozen=True, slots=True)
class ChargeEnd:
    """A charge's target is chosen: a click on one of the end hexes runs the charge there."""

    actor: int
    target: int

    def handle(self, event: Input, board: Board) -> Step:
        """One input in this mode."""
        if isinstance(event, Key) and event.name == "escape" or isinstance(event, Click) and event.button == 3:
            return Step(mode=Command(self.actor))
        if isinstance(event, (Key, Choose)):
            return Command(self.actor).handle(event, board)
        found = next((o for o in board.options.allowed("charge") if o.target == self.target and o.hex == event.hex), None)
        if found is None:
            return Step(message="charge: click one of the marked hexes next to the target")
        return Step(action=found.action, mode=Command(self.actor))


@dataclass(frozen=True, slots=True)
class AimOverwatch:
    """Overwatch: the wedge follows the mouse; a click sets it facing that hex (any angle;
    exactly a hex direction when the hex lies on one)."""

    actor: int

    def handle(self, event: Input, board: Board) -> Step:
        """One input in this mode."""
        if isinstance(event, Key) and event.name == "escape" or isinstance(event, Click) and event.button == 3:
            return Step(mode=Command(self.actor))
        if isinstance(event, (Key, Choose)):
            return Command(self.actor).handle(event, board)
        here = self.here(board)
        if event.hex is None or here is None or event.hex == here:
            return Step(message="overwatch: click a hex in the direction to watch")
        return Step(action=facing_action(self.actor, here, event.hex), mode=Command(self.actor))

    def here(self, board: Board) -> Hex | None:
        """Where the watcher stands."""
        return next((h for h, c in board.standing.items() if c.id == self.actor), None)


def facing_action(actor: int, here: Hex, towards: Hex) -> SetOverwatch:
    """Overwatch facing `towards`: a hex direction when the hex lies exactly on one, else the angle."""
    angle = round(angle_to(here, towards), 6) % 360
    if abs(angle / 60 - round(angle / 60)) < 1e-9:
        return SetOverwatch(actor, facing=int(round(angle / 60)) % 6)
    return SetOverwatch(actor, angle=angle)


@dataclass(frozen=True, slots=True)
class Formation:
    """A squad's move in formation (Seed 002, Squad Size): the formation under the mouse follows
    it, "v" shows the next shape or facing at that hex, a click takes it (a refused one says
    why). "p" paints instead: each click adds (or takes back) a hex, and once `size` hexes are
    painted the move is taken."""

    actor: int
    choice: int = 0
    size: int = 0
    painting: bool = False
    painted: tuple[Hex, ...] = ()

    @staticmethod
    def start(actor: int, board: Board) -> Step:
        """The mode, for a squad spread over several hexes that can still move."""
        me = next((c for c in board.standing.values() if c.id == actor), None)
        if me is None or len(me.footprint) < 2:
            return Step(message="formation: only a squad over several hexes moves in formation")
        if not board.options.allowed("move"):
            refused = board.options.of("move")
            return Step(message=f"formation: {refused[0].refused if refused else 'no move is left'}")
        return Step(mode=Formation(actor, size=-(-me.squad_units // 3)))

    def handle(self, event: Input, board: Board) -> Step:
        """One input in this mode."""
        if isinstance(event, Key) and event.name == "escape" or isinstance(event, Click) and event.button == 3:
            return Step(mode=Command(self.actor))
        if isinstance(event, Key) and event.name == "v":
            return Step(mode=Formation(self.actor, self.choice + 1, self.size))
        if isinstance(event, Key) and event.name == "p":
            return Step(mode=Formation(self.actor, self.choice, self.size, not self.painting))
        if isinstance(event, (Key, Choose)):
            return Command(self.actor).handle(event, board)
        if event.hex is None:
            return Step()
        return self.paint(event.hex) if self.painting else self.take(board)

    def shown(self, board: Board) -> FormationOption | None:
        """The formation under the mouse."""
        return board.formations[self.choice % len(board.formations)] if board.formations else None

    def take(self, board: Board) -> Step:
        """A click on the formation shown: take it, or say why not."""
        option = self.shown(board)
        if option is None:
            return Step(message="formation: no formation of the squad has its head on that hex")
        if not option.allowed:
            return Step(message=f"{option.formation}: {option.refused}")
        return Step(action=option.action, mode=Command(self.actor))

    def paint(self, hex_: Hex) -> Step:
        """Add a hex (or take it back); the last one takes the move."""
        painted = tuple(h for h in self.painted if h != hex_) if hex_ in self.painted else self.painted + (hex_,)
        if len(painted) < self.size:
            return Step(mode=Formation(self.actor, self.choice, self.size, True, painted),
                        message=f"formation: {len(painted)} of {self.size} hexes painted")
        return Step(action=MoveSquad(self.actor, hexes=painted), mode=Command(self.actor))


@dataclass(frozen=True, slots=True)
class Answer:
    """An open decision (overwatch, protect): a click on a button takes its answer."""

    decider: int

    def handle(self, event: Input, board: Board) -> Step:
        """One input in this mode: `Choose(kind)` with the answer's kind."""
        if isinstance(event, Choose):  # "negate_damage#1": the second answer of that kind
            kind, _, nth = event.kind.partition("#")
            found = board.options.allowed(kind)
            index = int(nth) if nth.isdigit() else 0
            return Step(action=found[index].action) if index < len(found) else Step(message=f"{kind}: not an answer now")
        if isinstance(event, Key) and event.name in ("escape", "h"):
            hold = board.options.allowed("hold_for_move") or board.options.allowed("hold")
            return Step(action=hold[0].action) if hold else Step()
        if isinstance(event, Key) and event.name in ("f", "return"):
            fire = board.options.allowed("overwatch_fire") or board.options.allowed("redirect")
            return Step(action=fire[0].action) if fire else Step()
        if isinstance(event, Click) and event.hex is not None:  # a squad's owner picks the hexes it keeps
            found = next((o for o in board.options.allowed("regroup") if event.hex in o.hexes), None)
            return Step(action=found.action) if found else Step()
        return Step()


Mode = Command | ChargeEnd | AimOverwatch | Formation | Answer
