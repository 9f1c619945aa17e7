"""The balance search's report: in words as `hexbattle balance` prints it, and as JSON.

The roster before and after, every candidate tried with its win rate, 95% interval and fights,
what became of it, the answer (or the nearest candidate and why the search got no closer) and
the fights played in all. Nothing in it depends on timing or on how the fights were spread.
"""

from __future__ import annotations

from game.simulate.balance import MOST_ADDED, Balance, Setup, shown_path, steps_words
from game.simulate.search import Steps, Verdict
from game.simulate.text import interval_words, percent

VERDICT_WORDS = {
    Verdict.INSIDE: "inside the band",
    Verdict.ABOVE: "above the band",
    Verdict.BELOW: "below the band",
    Verdict.UNSURE: "still reaching outside the band",
    Verdict.FAR: "too far off to prove inside the band",
}
UNPLAYED = "not played: the search stopped before its fights were back"


def camp_name(setup: Setup) -> str:
    """The camp as the GM knows it: its own side's name and id ('The crew (pcs)')."""
    own = next((s for s in setup.info.sides if s.id == setup.request.camp), None)
    return f"{own.name} ({setup.request.camp})" if own else setup.request.camp


def roster_counts(setup: Setup, steps: Steps) -> dict[str, int]:
    """Units per type of the varied side for a candidate."""
    return {stock.unit_type: stock.have + step for stock, step in zip(setup.roster.stocks, steps)}


def roster_words(setup: Setup, steps: Steps) -> str:
    """'veteran_soldier 1, thug 9, grenadier 1 (11 units)'."""
    counts = roster_counts(setup, steps)
    total = sum(counts.values())
    return ", ".join(f"{kind} {n}" for kind, n in counts.items()) + f" ({total} unit{'s' * (total != 1)})"


def candidate_line(balance: Balance, steps: Steps, width: int) -> str:
    """One candidate: its change, win rate, interval, fights and verdict."""
    trials = balance.trials
    tally = trials.tallies[steps]
    if not tally.played:
        return f"  {steps_words(balance.setup, steps):<{width}}  {UNPLAYED}"
    verdict = balance.verdicts.get(steps)
    what = VERDICT_WORDS[verdict] if verdict else "screened"
    failed = f", {tally.failed} failed" if tally.failed else ""
    return (f"  {steps_words(balance.setup, steps):<{width}}  {interval_words(trials.rate(steps))} "
            f"in {tally.played} fights{failed}: {what}")


def balance_text(balance: Balance) -> str:
    """The whole report."""
    setup, outcome = balance.setup, balance.outcome
    goal = setup.goal
    side = next(s for s in setup.info.sides if s.id == setup.side)
    lines = [f"Balancing {setup.info.title} ({shown_path(setup.plan.map_path)})",
             f"target: {camp_name(setup)} win {percent(goal.target)} (the 95% interval inside "
             f"{percent(goal.target - goal.band)} to {percent(goal.target + goal.band)}); "
             f"varying {side.name} ({side.id})",
             f"ruleset {setup.info.ruleset}; seed {setup.plan.run_seed}; players: "
             + ", ".join(f"{s} {p}" for s, p in setup.plan.policies)
             + f"; a candidate gets {setup.limits.screen} to {setup.limits.most} fights, "
               f"at most {setup.limits.candidates} candidates",
             "", "candidates tried (all on the same fights), in the order tried:"]
    width = max((len(steps_words(setup, s)) for s in outcome.tried), default=0)
    lines += [candidate_line(balance, steps, width) for steps in outcome.tried]
    lines += ["", *answer_lines(balance)]
    lines += [f"roster before: {roster_words(setup, setup.roster.unchanged())}",
              f"roster after:  {roster_words(setup, outcome.nearest)}",
              f"fights played: {balance.trials.played:,} in {len(outcome.tried)} candidate"
              f"{'s' * (len(outcome.tried) != 1)}{cut_short_words(balance)}"]
    return "\n".join(lines)


def cut_short_words(balance: Balance) -> str:
    """The fights of the round an interruption cut short: played, but not counted for anyone
    (the search decides only on whole rounds)."""
    lost = balance.trials.played - sum(tally.played for tally in balance.trials.tallies.values())
    return f" ({lost:,} of them in the round cut short, not counted)" if lost else ""


