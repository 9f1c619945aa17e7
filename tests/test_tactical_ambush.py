"""The tactical player under These Lucky Stars (seed 001) hides to attack from hiding.

Seed 001 (Stealth, Surprise Attacks): a hidden combatant cannot be attacked until a search finds
it, and its own attack is a surprise attack: the defender rolls only its bare 2d6 decision dice,
without its DEF. Hiding costs 1 AP where something to hide behind is near; the standard attack
2 AP, once a turn. So with 3 AP or more it hides and then attacks, and, having fired, it hides
again with an AP left. Seeded fights on `dust_market`, the tactical player on both sides.
"""

from game.actions import Attack, Hide
from game.battle import Battle, load_catalog
from game.options import AttackOption
from game.savefile import load_scenario_or_fail
from game.scenario.summary import MAPS_DIR
from game.players import make_policy
from game.players.tactical import decide
from game.players.tactical.moving import fired_this_turn


def _market(seed: int = 1) -> Battle:
    return Battle.from_scenario(load_scenario_or_fail(MAPS_DIR / "dust_market.tmx", load_catalog()), seed)


def _play_until(battle: Battle, wanted) -> object:
    """Play the tactical player on every side until `wanted(battle, me)` holds for the one to act."""
    player = make_policy("tactical", 0)
    for _ in range(600):
        if battle.pending() is None and battle.current() is not None:
            me = battle.combatant(battle.current())
            if wanted(battle, me):
                return me
        battle.submit(player(battle))
        assert not battle.state.ended, "the fight ended before the turn looked for came up"
    raise AssertionError("the turn looked for never came up")


def _can_hide(battle: Battle, me) -> bool:
    return bool(battle.options(me.id, groups=("stealth",)).allowed("hide"))


def _shot(battle: Battle, me, action) -> AttackOption:
    return next(o for o in battle.options(me.id, groups=("attack",)).allowed("attack") if o.action == action)


def test_in_plain_sight_with_ap_to_spare_it_hides_before_attacking_and_the_attack_is_then_a_surprise():
    battle = _market()

    def seen_with_an_attack(battle, me):
        return (me.stealth is None and me.action_points >= 3 and _can_hide(battle, me)
                and battle.options(me.id, groups=("attack",)).allowed("attack"))

    me = _play_until(battle, seen_with_an_attack)
    decision = decide(battle)
    assert isinstance(decision.action, Hide), decision
    assert decision.reason.startswith("hides before attacking "), decision.reason
    for _ in range(3):  # a failed stealth roll (under 8 on 2d6+AGI) is tried again while 3 AP remain
        if battle.combatant(me.id).stealth is not None or battle.combatant(me.id).action_points < 3:
            break
        assert battle.submit(decide(battle).action).accepted
    me = battle.combatant(me.id)
    assert me.stealth is not None  # on this seed the stealth roll holds
    attack = decide(battle)
    assert isinstance(attack.action, Attack), attack  # hidden now: no second hide, the attack itself
    surprise = _shot(battle, me, attack.action)
    assert surprise.odds.chance > 0.5  # 2d6+ATK against bare 2d6: better than even


def test_having_fired_with_an_ap_left_it_hides_again():
    battle = _market(2)

    def fired_and_seen(battle, me):
        return me.stealth is None and fired_this_turn(battle, me) and me.action_points >= 1 and _can_hide(battle, me)

    _play_until(battle, fired_and_seen)
    decision = decide(battle)
    assert isinstance(decision.action, Hide), decision
    assert decision.reason == "hides again after firing: its next shot from hiding is a surprise attack"


def test_with_too_few_ap_to_hide_and_still_attack_it_attacks():
    battle = _market()

    def short_of_ap(battle, me):
        return (me.stealth is None and me.action_points == 2 and _can_hide(battle, me)
                and not fired_this_turn(battle, me) and battle.options(me.id, groups=("attack",)).allowed("attack"))

    _play_until(battle, short_of_ap)
    decision = decide(battle)
    assert not isinstance(decision.action, Hide), decision
