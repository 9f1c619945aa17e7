"""Explain any number: the breakdown behind a hit chance, an AC, a damage figure or a side's
morale, each part with its value, its name (the engine's `Modifier` names) and the rule it
comes from, as the values the engine built carry it (`Modifier.source`, `Odds.source`,
`AttackOption.damage_source`, ...). Nothing is recomputed or cited here: the lines restate the
facade's own `Odds`, cover reading and expected damage (style: "Explainable numbers").

How a GM asks: Alt+click a token or the hit chance label above it (or press `q`, then click).
A target of the chosen attack kind explains its hit chance, AC and damage; any other token its
AC and its side's morale. Escape or any other click closes the explanation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape

import pygame

from game.events import MoraleChanged
from game.hexgrid import Hex
from game.options import AttackOption, Modifier, Options
from game.views import CombatantView, SideView

Place = Callable[[Hex], str]


def _part(part: Modifier, where: str = "") -> str:
    """One part of a roll with the rule it comes from, as the engine built it."""
    return f"  {part.value:+d} {part.name}" + (f" ({where})" if where else "") + _cited(part.source)


def _cited(source: str) -> str:
    return f"  [{source}]" if source else ""


def _where(option: AttackOption, name: str, place: Place) -> str:
    cover = option.cover
    if name == "concealment" and cover is not None and cover.concealment_hex is not None:
        return f"{cover.concealment.name.lower()} at {place(cover.concealment_hex)}"
    return ""


def explain_attack(option: AttackOption, names: Mapping[int, str],
                   place: Place = lambda h: f"({h.q}, {h.r})") -> list[str]:
    """The hit chance, AC and expected damage of an attack option, part by part, with rules."""
    odds = option.odds
    who = names.get(option.target, f"#{option.target}")
    if odds.dice == "opposed 2d6":
        return _opposed_lines(option, who, place)
    if odds.dice == "d100":
        return _task_lines(option, who)
    hits = int(odds.chance * 20)
    lines = [f"{option.kind.replace('_', ' ').capitalize()} on {who}: {round(float(odds.chance) * 100)}% to hit",
             "Added to the d20:"]
    lines += [_part(m) for m in odds.bonus]
    lines.append(f"  = {odds.total_bonus:+d} to the d20")
    lines.append("To reach (AC and defences):")
    lines += [_part(m, _where(option, m.name, place)) for m in odds.target]
    lines.append(f"  = {odds.target_number}")
    lines.append(f"Hits on a d20 of {odds.face_needed}+ (1 misses, 20 hits){_cited(odds.source)}: "
                 f"{hits} of 20 = {round(float(odds.chance) * 100)}%")
    return lines + _damage_lines(option, place)


def _opposed_lines(option: AttackOption, who: str, place: Place) -> list[str]:
    """An opposed roll (seed 001): both sides' parts, the margin the 2d6 must win by, the mean damage."""
    odds = option.odds
    percent = round(float(odds.chance) * 100)
    lines = [f"{option.kind.replace('_', ' ').capitalize()} on {who}: {percent}% to hit ({odds.dice})", "Attacker adds:"]
    lines += [_part(m) for m in odds.bonus]
    lines.append("Defender adds:")
    lines += [_part(m, _where(option, m.name, place)) for m in odds.target]
    lines.append(f"Hits when the attacker's 2d6 beat the defender's by {odds.face_needed} or more "
                 f"(a tie holds){_cited(odds.source)}: {percent}%")
    return lines + [f"Damage {option.damage} by relative size, mean {float(option.expected_damage):.1f} "
                    f"to DEF per attempt{_cited(option.damage_source)}"]


def _task_lines(option: AttackOption, who: str) -> list[str]:
    """A d100 task (seed 003): BCS and EF by name, the MCS to roll under, the mean damage."""
    odds = option.odds
    percent = round(float(odds.chance) * 100)
    lines = [f"{option.kind.replace('_', ' ').capitalize()} on {who}: {percent}% to hit (d100)", "Base chance:"]
    lines += [_part(m) for m in odds.bonus]
    first = [m for m in odds.target if m.name.startswith("disability check")]
    lines.append("Ease factor:")
    lines += [_part(m) for m in odds.target if m not in first]
    lines += [f"First a {m.name.removesuffix(' MCS').replace(' first', '')}: d100 of {m.value} or less"
              f"{_cited(m.source)}" for m in first]
    overall = " in all" if first else ""
    lines.append(f"Hits on a d100 of {odds.face_needed} or less{_cited(odds.source)}: {percent}%{overall}")
    return lines + [f"Weapon {option.damage} (penetration/damage) against armour {option.armor}, mean "
                    f"{float(option.expected_damage):.1f} damage per attempt{_cited(option.damage_source)}"]


