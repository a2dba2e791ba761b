"""Pictures of a zone map: text and SVG, each zone with its characters and its borders.

A zone map drawn over a grid map is drawn as its cells, coloured by zone and labelled at their
middle; a plain graph is drawn as boxes in rows, joined by lines for the borders. A character on
a border is drawn on the line between its two zones; barriers are thick lines.
"""

from __future__ import annotations

from html import escape

from brawl.state import Encounter
from brawl.zone.model import ZoneWorld
from brawl.zone.space import world_of

CELL = 40
"""Side of a grid cell in the SVG, in pixels."""
BOX = 150
"""Side of a zone's box in a plain graph's SVG."""
COLOURS = ("#dbe9f6", "#e3f1dc", "#f8ead2", "#efe0f3", "#f6dede", "#e0f0ef", "#eeeed8", "#e6e6e6")


def _who(enc: Encounter, world: ZoneWorld, cid: str) -> str:
    sheet = world.sheets.get(cid)
    c = enc.creature(cid)
    marks = ""
    if c.dead:
        marks = " (dead)"
    elif sheet is not None and sheet.incapacitated:
        marks = " (down)"
    elif sheet is not None and sheet.concealed:
        marks = " (hidden)"
    health = f" {sheet.health}/{sheet.health_max}" if sheet is not None else ""
    return f"{cid}[{c.side}{health}]{marks}"


def render_zone_text(state: Encounter) -> str:
    """The zone map as text: a line per zone (its traits, who stands in it, its borders)."""
    enc = state
    world = world_of(enc, "render_zone_text")
    lines = []
    for z in world.map.zones:
        traits = [t for t in (f"cover {z.cover}" if z.cover else "", "dark" if z.dark else "", z.hazard) if t]
        inside = [
            _who(enc, world, c)
            for c, p in sorted(world.places.items())
            if p.zone == z.id and p.border is None
        ]
        head = f"{z.id}" + (f" ({z.name})" if z.name and z.name != z.id else "")
        head += f" [{', '.join(traits)}]" if traits else ""
        borders = []
        for n in sorted(world.map.neighbours(z.id)):
            on = [
                _who(enc, world, c)
                for c, p in sorted(world.places.items())
                if p.border is not None and p.touches() == {z.id, n} and p.zone == z.id
            ]
            wall = " barrier" if (min(z.id, n), max(z.id, n)) in world.map.barriers else ""
            borders.append(f"{n}{wall}" + (f" (on the border: {', '.join(on)})" if on else ""))
        lines.append(f"{head}: {', '.join(inside) or '-'}; borders {', '.join(borders) or '-'}")
    return "\n".join(lines)


def _graph_layout(world: ZoneWorld) -> dict[str, tuple[float, float]]:
    """Top-left corners of each zone's box for a plain graph: breadth-first rows."""
    zones = [z.id for z in world.map.zones]
    seen: dict[str, int] = {}
    for start in zones:
        if start in seen:
            continue
        base = max(seen.values(), default=-1) + 1
        for z, d in world.map.distances(start).items():
            seen.setdefault(z, base + d)
    rows: dict[int, list[str]] = {}
    for z in zones:
        rows.setdefault(seen[z], []).append(z)
    out: dict[str, tuple[float, float]] = {}
    for r, members in rows.items():
        for i, z in enumerate(members):
            out[z] = (20 + i * (BOX + 60), 20 + r * (BOX + 60))
    return out


def render_zone_svg(state: Encounter) -> str:
    """The zone map as an SVG picture, zones labelled, characters in their zones."""
    enc = state
    world = world_of(enc, "render_zone_svg")
    colour = {z.id: COLOURS[i % len(COLOURS)] for i, z in enumerate(world.map.zones)}
    parts: list[str] = []
    centre: dict[str, tuple[float, float]] = {}
    gridded = all(z.cells for z in world.map.zones)
    width: float
    height: float
    x: float
    y: float
    if gridded:
        xs = [x for z in world.map.zones for x, _ in z.cells]
        ys = [y for z in world.map.zones for _, y in z.cells]
        width, height = (max(xs) + 1) * CELL, (max(ys) + 1) * CELL
        for z in world.map.zones:
            for x, y in z.cells:
                parts.append(
                    f'<rect x="{x * CELL}" y="{y * CELL}" width="{CELL}" height="{CELL}" '
                    f'fill="{colour[z.id]}" stroke="#ffffff" stroke-width="0.5"/>'
                )
            cx = sum(x for x, _ in z.cells) / len(z.cells) * CELL + CELL / 2
            cy = sum(y for _, y in z.cells) / len(z.cells) * CELL + CELL / 2
            centre[z.id] = (cx, cy)
        for a, b in sorted(world.map.barriers):
            (ax, ay), (bx, by) = centre[a], centre[b]
            parts.append(
                f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" stroke="#555" stroke-width="5" '
                'stroke-dasharray="2,6" opacity="0.6"/>'
            )
    else:
        corners = _graph_layout(world)
        width = max(x for x, _ in corners.values()) + BOX + 20
        height = max(y for _, y in corners.values()) + BOX + 20
        for z in world.map.zones:
            x, y = corners[z.id]
            centre[z.id] = (x + BOX / 2, y + BOX / 2)
        for z in world.map.zones:
            for n in sorted(world.map.neighbours(z.id)):
                if z.id < n:
                    (ax, ay), (bx, by) = centre[z.id], centre[n]
                    thick = 6 if (z.id, n) in world.map.barriers else 2
                    parts.append(
                        f'<line x1="{ax}" y1="{ay}" x2="{bx}" y2="{by}" '
                        f'stroke="#777" stroke-width="{thick}"/>'
                    )
        for z in world.map.zones:
            x, y = corners[z.id]
            parts.append(
                f'<rect x="{x}" y="{y}" width="{BOX}" height="{BOX}" rx="12" '
                f'fill="{colour[z.id]}" stroke="#777"/>'
            )
    for z in world.map.zones:
        cx, cy = centre[z.id]
        traits = ", ".join(t for t in (f"cover {z.cover}" if z.cover else "", "dark" if z.dark else "") if t)
        label = escape(z.name or z.id) + (f" ({escape(traits)})" if traits else "")
        parts.append(
            f'<text x="{cx}" y="{cy - 30}" text-anchor="middle" font-size="13" '
            f'font-weight="bold">{label}</text>'
        )
    placed: dict[str, int] = {}
    for cid, p in sorted(world.places.items()):
        if p.border is None:
            x, y = centre[p.zone]
        else:
            (ax, ay), (bx, by) = centre[p.zone], centre[p.border]
            x, y = (ax + bx) / 2, (ay + by) / 2
        key = str(p)
        k = placed.get(key, 0)
        placed[key] = k + 1
        y += k * 16 - 6
        c = enc.creature(cid)
        sheet = world.sheets.get(cid)
        down = c.dead or (sheet is not None and sheet.incapacitated)
        fill = "#999999" if down else ("#2f6fb3" if c.side == enc.creature_list()[0].side else "#b33a2f")
        parts.append(f'<circle cx="{x - 40}" cy="{y - 4}" r="5" fill="{fill}"/>')
        parts.append(f'<text x="{x - 30}" y="{y}" font-size="11">{escape(_who(enc, world, cid))}</text>')
    body = "\n".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">\n'
        f"<title>zone map</title>\n{body}\n</svg>\n"
    )


__all__ = ["render_zone_svg", "render_zone_text"]
