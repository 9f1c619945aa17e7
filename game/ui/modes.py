"""Input modes: what a click, a key or the mouse's hex means right now (style: python-tcod's
input states).

A mode turns one input into an `Action` for `battle.submit`, a new mode, or nothing, from the
options the facade offers and nothing else; it never reaches into the engine, and it draws
nothing. The window translates pygame events into the plain inputs below (the camera names
the hex under the mouse), so modes are tested without a screen.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from game.actions import Action, MoveSquad, SetOverwatch
from game.hexgrid import Hex, angle_to
from game.options import Aim, FormationOption, Option, Options
from game.ui.keys import CANCEL, CONFIRM, KEYS, PAINT, key_for
from game.ui.refusals import cannot, deed, pick, refused_kind, sentence
from game.views import CombatantView

HOLDS = ("hold_for_move", "hold")
"""The answers Escape takes in an open decision, the first found (hold for the rest of the move first)."""
CONFIRMS = ("overwatch_fire", "redirect")
"""The answers Enter takes in an open decision: the one that acts (fire from overwatch, step in)."""

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

# -- what a mode may look at ----------------------------------------------------------------


def _no_reason(hex_: Hex) -> str:
    return ""


@dataclass(frozen=True, slots=True)
class Board:
    """What a mode may look at: the actor's options and who stands where."""

    options: Options
    standing: Mapping[Hex, CombatantView] = field(default_factory=dict)
    """Who stands on each hex, in the fight (a squad on every hex it holds)."""
    formations: tuple[FormationOption, ...] = ()
    """A squad's formations with their head on the hex under the mouse (`Battle.formations`)."""
    fallen: Mapping[Hex, tuple[CombatantView, ...]] = field(default_factory=dict)
    """Who lies on each hex out of the fight (down, dying, stabilised): an option aimed at one of
    them (stabilise, heal) is taken by a click on that hex like any other."""
    move_refusal: Callable[[Hex], str] = _no_reason
    """Why the actor cannot move to a hex, in the engine's words (`Battle.move_refusal`)."""

    def at(self, hex_: Hex) -> tuple[CombatantView, ...]:
        """Everyone on this hex: who stands there, then who lies there."""
        here = self.standing.get(hex_)
        return ((here,) if here is not None else ()) + tuple(self.fallen.get(hex_, ()))

    def name(self, entity: int | None) -> str:
        """A combatant's name, as the refusals say it."""
        everyone = (*self.standing.values(), *(c for lying in self.fallen.values() for c in lying))
        return next((c.name for c in everyone if c.id == entity), "someone")

    def aimed_at(self, option: Option, hex_: Hex) -> bool:
        """Whether a click on this hex names what the option is aimed at (its `aim`): the hex itself
        (or one of its hexes), a combatant standing or lying there, or a side one of them is on."""
        aim = option.aim
        named = getattr(option, aim.field, None) if aim.field else None
        if named is None:  # taken at once, or a refusal of the whole kind, which names nothing
            return False
        if aim.at == "hex":
            return named == hex_ if isinstance(named, Hex) else hex_ in named
        if aim.at == "combatant":
            return any(c.id == named for c in self.at(hex_))
        return aim.at == "side" and any(c.side == named for c in self.at(hex_))

    def option_at(self, kind: str, hex_: Hex) -> Option | None:
        """The allowed option of this kind aimed at this hex (a hex, or the combatant on it)."""
        return next((o for o in self.options.allowed(kind) if self.aimed_at(o, hex_)), None)

    def aim_of(self, kind: str) -> Aim | None:
        """How the options of this kind are aimed (those allowed first), None when there are none."""
        found = self.options.allowed(kind) or self.options.of(kind)
        return found[0].aim if found else None


@dataclass(frozen=True, slots=True)
class Step:
    """What an input led to: an action to submit, the next mode, or a message to show (in a
    player's words: a refusal says who could not do what, why, and what is still possible)."""

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
            if event.name == CANCEL:
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
        """A kind chosen from the action bar or a key: taken at once, or the mode that aims it."""
        if kind == "formation":  # a window's way of moving a squad, not an option of its own
            return Formation.start(self.actor, board)
        allowed = board.options.allowed(kind)
        if not allowed:
            return Step(message=refused_kind(board.name(self.actor), kind, board.options))
        aim = allowed[0].aim
        if aim.at == "once" or aim.at == "side" and len(allowed) == 1:
            return Step(action=allowed[0].action, mode=Command(self.actor))
        if aim.at == "facing":
            return Step(mode=AimOverwatch(self.actor))
        return Step(mode=Command(self.actor, kind))

    def click(self, hex_: Hex, board: Board) -> Step:
        """A left click on a hex."""
        aim = board.aim_of(self.kind)
        if aim is not None and aim.then:
            return self._first_of_two(hex_, aim, board)
        option = board.option_at(self.kind, hex_)
        if option is None and self.kind == "move":
            option = board.option_at("attack", hex_)
        if option is None:
            return Step(message=self._why_not(hex_, aim, board))
        return Step(action=option.action, mode=Command(self.actor))

    def _first_of_two(self, hex_: Hex, aim: Aim, board: Board) -> Step:
        """A kind aimed twice (a charge: its target, then its end hex): the first click's choice."""
        found = next((o for o in board.options.allowed(self.kind) if board.aimed_at(o, hex_)), None)
        if found is None:
            return Step(message=self._why_not(hex_, aim, board))
        return Step(mode=ChargeEnd(self.actor, getattr(found, aim.field), self.kind))

    def _why_not(self, hex_: Hex, aim: Aim | None, board: Board) -> str:
        """Why a click took nothing, in a player's words, from the options' own refusals."""
        who = board.name(self.actor)
        for kind in (self.kind, "attack") if self.kind == "move" else (self.kind,):
            refused = next((o for o in board.options.of(kind) if not o.allowed and board.aimed_at(o, hex_)), None)
            if refused is not None:
                named = getattr(refused, refused.aim.field)
                return cannot(who, kind, refused.refused, board.name(named) if refused.aim.at == "combatant" else "")
        targets = board.options.allowed(self.kind)
        if aim is None or not targets:
            return refused_kind(who, self.kind, board.options)
        if self.kind == "move":
            return cannot(who, "move there", board.move_refusal(hex_) or "pick one of the lit hexes")
        if aim.at == "combatant":
            return pick(self.kind, dict.fromkeys(board.name(getattr(o, aim.field)) for o in targets))
        if aim.at == "side":
            return pick(self.kind, (), "a side") + ": click any of its people"
        return cannot(who, self.kind, "pick one of the lit hexes", "there")


