"""A first tour of brawl: load a scenario, deal damage, add a condition, save and load.

Run: ``python examples/quickstart.py``.
"""

from __future__ import annotations

import brawl


def main() -> None:
    """Load the tavern, hurt a thug, frighten the boss, and show the map and the log."""
    enc = brawl.load_scenario(brawl.bundled_scenario("tavern"))
    print(brawl.render_text(enc))

    # Kira hits thug-1 for 9 damage, then the boss is frightened of her until he saves.
    enc, events = brawl.damage(enc, "thug-1", 9, source="kira")
    enc, more = brawl.add_condition(enc, "boss", "frightened", duration="save_ends", source="kira")
    print()
    print(brawl.explain(events + more))

    # The whole state saves to JSON and loads back equal.
    saved = brawl.to_json(enc)
    assert brawl.from_json(saved) == enc
    print()
    print(f"thug-1 has {enc.creature('thug-1').stamina} Stamina; the save is {len(saved)} characters")


if __name__ == "__main__":
    main()
