"""The zone game: the bundled forest-road ambush, its first exchanges played by hand, then simulated.

Run: ``python examples/zone_ambush.py``
"""

from __future__ import annotations

import brawl
import brawl.zone.render
import brawl.zone.verbs


def main() -> None:
    """The bandits' bonus round, a surprise attack, a dodge, then a hundred simulated fights."""
    enc = brawl.load_scenario(brawl.bundled_scenario("zone_ambush"))
    print(brawl.zone.render.render_zone_text(enc))
    enc, log = brawl.start_combat(enc, system="zone", initiative="bandits")
    print(brawl.explain(log))
    # the bonus round: the leader sneaks onto the road and swings at Theobald, who counters
    enc, log = brawl.start_turn(enc, "leader")
    enc, more = brawl.zone.verbs.zone_move(enc, "leader", ["road"], sneaking=True)
    log += more
    enc, more = brawl.zone.verbs.zone_attack(enc, "leader", ["theobald"], "battleaxe")
    log += more
    print(brawl.explain(log))
    try:
        brawl.zone.verbs.zone_counter(enc, "theobald", "spear")
    except brawl.RulesError as refused:
        print("refused:", refused)  # taken by surprise: no reaction (Z-SNEAK-02)
    enc, log = brawl.zone.verbs.zone_resolve(enc, rolls=[5])
    print(brawl.explain(log))
    enc, log = brawl.end_turn(enc)
    enc, log = brawl.zone.verbs.pass_turn(enc)  # the players have no one concealed: they pass
    enc, more = brawl.zone.verbs.pass_turn(enc)  # the other ambushers wait: the bonus round ends
    log += more
    enc, more = brawl.end_round(enc)
    log += more
    # round 2: the bandits pass; Sybilla fires her musket at the leader, who dodges
    enc, more = brawl.zone.verbs.pass_turn(enc)
    log += more
    enc, more = brawl.start_turn(enc, "sybilla")
    log += more
    enc, more = brawl.zone.verbs.zone_attack(enc, "sybilla", ["leader"], "musket")
    log += more
    enc, more = brawl.zone.verbs.zone_dodge(enc, "leader", roll=9)
    log += more
    enc, more = brawl.zone.verbs.zone_resolve(enc)
    log += more
    print(brawl.explain(log))
    print(brawl.zone.render.render_zone_text(enc))
    summary = brawl.simulate(brawl.load_scenario(brawl.bundled_scenario("zone_ambush")), runs=100)
    print(summary.explain())


if __name__ == "__main__":
    main()
