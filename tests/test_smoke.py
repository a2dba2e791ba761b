"""The package imports and a damage call runs end to end."""

import brawl


def test_damage_12_fire_weakness_5_immunity_10_takes_7() -> None:
    """DS-DMG-10: weakness first (12 + 5 = 17), then immunity (17 - 10 = 7)."""
    ogre = brawl.Creature(id="ogre", stamina_max=40, immunities={"fire": 10}, weaknesses={"fire": 5})
    enc = brawl.Encounter.create(brawl.Terrain.flat(5, 5), [ogre])
    enc, events = brawl.damage(enc, "ogre", 12, "fire")
    assert enc.creature("ogre").stamina == 33
    assert "12 fire → weakness 5 → 17 → immunity 10 → 7" in brawl.explain(events)