def answer_lines(balance: Balance) -> list[str]:
    """The answer, or the nearest candidate and why the search got no closer."""
    setup, outcome, trials = balance.setup, balance.outcome, balance.trials
    best = outcome.nearest
    rate = f"{interval_words(trials.rate(best))} in {trials.fights(best)} fights"
    if balance.interrupted:
        head = "interrupted: the best found so far" + (" (inside the band)" if outcome.found else "")
        return [f"{head}: {steps_words(setup, best)}: {camp_name(setup)} win {rate}"]
    if outcome.found is not None:
        change = "no change needed: the map is" if outcome.why == "map" else f"answer: {steps_words(setup, best)}:"
        return [f"{change} inside the band; {camp_name(setup)} win {rate}"]
    return [f"no roster found inside the band; the nearest: {steps_words(setup, best)}: {camp_name(setup)} win {rate}",
            f"why not closer: {why_words(balance)}"]


def why_words(balance: Balance) -> str:
    """Why the search could not get inside the band, in a sentence."""
    setup, outcome, trials = balance.setup, balance.outcome, balance.trials
    camp = camp_name(setup)
    if outcome.why == "coarse" and outcome.crossing:
        lo, hi = outcome.crossing
        return (f"{steps_words(setup, lo)} gives {percent(trials.rate(lo).estimate)} and {steps_words(setup, hi)} "
                f"gives {percent(trials.rate(hi).estimate)}: one unit more of that type moves the odds across the "
                "band; name a weaker type with --types, or vary another side with --vary")
    if outcome.why == "unsure":
        return (f"the candidates nearest the target still have intervals reaching outside the band after "
                f"{setup.limits.most} fights; more fights a candidate (--runs) may tell")
    if outcome.why == "limit":
        return f"the search stopped at its limit of {setup.limits.candidates} candidates"
    return _ran_out(setup, outcome.direction, camp, trials.rate(outcome.nearest).estimate)


def _ran_out(setup: Setup, direction: int, camp: str, estimate: float) -> str:
    """The ladders ended before the target: what limited them."""
    side = setup.side
    if direction > 0:
        room = setup.roster.most_added()
        limit = ("there is no free cell near them" if room == 0 else
                 f"the search adds at most {min(room, MOST_ADDED)} units of a type (free cells near them: {room})")
        return f"even with the most {side} the search may add, {camp} win {percent(estimate)}: {limit}"
    return (f"even with every {side} unit the search may take away gone, {camp} win {percent(estimate)}: named units "
            "and the leader stay unless --remove-named, squads keep one member, and the other sides are not varied")


def balance_json(balance: Balance, written: str | None = None) -> dict:
    """The report as plain JSON data."""
    setup, outcome, trials = balance.setup, balance.outcome, balance.trials
    types = [stock.unit_type for stock in setup.roster.stocks]

    def candidate(steps: Steps) -> dict:
        tally, rate = trials.tallies[steps], trials.rate(steps)
        verdict = balance.verdicts.get(steps)
        said = verdict.value if verdict else "screened" if tally.played else "unplayed"
        return {"change": steps_words(setup, steps), "steps": dict(zip(types, steps)), "fights": tally.played,
                "wins": tally.wins, "draws": tally.draws, "failed": tally.failed, "rate": rate.estimate,
                "low": rate.low, "high": rate.high, "verdict": said}

    return {"map": shown_path(setup.plan.map_path), "title": setup.info.title, "camp": setup.request.camp,
            "target": setup.goal.target, "band": setup.goal.band, "side": setup.side, "seed": setup.plan.run_seed,
            "runs": setup.limits.most, "screen": setup.limits.screen, "players": dict(setup.plan.policies),
            "found": outcome.found is not None, "why": outcome.why, "interrupted": balance.interrupted,
            "answer": candidate(outcome.nearest), "why_not_closer": None if outcome.found else why_words(balance),
            "roster_before": roster_counts(setup, setup.roster.unchanged()),
            "roster_after": roster_counts(setup, outcome.nearest),
            "candidates": [candidate(s) for s in outcome.tried], "fights": trials.played, "written": written}