def _damage_lines(option: AttackOption, place: Place) -> list[str]:
    cover = option.cover
    lines = [f"Damage {option.damage or '-'}, less armor {option.armor} that counts{_cited(option.damage_source)}"]
    if cover is not None and cover.armor:
        lines.append(f"  cover armor {cover.armor}: {cover.material.name.lower()} at "
                     f"{place(cover.material_hex)}{_cited(cover.source)}")
    lines.append(f"Expected damage: {float(option.expected_damage):.2f} (chance x mean of a hit after armor)")
    return lines


def explain_combatant(view: CombatantView, side: SideView | None, log: tuple = ()) -> list[str]:
    """A token's AC and its side's morale, with the rules and the morale factors so far."""
    lines = [f"{view.name}: AC {view.ac}{_cited(view.ac_source)}, armor {view.armor}{_cited(view.armor_source)}"]
    if view.total_defense:
        lines.append(f"  total defense is on{_cited(view.total_defense_source)}")
    return lines + (explain_morale(side, log) if side is not None else [])


def explain_morale(side: SideView, log: tuple = ()) -> list[str]:
    """A side's morale: the score, its band's effects and each change the log recorded."""
    if side.morale is None:
        return [f"{side.name}: no morale score (they never break)"]
    lines = [f"{side.name} morale {side.morale}: {side.band} band{_cited(side.morale_source)}"]
    for event in log:
        if isinstance(event, MoraleChanged) and event.side == side.id:
            lines.append(f"  {event.change.text()}{_cited(event.change.source)}")
    return lines


def explanation_at(hex_: Hex, options: Options, kind: str, combatants, sides, log=(),
                   place: Place = lambda h: f"({h.q}, {h.r})") -> list[str]:
    """What a click on this hex explains: the attack of `kind` on whoever stands there, else
    the token's AC and morale; nothing for an empty hex."""
    here = next((c for c in combatants if c.hex == hex_ and c.in_fight), None)
    if here is None:
        return []
    names = {c.id: c.name for c in combatants}
    kinds = (kind, "attack") if kind in ("", "move") else (kind, "attack")
    for k in kinds:
        found = next((o for o in options.allowed(k) if isinstance(o, AttackOption) and o.target == here.id), None)
        if found is not None and found.odds is not None:
            return explain_attack(found, names, place)
    side = next((s for s in sides if s.id == here.side), None)
    return explain_combatant(here, side, log)


class Explainer:
    """The open explanation: a popup on the console (pygame_gui) and a big panel on the table."""

    def __init__(self, manager, rect: pygame.Rect) -> None:
        self.manager, self.rect = manager, rect
        self.lines: list[str] = []
        self.armed = False  # `q` pressed: the next click explains
        self.alt = False  # Alt held (followed through the key events)
        self.box = None

    @property
    def title(self) -> str | None:
        """The first line of the open explanation (for the status file), or None."""
        return self.lines[0] if self.lines else None

    def wants(self, event) -> bool:
        """Whether this click asks for an explanation (Alt held, or `q` pressed before)."""
        return self.armed or self.alt

    def show(self, lines: list[str]) -> None:
        """Open (or replace) the explanation."""
        from pygame_gui.elements import UITextBox

        self.close()
        self.lines, self.armed = lines, False
        if lines:
            self.box = UITextBox("<br>".join(escape(line) for line in lines), self.rect, self.manager)

    def close(self) -> None:
        """Close the explanation."""
        if self.box is not None:
            self.box.kill()
        self.box, self.lines = None, []

    def draw(self, target: pygame.Surface, area: pygame.Rect, fonts, line: int) -> None:
        """The explanation as a readable panel along the bottom of a map view."""
        if not self.lines:
            return
        from game.ui.tokens import label

        height = (len(self.lines) + 1) * line * 1.25
        panel = pygame.Rect(area.x, area.bottom - round(height), area.width, round(height))
        shade = pygame.Surface(panel.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 200))
        target.blit(shade, panel.topleft)
        clip = target.get_clip()
        target.set_clip(area)
        for index, words in enumerate(self.lines):
            label(target, fonts, words, line, (panel.x + 10, panel.y + line * (0.5 + index * 1.25)), "topleft")
        target.set_clip(clip)
