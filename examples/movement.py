"""A creature's reachable squares, a move that provokes, a jump and a teleport.

Kira (speed 5) stands in a courtyard with a wall, a patch of mud (difficult terrain), a goblin
and an ally. The script prints the map with the cost of every square she can reach this move,
then walks her past the goblin (an opportunity attack), jumps a pit and teleports her.

``python examples/movement.py`` prints everything; ``python examples/movement.py --svg docs/img``
also draws the pictures of the movement page of the docs.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import brawl
from brawl import Cell, Characteristics, Creature, Encounter, Material, Pos, Terrain
from brawl.events.movement import OpportunityAttackProvoked


def courtyard() -> Encounter:
    """A 12 x 9 courtyard: a wall with a gap, mud, a pit, Kira, her ally Bren and a goblin."""
    cells: dict[Pos, Cell] = {}
    for y in range(0, 9):
        if y != 4:
            cells[Pos(6, y, 0)] = Cell(Material.STONE)  # a wall with a gap at y = 4
    for x in range(2, 5):
        for y in range(5, 8):
            cells[Pos(x, y, 0)] = Cell(difficult=True)  # mud
    for y in range(0, 3):
        for z in (-3, -2, -1):
            cells[Pos(9, y, z)] = Cell()  # a pit 3 deep
            cells[Pos(10, y, z)] = Cell()
    terrain = Terrain.flat(12, 9).with_cells(cells)
    kira = Creature(
        id="kira",
        name="Kira",
        side="heroes",
        hero=True,
        pos=(3, 3, 0),
        characteristics=Characteristics(agility=2),
    )
    bren = Creature(id="bren", name="Bren", side="heroes", hero=True, pos=(4, 3, 0))
    goblin = Creature(id="goblin", name="Goblin", pos=(2, 2, 0))
    return Encounter.create(terrain, [kira, bren, goblin], seed=1)


def cost_map(enc: Encounter, reach: brawl.Reachable) -> str:
    """The level-0 map with the cost of each reachable square written in it."""
    lines = []
    for y in range(enc.terrain.depth):
        row = []
        for x in range(enc.terrain.width):
            p = Pos(x, y, 0)
            occupants = enc.occupants(p)
            if occupants:
                row.append(enc.creature(occupants[0]).name[0])
            elif p in reach:
                row.append(str(reach.cost(p)))
            elif enc.is_blocked(p):
                row.append("#")
            elif enc.terrain.is_difficult(p):
                row.append(":")
            else:
                row.append(".")
        lines.append(" ".join(row))
    return "\n".join(lines)


def pictures(enc: Encounter, folder: Path) -> None:
    """Draw the pictures of docs/movement.md with brawl.render_svg."""
    folder.mkdir(parents=True, exist_ok=True)
    reach = brawl.reachable(enc, "kira")
    (folder / "movement-reachable.svg").write_text(brawl.render_svg(enc, highlight=reach.costs()))
    path = reach.path_to((8, 5, 0))
    (folder / "movement-path.svg").write_text(
        brawl.render_svg(enc, highlight=reach.costs(), arrows=[[enc.creature("kira").pos, *path]])
    )
    walls = {(0, 1), (1, 1), (3, 1), (0, 2), (3, 2), (0, 3), (1, 3), (2, 3), (3, 3)}
    building = Encounter.create(
        Terrain.flat(6, 5).with_cells({Pos(x, y, 0): Cell(Material.STONE) for x, y in walls}),
        [Creature(id="tactician", side="heroes", pos=(1, 2, 0))],
    )
    r = brawl.reachable(building, "tactician", budget=3)
    (folder / "movement-corners.svg").write_text(
        brawl.render_svg(building, highlight=r.costs(), arrows=[[(1, 2, 0), *r.path_to((2, 0, 0))]])
    )
    jumper = enc.update_creature("kira", pos=(8, 1, 0))
    (folder / "movement-jump.svg").write_text(
        brawl.render_svg(jumper, arrows=[[(8, 1, 0), (11, 1, 0)]], x_range=(6, 12), y_range=(0, 4))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--svg", type=Path, help="folder to write the docs pictures into")
    args = parser.parse_args()

    enc = courtyard()
    reach = brawl.reachable(enc, "kira")
    print(f"Kira can end her move on {len(reach)} squares with {reach.budget} movement:\n")
    print(cost_map(enc, reach))
    print("\n(# wall, : mud, K Kira, B Bren, G goblin; digits: movement spent to get there)\n")

    path = reach.path_to((8, 5, 0))
    print(f"Cheapest path to (8, 5): {[tuple(p) for p in path]}, cost {reach.cost((8, 5, 0))}")
    enc2, events = brawl.move(enc, "kira", path, stop_at_provocation=True)
    print(brawl.explain(events))
    paused = [e for e in events if isinstance(e, OpportunityAttackProvoked)]
    if paused and paused[0].stopped:
        print("... the goblin makes its free strike here; then the move goes on:")
        enc2, events = brawl.move(
            enc2, "kira", paused[0].remaining, budget=paused[0].movement_left, resolved=["goblin"]
        )
        print(brawl.explain(events))

    jumper = enc2.update_creature("kira", pos=(8, 1, 0))
    enc3, events = brawl.jump(jumper, "kira", (11, 1, 0), tier=2)
    print(brawl.explain(events))
    _, events = brawl.teleport(enc3, "kira", (1, 7, 0), distance=10)
    print(brawl.explain(events))

    if args.svg:
        pictures(enc, args.svg)
        print(f"\npictures written to {args.svg}")


if __name__ == "__main__":
    main()
