"""One frame of the window: every map view drawn with what the player aims (`Frame.draw`), then the
layers over them from the bottom up, then the console's panel and widgets, then every window
flipped. Only what changed is repainted from the cached board (last frame's tokens, title and
overlays, and what the layers drew), unless a layer drew over everything last frame."""

from __future__ import annotations

import time

from game.options import Options
from game.ui.layers import Paint
from game.ui.modes import AimOverwatch, Answer, ChargeEnd, Formation, facing_action
from game.ui.overlays import Aim
from game.ui.render import uncovered
from game.ui.tracker import console_lines

CONSOLE_BACKGROUND = (30, 32, 36)


class WindowPainter:
    """Draws the frames of one `TableApp`."""

    def __init__(self, app) -> None:
        self.app = app
        self.covered = False
        """Whether a layer drew over everything last frame (the next repaints every view whole)."""
        self.again = False
        """Whether a layer asks for the next frame even if nothing else changes."""

    def draw(self) -> None:
        """One frame in every window."""
        app = self.app
        options = app.options() if not app.computer_decides() else Options(app.decider() or 0)
        mode, kind = app.current_mode(), app.chosen_kind()
        gone = app.banner.prepare()  # the banner first: the table's labels keep off it
        for view in app.views:
            view.overlaid = view.overlaid + view.layered + (gone if view is app.table else [])
        # No overlays invite a click the table would refuse: the computer's turn, a decision, the GM holding the table.
        aiming = bool(kind) and not app.computer_decides() and not isinstance(mode, Answer) and not app.holding()
        actor = app.battle.combatant(options.actor) if options.actor else None
        wedge = self._wedge(mode, options) if aiming else ()
        for view in app.views:
            # The table never learns where a hidden actor could go or whom it could hit.
            aimed = aiming and not (view.frame.view == "table" and actor is not None and actor.hidden)
            self._map(view, options, (mode, kind, wedge) if aimed else None)
        paint = Paint(app.views, time.monotonic())
        for layer in reversed(app.layers):  # the bottom layer first, the top one over it
            layer.draw(paint)
        # a map sketched from another zoom's picture is drawn again once the idle work drew its own (DrawAhead)
        self.covered, self.again = paint.covered, paint.again or any(view.frame.rough for view in app.views)
        for view in app.views:
            view.layered = paint.drawn(view)
        self.update_panel(options)
        app.manager.draw_ui(app.console.get_surface())
        for window in {view.window for view in app.views} | {app.console}:
            window.flip()

    def _map(self, view, options: Options, aimed: tuple | None) -> None:
        """One map view: the frame with the overlays of what is aimed (`aimed`: the input mode,
        its kind and the overwatch wedge; None for no overlays), the banner's places kept clear
        on the table."""
        app = self.app
        surface = view.window.get_surface()
        shading, aim = None, None
        if aimed is not None:
            mode, kind, wedge = aimed
            board = app.board(options)
            charge_target = mode.target if isinstance(mode, ChargeEnd) else None
            shading = view.overlays.shading(view.camera, options, kind, app.hover, wedge, charge_target)
            formation = mode.shown(board) if isinstance(mode, Formation) else None
            aim = Aim(options, kind, board.standing, app.hover, formation, getattr(mode, "painted", ()))
        banner = app.banner.picture if view is app.table else None
        covers = [*(banner.areas if banner else ()), *([app.tools.area] if view.window is app.console else ())]
        view.frame.draw(surface, app.battle, view.camera, repaint_all=self.covered, also=view.overlaid, under=shading,
                        seen_in=view.seen_in, aim=aim, keep_off=banner.areas if banner else (),
                        others=banner.labels if banner else (), within=uncovered(view.area, covers), rough=True)
        view.overlaid = []  # the frame repaints its own overlays
        if view.window is app.console:  # the widgets' words are see-through: drawn over last frame's, they would thicken
            surface.fill(CONSOLE_BACKGROUND, app.panel.rect)
            surface.fill(CONSOLE_BACKGROUND, app.tools.area)

    def _wedge(self, mode, options: Options) -> tuple:
        """The overwatch wedge following the mouse while a facing is aimed (none otherwise)."""
        app = self.app
        if not isinstance(mode, AimOverwatch) or app.hover is None:
            return ()
        here = mode.here(app.board(options))
        if here is None or here == app.hover:
            return ()
        aim = facing_action(mode.actor, here, app.hover)
        return app.battle.wedge(mode.actor, aim.facing, aim.angle)

    def update_panel(self, options: Options) -> None:
        """The console's panel follows the battle."""
        app = self.app
        battle = app.battle
        new = battle.log_since(app.seen)
        if new:
            app.panel.add_log([battle.describe(e) for e in new])
            app.seen += len(new)
        who = app.decider()
        name = battle.combatant(who).name if who is not None else ""
        prompt = battle.pending()
        if battle.state.ended:
            turn = "The battle is over"
        elif prompt is not None:
            turn = f"Round {battle.state.round}: {name} must decide"
        else:
            turn = f"Round {battle.state.round}: {name}'s turn" + (" (computer)" if app.computer_decides() else "")
        app.panel.show_turn(turn)
        app.panel.show_tracker(console_lines(battle))
        app.panel.show_message(app.message)
        sides = [(s.id, s.name, app.computer.label(s.id)) for s in battle.sides()]
        shown = options if not app.computer_decides() else Options(options.actor)
        app.panel.show_choices(shown, prompt.question if prompt else "", sides, battle.place)
