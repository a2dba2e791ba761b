"""Pictures of an encounter: one level of the map as text, or as an SVG drawing.

Text glyphs, from what fills the square at level ``z`` (or, for open squares, what lies under
it): ``#`` solid terrain, ``~`` water, ``^`` damaging terrain, ``:`` difficult terrain, ``&``
darkness or fog, ``.`` open ground with support, a space for a square with nothing under it (a
pit or a drop), a letter for a creature (heroes upper case, the others lower case), a digit for
an object.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from brawl.checks import whole_number
from brawl.creature import HEROES
from brawl.errors import ArgumentTypeError, InvalidArgumentError
from brawl.geometry import Pos
from brawl.reach import Reachable, install_reach_drawer
from brawl.state import Encounter, install_svg_drawer

MAX_CELLS = 200 * 200
"""Largest window drawn at once, in squares; ask for a window (x_range, y_range) on larger maps."""

SOLID, WATER, DAMAGING, DIFFICULT, FLOOR, DROP = "#", "~", "^", ":", ".", " "
DARK = "&"  # darkness or fog (DS-EDGE-09)
OVERFLOW_CREATURE = "@"
"""Glyph of the creatures after the 26 letters of their case are used up."""
OBJECT_GLYPHS = "123456789"
OVERFLOW_OBJECT = "0"
"""Glyph of the objects after the first nine."""

CELL_PX = 32
"""Size of one square in the SVG drawing, in pixels."""
_FILL = {
    SOLID: "#5b5b66",
    WATER: "#7fb2e5",
    DAMAGING: "#f0a060",
    DIFFICULT: "#d8cfa8",
    DARK: "#8a8a9e",
    FLOOR: "#f4f1e8",
    DROP: "#1d1d24",
}
_SIDE_FILL = {HEROES: "#3a6fd8"}
_OBJECT_FILL = "#a0703c"
_OTHER_FILL = "#c8443c"

Window = tuple[range, range]


def _window(
    enc: Encounter, x_range: range | tuple[int, int] | None, y_range: range | tuple[int, int] | None
) -> Window:
    def norm(value: range | tuple[int, int] | None, limit: int, name: str) -> range:
        if value is None:
            return range(limit)
        if isinstance(value, range):
            r = value
        elif (
            isinstance(value, tuple)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            r = range(value[0], value[1])
        else:
            raise InvalidArgumentError(f"{name} {value!r}: a range or a (start, stop) pair", rule=())
        if r.step != 1 or not 0 <= r.start < r.stop <= limit:
            raise InvalidArgumentError(
                f"{name} {value!r}: must lie inside 0..{limit} and not be empty", rule=()
            )
        return r

    xs = norm(x_range, enc.terrain.width, "x_range")
    ys = norm(y_range, enc.terrain.depth, "y_range")
    if len(xs) * len(ys) > MAX_CELLS:
        raise InvalidArgumentError(
            f"render {len(xs)} x {len(ys)} squares: more than {MAX_CELLS} at once; "
            "pass x_range and y_range to draw a window",
            rule=(),
        )
    return xs, ys


def _level(enc: Encounter, z: int | None) -> int:
    if not isinstance(enc, Encounter):
        raise ArgumentTypeError(f"enc {enc!r}: an Encounter is needed, not {type(enc).__name__}", rule=())
    if z is None:
        return 0
    return whole_number(z, -enc.terrain.below, enc.terrain.height - 1, what="z")


def terrain_glyph(enc: Encounter, pos: Pos) -> str:
    """The glyph of the terrain of one square at one level (creatures and objects left out)."""
    t = enc.terrain
    cell = t.cell(pos)
    if cell.solid:
        return SOLID
    if cell.liquid:
        return WATER
    if cell.damaging:
        return DAMAGING
    if cell.difficult:
        return DIFFICULT
    if cell.concealing:
        return DARK
    under = Pos(pos.x, pos.y, pos.z - 1)
    below = t.cell(under)  # off the bottom of the map counts as unbreakable ground
    if below.liquid:
        return WATER
    if below.solid or enc.object_at(under) is not None:
        return FLOOR
    return DROP


def glyphs(
    enc: Encounter, z: int, window: Window, marks: Mapping[str, str] | None = None
) -> tuple[dict[str, str], dict[str, str]]:
    """Glyphs of the creatures and objects seen at level ``z`` in the window: (creatures, objects).

    When every living creature of a side has a letter of its own (26 a side) and every object a
    digit (9), glyphs are given over the whole encounter, so they stay the same from one level
    or window to the next; otherwise only what is seen gets one. ``marks`` (creature id to one
    character, such as a scenario file's own marks, ``Scenario.marks``) come first.
    """
    xs, ys = window
    chosen = _marks(marks)
    living = list(enc.living())
    seen = {c.id for c in living if c.pos.z <= z < c.pos.z + c.n and _meets(c.pos, c.n, xs, ys)}
    heroes = sum(1 for c in living if c.side == HEROES)
    lettered = living if heroes <= 26 and len(living) - heroes <= 26 else [c for c in living if c.id in seen]
    taken: set[str] = {chosen[c.id] for c in living if c.id in chosen}
    creatures: dict[str, str] = {}
    for c in lettered:
        pool = string.ascii_uppercase if c.side == HEROES else string.ascii_lowercase
        glyph = chosen[c.id] if c.id in chosen else _pick(c.id, pool, taken, OVERFLOW_CREATURE)
        if c.id in seen:
            creatures[c.id] = glyph
    all_objects = [enc.objects[oid] for oid in sorted(enc.objects)]
    seen_o = {o.id for o in all_objects if o.pos.z <= z < o.pos.z + o.n and _meets(o.pos, o.n, xs, ys)}
    numbered = (
        all_objects if len(all_objects) <= len(OBJECT_GLYPHS) else [o for o in all_objects if o.id in seen_o]
    )
    objects: dict[str, str] = {}
    for i, o in enumerate(numbered):
        if o.id in seen_o:
            objects[o.id] = OBJECT_GLYPHS[i] if i < len(OBJECT_GLYPHS) else OVERFLOW_OBJECT
    return creatures, objects


def _marks(marks: Mapping[str, str] | None) -> dict[str, str]:
    """The ``marks`` argument checked: creature id to one printable character."""
    if marks is None:
        return {}
    if not isinstance(marks, Mapping):
        raise ArgumentTypeError(
            f"marks {marks!r}: a mapping of creature id to one character, not {type(marks).__name__}", rule=()
        )
    for cid, mark in marks.items():
        if not isinstance(cid, str) or not isinstance(mark, str) or len(mark) != 1 or not mark.isprintable():
            raise InvalidArgumentError(
                f"marks[{cid!r}] = {mark!r}: one printable character is needed", rule=()
            )
    return dict(marks)


def _meets(pos: Pos, n: int, xs: range, ys: range) -> bool:
    return pos.x < xs.stop and xs.start < pos.x + n and pos.y < ys.stop and ys.start < pos.y + n


def _pick(name: str, pool: str, taken: set[str], overflow: str) -> str:
    """The first free letter of ``pool`` among the name's letters, then in alphabetical order."""
    wanted = [ch for ch in name if ch.lower() in string.ascii_lowercase]
    cased = [ch.upper() if pool == string.ascii_uppercase else ch.lower() for ch in wanted]
    for ch in [*cased, *pool]:
        if ch in pool and ch not in taken:
            taken.add(ch)
            return str(ch)
    return overflow


def render_text(
    enc: Encounter,
    z: int | None = None,
    legend: bool = True,
    *,
    x_range: range | tuple[int, int] | None = None,
    y_range: range | tuple[int, int] | None = None,
    coords: bool = False,
    marks: Mapping[str, str] | None = None,
) -> str:
    """One level of the map as characters, then a legend of the creatures and objects shown.

    ``z`` is the level drawn (default 0, the ground). ``x_range`` and ``y_range`` draw a window;
    more than 200 x 200 squares at once are refused. ``coords`` adds the x and y of each row and
    column (last digit of x). ``marks`` maps creature ids to the characters to draw them with,
    such as a scenario file's own (``Scenario.marks``); the others get letters as usual.
    """
    level = _level(enc, z)
    xs, ys = _window(enc, x_range, y_range)
    creature_glyphs, object_glyphs = glyphs(enc, level, (xs, ys), marks)
    rows: list[list[str]] = [[terrain_glyph(enc, Pos(x, y, level)) for x in xs] for y in ys]
    for oid, g in object_glyphs.items():
        _stamp(rows, enc.objects[oid].pos, enc.objects[oid].n, level, xs, ys, g)
    for cid in reversed(list(creature_glyphs)):  # the first in order is drawn on top
        c = enc.creatures[cid]
        _stamp(rows, c.pos, c.n, level, xs, ys, creature_glyphs[cid])
    lines = ["".join(r) for r in rows]
    if coords:
        pad = len(str(ys.stop - 1)) + 1
        lines = [" " * pad + "".join(str(x % 10) for x in xs)] + [
            f"{y:>{pad - 1}} {line}" for y, line in zip(ys, lines, strict=True)
        ]
    if legend:
        lines += legend_lines(enc, creature_glyphs, object_glyphs)
        lines += elsewhere_lines(enc, level)
    return "\n".join(lines)


def elsewhere_lines(enc: Encounter, z: int) -> list[str]:
    """Under the legend, a line for each living creature on no square of level ``z``: its id,
    position and the level that shows it; nothing when every one is on ``z``."""
    lines = [
        f"  {c.id} at {tuple(c.pos)} (z {c.pos.z})"
        for c in enc.creature_list()
        if c.is_alive and not c.pos.z <= z < c.pos.z + c.n
    ]
    return ["", f"on other levels than {z}:", *lines] if lines else []


def _stamp(rows: list[list[str]], pos: Pos, n: int, z: int, xs: range, ys: range, glyph: str) -> None:
    if not pos.z <= z < pos.z + n:
        return
    for y in range(max(pos.y, ys.start), min(pos.y + n, ys.stop)):
        for x in range(max(pos.x, xs.start), min(pos.x + n, xs.stop)):
            rows[y - ys.start][x - xs.start] = glyph


def legend_lines(
    enc: Encounter, creature_glyphs: Mapping[str, str], object_glyphs: Mapping[str, str]
) -> list[str]:
    """One line per creature (glyph, id, size, Stamina, conditions and named conditions, position)
    and per object."""
    out: list[str] = []
    for cid, g in creature_glyphs.items():
        c = enc.creatures[cid]
        stamina = f"Stamina {c.stamina}/{c.stamina_max}"
        if c.temporary_stamina:
            stamina += f" +{c.temporary_stamina} temporary"
        states = [_condition_text(k.name.value, k.duration.value, k.source) for k in c.conditions]
        states += [_condition_text(k.name, k.duration.value, k.source) for k in c.named_conditions]
        if c.is_dying:
            states.insert(0, "dying")
        elif c.is_winded:
            states.insert(0, "winded")
        if c.invisible:
            states.append("invisible")
        name = f" ({c.name})" if c.name != c.id else ""
        tail = f"  {', '.join(states)}" if states else ""
        out.append(f"{g} {c.id}{name}  {c.size}  {stamina}  at {tuple(c.pos)}{tail}")
    for oid, g in object_glyphs.items():
        o = enc.objects[oid]
        what = f"{o.material.value} object, size {o.size}"
        out.append(f"{g} {o.id}  {what}  Stamina {o.stamina}/{o.stamina_max}  at {tuple(o.pos)}")
    return out


def _condition_text(name: str, duration: str, source: str | None) -> str:
    shown = {"eot": "EoT", "save_ends": "save ends", "end_of_encounter": "end of encounter"}
    extra = [shown[duration]] if duration in shown else []
    if source:
        extra.append(f"from {source}")
    return f"{name} ({', '.join(extra)})" if extra else name


# --- SVG ------------------------------------------------------------------------------------------------
Highlight = Mapping[tuple[int, ...], int | str | None] | Iterable[tuple[int, ...]]
Arrow = Sequence[tuple[int, ...]]


def render_svg(
    enc: Encounter,
    z: int | None = None,
    highlight: Highlight | None = None,
    arrows: Iterable[Arrow] | None = None,
    labels: bool | Mapping[str, str] = True,
    *,
    x_range: range | tuple[int, int] | None = None,
    y_range: range | tuple[int, int] | None = None,
    cell: int = CELL_PX,
    key: bool = True,
    coords: bool = False,
    badges: bool = True,
    marks: Mapping[str, str] | None = None,
    moves: Mapping[str, Arrow] | None = None,
) -> str:
    """One level of the map as an SVG picture (a string), for docs and user interfaces.

    - ``highlight``: squares to tint, as a list of positions or a mapping position → number or
      text written in the square (reachable squares and their costs). Positions are ``(x, y)``
      or ``(x, y, z)``; those at another level than ``z`` are left out.
    - ``arrows``: paths to draw, each a sequence of positions from start to end (a move, a push);
      the arrow head is at the last position.
    - ``moves``: creature id → path, as :meth:`brawl.reach.Reachable.path_to` gives it (without
      the start); each is drawn as an arrow from the creature's own square.
    - ``labels``: ``True`` writes each creature's glyph in its circle and each object's digit in
      its box, ``False`` nothing, a mapping creature id → text writes that text instead.
    - ``key``: a key below the map: the kinds of terrain drawn, then one line per creature and
      object shown, as in :func:`render_text`'s legend.
    - ``coords``: the x of each column above the map and the y of each row to its left.
    - ``badges``: a Stamina bar under each creature and a badge per condition (its first two
      letters) at its top right.
    - ``marks``: creature id → the character to draw it with (a scenario file's own marks,
      ``Scenario.marks``); the others get letters as in :func:`render_text`.
    - ``x_range``, ``y_range``: a window, as for :func:`render_text`; ``cell`` is the square's size in pixels.
    """
    level = _level(enc, z)
    xs, ys = _window(enc, x_range, y_range)
    whole_number(cell, 4, 256, what="cell")
    creature_glyphs, object_glyphs = glyphs(enc, level, (xs, ys), marks)
    paths = [[_xy(p, "arrows") for p in path] for path in arrows or ()]
    for cid, path in _moves(enc, moves):
        start = enc.creatures[cid].pos
        paths.append([(start.x, start.y), *(_xy(p, "moves") for p in path)])
    for path in paths:
        if len(path) < 2:
            raise InvalidArgumentError(f"arrow {path!r}: needs two positions or more", rule=())
    pad = cell if coords else 0
    map_w, map_h = len(xs) * cell + pad, len(ys) * cell + pad
    key_lines = _key_lines(enc, level, xs, ys, creature_glyphs, object_glyphs) if key else []
    key_h = len(key_lines) * KEY_LINE_PX + (KEY_LINE_PX // 2 if key_lines else 0)
    w = max([map_w] + [KEY_LINE_PX + len(text) * KEY_CHAR_PX for _, _, text in key_lines])
    h = map_h + key_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        'font-family="sans-serif">',
        '<defs><marker id="head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" '
        'markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#d9480f"/>'
        "</marker></defs>",
        f"<title>{escape(f'level {level}')}</title>",
    ]

    def px(x: int, y: int) -> tuple[int, int]:
        return (x - xs.start) * cell + pad, (y - ys.start) * cell + pad

    for y in ys:
        for x in xs:
            g = terrain_glyph(enc, Pos(x, y, level))
            X, Y = px(x, y)
            square = f'x="{X}" y="{Y}" width="{cell}" height="{cell}"'
            out.append(f'<rect {square} fill="{_FILL[g]}" stroke="#ccc" stroke-width="0.5"/>')
    if coords:
        out.append(_coordinates(xs, ys, cell))
    for oid, g in object_glyphs.items():
        o = enc.objects[oid]
        X, Y = px(max(o.pos.x, xs.start), max(o.pos.y, ys.start))
        size = o.n * cell - 6
        out.append(
            f'<rect x="{X + 3}" y="{Y + 3}" width="{size}" height="{size}" rx="4" fill="{_OBJECT_FILL}" '
            f'stroke="#5a3a1a"><title>{escape(o.id)}</title></rect>'
        )
        if labels is not False:
            out.append(
                f'<text x="{X + o.n * cell / 2:g}" y="{Y + o.n * cell / 2 + cell / 6:g}" '
                f'font-size="{cell // 2}" text-anchor="middle" fill="#fff">{escape(g)}</text>'
            )
    for spot, text in _highlights(highlight, level, xs, ys):
        X, Y = px(spot[0], spot[1])
        out.append(
            f'<rect x="{X}" y="{Y}" width="{cell}" height="{cell}" fill="#f5d442" fill-opacity="0.45"/>'
        )
        if text is not None:
            out.append(
                f'<text x="{X + cell // 2}" y="{Y + cell // 2 + cell // 8}" font-size="{cell // 3}" '
                f'text-anchor="middle" fill="#333">{escape(str(text))}</text>'
            )
    for cid in reversed(list(creature_glyphs)):
        c = enc.creatures[cid]
        r = c.n * cell / 2
        cx = (c.pos.x - xs.start) * cell + r + pad
        cy = (c.pos.y - ys.start) * cell + r + pad
        fill = _SIDE_FILL.get(c.side, _OTHER_FILL)
        out.append(
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{r - 3:g}" fill="{fill}" stroke="#111" stroke-width="1.5">'
            f"<title>{escape(f'{c.id} ({c.size}), Stamina {c.stamina}/{c.stamina_max}')}</title></circle>"
        )
        text = (
            creature_glyphs[cid]
            if labels is True
            else (labels.get(cid) if isinstance(labels, Mapping) else None)
        )
        if text:
            out.append(
                f'<text x="{cx:g}" y="{cy + r / 3:g}" font-size="{r:g}" text-anchor="middle" fill="#fff" '
                f'font-weight="bold">{escape(str(text))}</text>'
            )
        if badges:
            out.append(_badges(enc, cid, cx - r, cy - r, 2 * r, cell))
    for points in paths:
        coords_text = " ".join(
            f"{(x - xs.start) * cell + cell / 2 + pad:g},{(y - ys.start) * cell + cell / 2 + pad:g}"
            for x, y in points
        )
        out.append(
            f'<polyline points={quoteattr(coords_text)} fill="none" stroke="#d9480f" stroke-width="2.5" '
            'marker-end="url(#head)"/>'
        )
    if key_lines:
        out.append(_key(key_lines, map_h))
    out.append("</svg>")
    return "\n".join(out)


KEY_LINE_PX = 18
"""Height of one line of the SVG picture's key, in pixels."""
KEY_CHAR_PX = 7
"""Width allowed per character of the key's text, in pixels."""
_TERRAIN_NAMES = {
    SOLID: "solid (wall, rock)",
    WATER: "water",
    DAMAGING: "damaging terrain",
    DIFFICULT: "difficult terrain",
    DARK: "darkness or fog",
    FLOOR: "open ground",
    DROP: "nothing underneath (a drop)",
}


def _moves(enc: Encounter, moves: Mapping[str, Arrow] | None) -> list[tuple[str, Arrow]]:
    """The ``moves`` argument checked: ids of creatures of the encounter, each with a path."""
    if moves is None:
        return []
    if not isinstance(moves, Mapping):
        raise ArgumentTypeError(
            f"moves {moves!r}: a mapping of creature id to path, not {type(moves).__name__}", rule=()
        )
    for cid, path in moves.items():
        if cid not in enc.creatures:
            raise InvalidArgumentError(f"moves[{cid!r}]: not a creature of the encounter", rule=())
        raw: object = path
        if isinstance(raw, str | bytes) or not isinstance(raw, Sequence) or not raw:
            raise InvalidArgumentError(f"moves[{cid!r}] = {path!r}: a path of one position or more", rule=())
    return list(moves.items())


def _coordinates(xs: range, ys: range, cell: int) -> str:
    """The x of each column above the map and the y of each row on its left."""
    parts = [f'<g class="coordinates" font-size="{cell // 3}" fill="#555" text-anchor="middle">']
    for i, x in enumerate(xs):
        parts.append(f'<text x="{cell + i * cell + cell // 2}" y="{cell * 2 // 3}">{x}</text>')
    for j, y in enumerate(ys):
        parts.append(f'<text x="{cell // 2}" y="{cell + j * cell + cell * 2 // 3}">{y}</text>')
    parts.append("</g>")
    return "".join(parts)


def _badges(enc: Encounter, cid: str, left: float, top: float, size: float, cell: int) -> str:
    """A creature's Stamina bar (along its bottom) and condition badges (at its top right)."""
    c = enc.creatures[cid]
    bar_h = max(2, cell // 10)
    share = min(1.0, max(0.0, c.stamina / c.stamina_max)) if c.stamina_max else 0.0
    colour = "#2f9e44" if not c.is_winded else "#e8590c" if c.stamina > 0 else "#c92a2a"
    parts = [
        f'<g class="badges"><title>{escape(_state_text(enc, cid))}</title>',
        f'<rect x="{left + 2:g}" y="{top + size - bar_h - 1:g}" width="{size - 4:g}" height="{bar_h}" '
        'fill="#222" fill-opacity="0.6"/>',
        f'<rect x="{left + 2:g}" y="{top + size - bar_h - 1:g}" width="{(size - 4) * share:g}" '
        f'height="{bar_h}" fill="{colour}"/>',
    ]
    badge = max(6, cell * 3 // 8)
    for i, k in enumerate(c.conditions[:3]):
        bx = left + size - badge * (i + 1)
        parts.append(
            f'<rect x="{bx:g}" y="{top:g}" width="{badge}" height="{badge}" rx="2" fill="#fcc419" '
            f'stroke="#111" stroke-width="0.5"/><text x="{bx + badge / 2:g}" y="{top + badge * 0.8:g}" '
            f'font-size="{badge * 0.7:g}" text-anchor="middle" fill="#111">'
            f"{escape(k.name.value[:2].title())}</text>"
        )
    parts.append("</g>")
    return "".join(parts)


def _state_text(enc: Encounter, cid: str) -> str:
    c = enc.creatures[cid]
    names = [k.name.value for k in c.conditions] + [k.name for k in c.named_conditions]
    tail = f", {', '.join(names)}" if names else ""
    return f"{c.id}: Stamina {c.stamina}/{c.stamina_max}{tail}"


def _key_lines(
    enc: Encounter,
    level: int,
    xs: range,
    ys: range,
    creature_glyphs: Mapping[str, str],
    object_glyphs: Mapping[str, str],
) -> list[tuple[str, str, str]]:
    """The key's lines: (swatch colour, glyph or "", text); the creatures' and objects' text is
    :func:`legend_lines`'s."""
    drawn = {terrain_glyph(enc, Pos(x, y, level)) for y in ys for x in xs}
    lines = [(_FILL[g], "", name) for g, name in _TERRAIN_NAMES.items() if g in drawn]
    fills = [_SIDE_FILL.get(enc.creatures[cid].side, _OTHER_FILL) for cid in creature_glyphs]
    fills += [_OBJECT_FILL] * len(object_glyphs)
    glyph_list = [*creature_glyphs.values(), *object_glyphs.values()]
    described = legend_lines(enc, creature_glyphs, object_glyphs)
    lines += [(f, g, text[2:]) for f, g, text in zip(fills, glyph_list, described, strict=True)]
    return lines


def _key(lines: Sequence[tuple[str, str, str]], top: int) -> str:
    """The key below the map: a swatch (with the glyph, if any) and a line of text per entry."""
    step = KEY_LINE_PX
    swatch = step - 4
    parts = ['<g class="key" font-size="12" fill="#222">']
    for i, (fill, glyph, text) in enumerate(lines):
        y = top + step // 2 + i * step
        parts.append(f'<rect x="2" y="{y}" width="{swatch}" height="{swatch}" fill="{fill}" stroke="#999"/>')
        if glyph:
            parts.append(
                f'<text x="{2 + swatch / 2:g}" y="{y + swatch - 3}" font-size="11" text-anchor="middle" '
                f'fill="#fff">{escape(glyph)}</text>'
            )
        parts.append(f'<text x="{step + 4}" y="{y + swatch - 3}">{escape(text)}</text>')
    parts.append("</g>")
    return "".join(parts)


def notebook_svg(enc: Encounter) -> str:
    """The picture a notebook shows for an encounter: the ground level, with its key, of at most
    the first 200 x 200 squares (:meth:`Encounter._repr_svg_` draws it)."""
    side = int(MAX_CELLS**0.5)
    window_x = (0, min(enc.terrain.width, side))
    window_y = (0, min(enc.terrain.depth, side))
    return render_svg(enc, x_range=window_x, y_range=window_y)


def _xy(p: object, what: str) -> tuple[int, int]:
    if (
        isinstance(p, tuple | list)
        and len(p) in (2, 3)
        and all(isinstance(v, int) and not isinstance(v, bool) for v in p)
    ):
        return p[0], p[1]
    raise InvalidArgumentError(f"{what}: {p!r} is not a position (x, y) or (x, y, z)", rule=())


def _highlights(
    highlight: Highlight | None, level: int, xs: range, ys: range
) -> list[tuple[tuple[int, int], int | str | None]]:
    if highlight is None:
        return []
    raw: object = highlight
    if isinstance(raw, (str, bytes)) or not isinstance(raw, (Mapping, Iterable)):
        raise ArgumentTypeError(
            f"highlight {highlight!r}: positions or a mapping of positions, not {type(highlight).__name__}",
            rule=(),
        )
    items = highlight.items() if isinstance(highlight, Mapping) else ((p, None) for p in highlight)
    out: list[tuple[tuple[int, int], int | str | None]] = []
    for p, text in items:
        x, y = _xy(p, "highlight")
        if len(p) == 3 and p[2] != level:
            continue
        if x in xs and y in ys:
            out.append(((x, y), text))
    return out


def notebook_reach_svg(reach: Reachable) -> str:
    """The picture a notebook shows for a :class:`~brawl.reach.Reachable`: the mover's level with
    each square it can end on tinted and its cost written in it, the window around those squares
    (at most 200 x 200)."""
    enc = reach.state
    assert enc is not None  # Reachable._repr_svg_ draws only a result that knows its encounter
    costs = {p: c for p, c in reach.items() if p.z == reach.origin.z}
    side = int(MAX_CELLS**0.5)
    low_x = max(0, min(p.x for p in costs) - 1)
    low_y = max(0, min(p.y for p in costs) - 1)
    window_x = (low_x, min(enc.terrain.width, max(p.x for p in costs) + 2, low_x + side))
    window_y = (low_y, min(enc.terrain.depth, max(p.y for p in costs) + 2, low_y + side))
    return render_svg(enc, z=reach.origin.z, highlight=costs, x_range=window_x, y_range=window_y)


install_svg_drawer(notebook_svg)  # import brawl, and notebooks draw encounters
install_reach_drawer(notebook_reach_svg)  # and the squares a creature can reach

__all__ = ["MAX_CELLS", "notebook_svg", "render_svg", "render_text", "terrain_glyph"]
