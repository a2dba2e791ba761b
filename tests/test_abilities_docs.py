"""The pictures of the area shapes on the Abilities page are drawn by brawl's renderer and kept
current, and the demo shows an ability with a push and a potency condition (R-AREA-1..4).

Run ``python tests/test_abilities_docs.py`` to redraw the pictures.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import brawl
from brawl import Creature, Encounter, MapObject, Pos, Terrain
from brawl.abilities.model import Distance
from brawl.demo import section_ability
from brawl.rules.areas import occupants, place_area

IMG = Path(__file__).resolve().parents[1] / "docs" / "img"

SHAPES: dict[str, tuple[Distance, dict[str, object]]] = {
    "burst": (Distance("burst", 2), {}),
    "aura": (Distance("aura", 1), {}),
    "cube": (Distance("cube", size=3, within=3), {"origin": Pos(6, 1, 0)}),
    "line": (
        Distance("line", size=6, width=2, within=1),
        {"origin": Pos(4, 4, 0), "direction": Pos(1, 0, 0)},
    ),
    "wall": (Distance("wall", size=5, within=3), {"wall": [Pos(6, y, 0) for y in range(1, 6)]}),
}
"""Each shape as the page shows it, placed by Kira at (3, 3)."""


def scene() -> Encounter:
    kira = Creature(id="kira", side="heroes", pos=(3, 3, 0))
    goblins = [
        Creature(id=f"gob{i}", pos=p) for i, p in enumerate([(4, 2, 0), (7, 2, 0), (8, 4, 0), (1, 6, 0)])
    ]
    crate = MapObject(id="crate", pos=Pos(5, 4, 0))
    return Encounter.create(Terrain.flat(11, 8), [kira, *goblins], objects=[crate])


def picture(shape: str) -> str:
    dist, placement = SHAPES[shape]
    enc = scene()
    area = place_area(enc, "kira", dist, **placement)  # type: ignore[arg-type]
    cells = sorted(p for p in area.cells if p.z == 0)
    inside = occupants(enc, area)
    marks = {tuple(p): "" for p in cells}
    if area.origin is not None:
        marks[tuple(area.origin)] = "o"
    svg = brawl.render_svg(enc, 0, highlight=marks, cell=32)
    return svg.replace(
        "<title>level 0</title>", f"<title>{dist.printed()}: {', '.join(inside) or 'no one'}</title>"
    )


def test_the_area_pictures_are_current() -> None:
    """R-AREA-1..4: each committed picture is what the renderer draws now."""
    for shape in SHAPES:
        path = IMG / f"area-{shape}.svg"
        assert path.read_text(encoding="utf-8") == picture(shape) + "\n", f"redraw {path.name}"


def test_the_pictures_show_who_is_in_each_area() -> None:
    """R-AREA-1: the 2 burst holds the goblin and the crate next to Kira; R-AREA-2: the cube holds
    the far goblin; R-AREA-4: a wall holds no one."""
    assert "2 burst: gob0, crate" in picture("burst")
    assert "3 cube within 3: gob1" in picture("cube")
    assert "5 wall within 3: no one" in picture("wall")


def test_the_demo_shows_an_ability_with_a_push_and_a_potency_condition() -> None:
    """R-ABIL-1, DS-FORCE-02, DS-SLAM-06, RB2-POTENCY: Gale Blast on the ogre, tier 2: 5 damage,
    push 3 (stability 2 leaves 1) into the wall, slammed for 2 + 1, prone as Agility -1 < 1."""
    enc = brawl.load_scenario(brawl.bundled_scenario("bridge"))
    same, lines = section_ability(enc)
    assert same is enc
    text = "\n".join(lines)
    assert "tier 2" in text
    assert "takes 2 + 1 = 3" in text
    assert "agility -1 < 1, 'A < 1 prone' applies" in text
    stream = io.StringIO()
    brawl.demo.run_demo(out=stream)
    assert "Gale Blast" in stream.getvalue()


if __name__ == "__main__":
    for name in SHAPES:
        (IMG / f"area-{name}.svg").write_text(picture(name) + "\n", encoding="utf-8")
    sys.exit(0)