@dataclass(frozen=True, slots=True)
class ChargeEnd:
    """A kind aimed twice has its first aim (a charge's target): a click on one of the hexes its
    second aim names (the marked end hexes) takes it."""

    actor: int
    target: int
    kind: str = "charge"

    def handle(self, event: Input, board: Board) -> Step:
        """One input in this mode."""
        if isinstance(event, Key) and event.name == CANCEL or isinstance(event, Click) and event.button == 3:
            return Step(mode=Command(self.actor))
        if isinstance(event, (Key, Choose)):
            return Command(self.actor).handle(event, board)
        found = next((o for o in board.options.allowed(self.kind)
                      if getattr(o, o.aim.field) == self.target and getattr(o, o.aim.then) == event.hex), None)
        if found is None:
            return Step(message=sentence(f"Click one of the marked hexes beside {board.name(self.target)} "
                                         f"to end the {deed(self.kind)} there"))
        return Step(action=found.action, mode=Command(self.actor))


@dataclass(frozen=True, slots=True)
class AimOverwatch:
    """Overwatch: the wedge follows the mouse; a click sets it facing that hex (any angle;
    exactly a hex direction when the hex lies on one)."""

    actor: int

    def handle(self, event: Input, board: Board) -> Step:
        """One input in this mode."""
        if isinstance(event, Key) and event.name == CANCEL or isinstance(event, Click) and event.button == 3:
            return Step(mode=Command(self.actor))
        if isinstance(event, (Key, Choose)):
            return Command(self.actor).handle(event, board)
        here = self.here(board)
        if event.hex is None or here is None or event.hex == here:
            return Step(message=f"Click a hex in the direction {board.name(self.actor)} should watch")
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
    it, the formation key again ("v") shows the next shape or facing at that hex, a click takes
    it (a refused one says why). The space bar paints instead: each click adds (or takes back) a
    hex, and once `size` hexes are painted the move is taken."""

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
            return Step(message="Only a squad spread over several hexes moves in formation")
        if not board.options.allowed("move"):
            return Step(message=refused_kind(me.name, "move", board.options))
        return Step(mode=Formation(actor, size=-(-me.squad_units // 3)))

    def handle(self, event: Input, board: Board) -> Step:
        """One input in this mode."""
        if isinstance(event, Key) and event.name == CANCEL or isinstance(event, Click) and event.button == 3:
            return Step(mode=Command(self.actor))
        if isinstance(event, Key) and event.name == key_for("formation"):
            return Step(mode=Formation(self.actor, self.choice + 1, self.size))
        if isinstance(event, Key) and event.name == PAINT:
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
        who = board.name(self.actor)
        if option is None:
            return Step(message=f"No formation of {who} fits with its head on that hex")
        if not option.allowed:
            return Step(message=cannot(who, f"form a {option.formation} there", option.refused))
        return Step(action=option.action, mode=Command(self.actor))

    def paint(self, hex_: Hex) -> Step:
        """Add a hex (or take it back); the last one takes the move."""
        painted = tuple(h for h in self.painted if h != hex_) if hex_ in self.painted else self.painted + (hex_,)
        if len(painted) < self.size:
            return Step(mode=Formation(self.actor, self.choice, self.size, True, painted),
                        message=f"{len(painted)} of {self.size} hexes painted: click {self.size - len(painted)} more")
        return Step(action=MoveSquad(self.actor, hexes=painted), mode=Command(self.actor))


@dataclass(frozen=True, slots=True)
class Answer:
    """An open decision (overwatch, protect, ...): a button takes its answer; Enter takes the
    answer that acts (fire, step in) and Escape holds; a click on a hex takes an answer aimed at
    it (the hexes a squad keeps)."""

    decider: int

    def handle(self, event: Input, board: Board) -> Step:
        """One input in this mode: `Choose(kind)` with the answer's kind."""
        if isinstance(event, Choose):  # "negate_damage#1": the second answer of that kind
            kind, _, nth = event.kind.partition("#")
            found = board.options.allowed(kind)
            index = int(nth) if nth.isdigit() else 0
            return Step(action=found[index].action) if index < len(found) else Step(
                message=f"{board.name(self.decider)} can't answer with that now: pick one of the answers shown")
        if isinstance(event, Key) and event.name in (CANCEL, CONFIRM):
            kinds = HOLDS if event.name == CANCEL else CONFIRMS
            found = next((o for kind in kinds for o in board.options.allowed(kind)), None)
            return Step(action=found.action) if found else Step()
        if isinstance(event, Click) and event.hex is not None:  # a squad's owner picks the hexes it keeps
            found = next((o for o in board.options.allowed() if o.aim.at == "hex" and board.aimed_at(o, event.hex)),
                         None)
            return Step(action=found.action) if found else Step()
        return Step()


Mode = Command | ChargeEnd | AimOverwatch | Formation | Answer
