"""The legal actions as a policy sees them (:class:`Options`), and the greedy policy.

:class:`Options` is the sequence of :func:`brawl.legal_actions` built only when read, with
shortcuts to the kinds a policy weighs; :func:`greedy` is the simplest policy that fights.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from itertools import compress, count
from operator import is_not
from typing import cast, overload

import attrs

from brawl.actions import (
    Action,
    Advance,
    AdvanceTo,
    EndRound,
    EndTurn,
    FreeStrike,
    StartTurn,
    TakeAction,
    legal_actions,
)
from brawl.conditions import ConditionName
from brawl.creature import Creature
from brawl.fields import copier, put
from brawl.geometry import Pos, distance
from brawl.policy.boxes import Box, closest_end, grown_by_one, layout_masks, repeated, within_boxes
from brawl.reach import Reachable
from brawl.reach_backend import BitsetBackend
from brawl.rules.abilities import UseAbility
from brawl.rules.steps import STOP_SIZE_GAP
from brawl.rules.strikes import (
    MELEE_DISTANCE,
)
from brawl.state import Encounter
from brawl.turns.ability_deeds import ability_deeds, best_use, director_deed, pick_ability
from brawl.turns.deeds import legal_moves, legal_reach
from brawl.turns.drawsteel_deeds import first_free_strike, first_squad_attack, free_strikes
from brawl.turns.drawsteel_turn import DrawSteelTurn, first_to_start
from brawl.turns.hero_deeds import surge_variants, with_surges
from brawl.turns.records import verified
from brawl.zone import world
from brawl.zone.policy import zone_greedy


def can_fight(c: Creature) -> bool:
    """Alive and not unconscious: still able to act in the fight."""
    return not c.dead and (not c.conditions or not c.has(ConditionName.UNCONSCIOUS))


class Options(Sequence[Action]):
    """The legal actions of a state (:func:`brawl.legal_actions`), worked out only as far as asked.

    As a sequence it is the whole list, built the first time it is read. A policy that needs
    only some kinds asks for them: :meth:`melee_free_strikes`, :meth:`moves` and :meth:`first`
    give what filtering the whole list would, but on a Draw Steel creature's turn they check only
    those records (its moves are :func:`brawl.legal_moves`' destinations, with no path built;
    its Free Strikes are checked as :func:`brawl.legal_actions` checks them). ``Options(state,
    actions)`` wraps a list already built.
    """

    # what is not worked out yet, or not asked of this state: the class's values until set
    _all: list[Action] | None = None
    _acting: str | None = None
    _between = False
    _survey: tuple[list[str], list[Creature], int] | None = None
    _me: Creature | None = None

    def __init__(self, state: Encounter, actions: Sequence[Action] | None = None) -> None:
        self._state = state
        if actions is not None:
            self._all = list(actions)
            return
        turn = state.turn
        if isinstance(turn, DrawSteelTurn):
            current = turn.current
            if current is None:
                # between two Draw Steel turns the list is the turns that may start, or ending the round
                self._between = True
            else:
                self._acting = current

    def _actor(self) -> Creature:
        """The creature whose turn it is, looked up once."""
        me = self._me
        if me is None:
            me = self._me = self._state.creature(self._state.turn.current)  # type: ignore[union-attr]  # Draw Steel's or initiative's turn: both name it
        return me

    def _enemies(self) -> tuple[list[str], list[Creature], int]:
        """One pass over the enemies of the creature whose turn it is: the ids of the living ones
        within melee distance (its Free Strikes' targets), those that can still fight (:func:`can_fight`),
        and the distance to the nearest of those (0 with none)."""
        if self._survey is None:
            self._survey = _survey(self._state, self._actor())
        return self._survey

    def _list(self) -> list[Action]:
        if self._all is None:
            self._all = legal_actions(self._state)
        return self._all

    def __len__(self) -> int:
        return len(self._list())

    @overload
    def __getitem__(self, i: int) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Action]: ...
    def __getitem__(self, i: int | slice) -> Action | Sequence[Action]:
        return self._list()[i]

    def __iter__(self) -> Iterator[Action]:
        return iter(self._list())

    def abilities(self) -> list[Action]:
        """The uses of abilities (:class:`~brawl.rules.abilities.UseAbility`) among the options, in order."""
        if self._all is None and self._acting is not None:
            cid = self._acting
            me = self._actor()
            if me.dead or not me.abilities:
                return []  # ability_deeds offers no use, so surge_variants no variant
            uses = ability_deeds(self._state, cid)
            return [*uses, *surge_variants(self._state, cid, uses)]  # as the legal actions list them
        if self._between:
            return []
        return [a for a in self._list() if isinstance(a, UseAbility)]

    def melee_free_strikes(self) -> list[Action]:
        """The melee Free Strikes among the options, in their order."""
        if self._all is None and self._acting is not None:
            return free_strikes(self._state, self._acting)
        if self._between:
            return []
        return [
            a
            for a in self._list()
            if isinstance(a, TakeAction) and isinstance(a.action, FreeStrike) and not a.action.ranged
        ]

    def first_melee_free_strike(self) -> Action | None:
        """The first of :meth:`melee_free_strikes` (None with none), checking no strike after it."""
        if self._all is None and self._acting is not None:
            if _main_spent(cast(DrawSteelTurn, self._state.turn), self._acting):  # _acting: Draw Steel's turn
                return None
            return first_free_strike(self._state, self._acting, near=self._enemies()[0])
        if self._between:
            return None
        return next(iter(self.melee_free_strikes()), None)

    def moves(self) -> list[Advance | AdvanceTo]:
        """The moves among the options (:class:`AdvanceTo`, :class:`Advance`), in their order."""
        if self._all is None and self._acting is not None:
            return [AdvanceTo(self._acting, p) for p in self.destinations()]
        return [a for a in self._list() if isinstance(a, Advance | AdvanceTo)]

    def destinations(self) -> list[Pos]:
        """Where the moves among the options end, in their order, without building the moves."""
        if self._all is None and self._acting is not None:
            cid = self._acting
            return [] if self._state.creature(cid).dead else list(legal_moves(self._state, cid))
        return [a.destination for a in self.moves()]

    def foes(self) -> tuple[list[Creature], int]:
        """The enemies of the creature whose turn it is that can still fight (:func:`can_fight`), in
        the encounter's order, and the distance to the nearest of them (0 with none)."""
        _, foes, now = self._enemies()
        return foes[:], now  # a copy: the survey's lists may be kept for the next decision

    def nearest_destination(
        self, foes: Sequence[Creature], now: int, *, nearer_than: int | None = None
    ) -> tuple[Pos | None, int]:
        """Of :meth:`destinations`, the first that brings the creature whose turn it is nearest one
        of ``foes``, fewest squares from where it stands breaking ties, with that distance; ``now``
        is its distance today (:func:`distance_to_nearest`). ``(None, -1)`` with no destination or
        no foe. On a creature's Draw Steel turn the destinations are read from the search's bits
        without listing them, and with ``nearer_than``, ``(None, -1)`` as soon as none is nearer a
        foe than that (:func:`nearest_end`)."""
        me = self._actor()
        if self._all is None and self._acting is not None:
            if me.dead:
                return None, -1
            reach = legal_reach(self._state, me.id)
            if reach is None:
                return None, -1
            found = nearest_end(reach, me, foes, now, nearer_than=nearer_than)
            if found is not None:
                return found
        return closest_end(me, foes, self.destinations(), now)

    def move_to(self, destination: Pos) -> Advance | AdvanceTo:
        """The first move among the options that ends on ``destination`` (one of :meth:`destinations`)."""
        if self._all is None and self._acting is not None:
            return AdvanceTo(self._acting, destination)
        return next(a for a in self.moves() if a.destination == destination)

    def first(self, kind: type[Action]) -> Action | None:
        """The first option of this type (:class:`EndTurn`, :class:`StartTurn`, :class:`EndRound`...)."""
        if self._all is None and self._acting is not None and kind in _TURN_FLOW:
            # on a creature's Draw Steel turn the list is its deeds, then ending the turn, which
            # is refused only when no creature takes a turn (DS-SIDE-08): one does (_acting)
            return _END_TURN if kind is EndTurn else None
        if self._between and kind in _TURN_FLOW:
            # the first turn that may start, by id, else ending the round (DS-SIDE-08..12)
            if kind is EndTurn:
                return None
            found = self._next_turn()
            return found if isinstance(found, kind) else None
        return next((a for a in self._list() if isinstance(a, kind)), None)

    def _next_turn(self) -> StartTurn | EndRound | None:
        """Between two Draw Steel turns, the first turn that may start, by id, else ending the
        round if it may end (DS-SIDE-08..12): the first of :class:`StartTurn` and
        :class:`EndRound` among the options."""
        state = self._state
        first = first_to_start(state, state.turn)  # type: ignore[arg-type]  # _between: Draw Steel's
        if first is not None:
            return _STARTS.get(first) or _start_turn(first)
        return self._round_end()

    def _round_end(self) -> EndRound | None:
        """Between two Draw Steel turns with no creature that may start one: ending the round, if
        it may end (DS-SIDE-11)."""
        state = self._state
        t = state.turn
        if type(t) is DrawSteelTurn:
            # no creature may start a turn (first_to_start, as actors() finds), none is taking
            # its turn (_between) and EndRound() gives no rolls or ids: verify_end_round, the Draw
            # Steel system's check (the system of this very class), would pass
            return _END_ROUND
        return _END_ROUND if verified(_END_ROUND, state) else None


_TURN_FLOW = (EndTurn, StartTurn, EndRound)


def _start_turn(creature: str) -> StartTurn:
    """``StartTurn(creature)`` for the id of a creature of the encounter, a string: what the
    record's own check asks of it. Kept for each id (records are immutable), the first a draft copy."""
    found = _STARTS.get(creature)
    if found is None:
        if len(_STARTS) >= _STARTS_KEPT:
            _STARTS.clear()
        found = _STARTS[creature] = put(_START_TURN, creature=creature)
    return found


_STARTS: dict[str, StartTurn] = {}
""":func:`_start_turn`'s records, by creature."""
_STARTS_KEPT = 4096
"""Most records kept."""


def _main_spent(t: DrawSteelTurn, creature: str) -> bool:
    """Whether the economy of ``creature``'s turn has its main action spent and it holds no
    critical hit's extra main action: then the turn refuses it a main action whatever else holds
    (:func:`~brawl.turns.drawsteel_turn.action_refusal`: DS-TURN-01, DS-TURN-03, RB-CRIT-03),
    and no Free Strike is offered (checked before any enemy is looked at)."""
    economy = t.economy
    return economy is not None and economy.main_slot_used and creature not in t.extra_main


_END_TURN = EndTurn()
_END_ROUND = EndRound()
_START_TURN = StartTurn("creature")
"""The records of the turn flow with no option, built once (records are immutable)."""


def _survey(state: Encounter, me: Creature) -> tuple[list[str], list[Creature], int]:
    """:meth:`Options._enemies` of ``me``: the last survey's answer if nothing it read has changed
    since (:func:`_recalled`), else :func:`_survey_all`, kept for the next. Its lists may be
    shared with the survey kept: not to be changed."""
    recs = list(map(state.creatures.__getitem__, state.order))  # creature_list(), unlisted
    found = _recalled(state, me, recs)
    if found is None:
        found = _survey_all(recs, me)
        _KEPT[0] = (state.order, recs, me, found)
    return found


def _recalled(
    state: Encounter, me: Creature, recs: list[Creature]
) -> tuple[list[str], list[Creature], int] | None:
    """The last survey kept (:data:`_KEPT`) as :func:`_survey_all` of ``me`` over ``recs`` (the
    records of ``state``'s creatures, in order) would answer it, if that answer stands; else None.

    The last survey is kept with the records it read (immutable): a creature whose record is the
    very one read then is unchanged. A decision after a strike finds only its target changed, in
    its Stamina: the answer stands unless ``me`` stands elsewhere, is of another size or side, or
    a creature changed side, or an enemy died, moved, changed size or became able or unable to
    fight (what the survey reads of each creature). The foes are then the changed records of the
    same creatures.
    """
    kept = _KEPT[0]
    old_me = kept[2]
    if kept[0] is not state.order or (
        me is not old_me
        and (
            me.id != old_me.id
            or me.pos != old_me.pos
            or me.side != old_me.side
            or me.size.squares != old_me.size.squares
        )
    ):
        return None
    side = me.side
    old = kept[1]
    for i in compress(count(), map(is_not, recs, old)):  # the creatures whose records changed
        c = recs[i]
        o = old[i]
        if c.side == side or o.side == side:
            if c.side == o.side:
                continue  # of the side of ``me`` before and after: passed over
        elif c.dead or o.dead:
            if c.dead and o.dead:
                continue  # dead before and after: passed over
        elif (
            (c.pos is o.pos or c.pos == o.pos)
            and (c.size is o.size or c.size.squares == o.size.squares)
            and (c.conditions is o.conditions or can_fight(c) is can_fight(o))
        ):
            continue  # an enemy the same where the survey looks
        return None
    near, foes, now = kept[3]
    return near, list(map(state.creatures.__getitem__, map(_ID, foes))), now


_KEPT: list[tuple[tuple[str, ...], list[Creature], Creature, tuple[list[str], list[Creature], int]]] = [
    ((), [], Creature(id="nobody"), ([], [], 0))
]
""":func:`_survey`'s last answer: the order and records it read, ``me``, and what it found (records
are immutable: holding them, no id of theirs is reused; no order is the empty one kept here)."""


def _survey_all(recs: list[Creature], me: Creature) -> tuple[list[str], list[Creature], int]:
    """:meth:`Options._enemies` of ``me`` among the creatures ``recs``, worked out in one pass."""
    side = me.side
    x, y, z = me.pos
    grow = me.size.squares - 1
    near: list[str] = []
    foes: list[Creature] = []
    now = _NO_FOE
    for c in recs:
        if c.side == side or c.dead:
            continue
        # distance(me.pos, me.n, c.pos, c.n), inline: this loop runs once a decision
        cx, cy, cz = c.pos
        if grow or c.size.squares != 1:
            cg = c.size.squares - 1
            d = max(0, cx - x - grow, x - cx - cg, cy - y - grow, y - cy - cg, cz - z - grow, z - cz - cg)
        else:  # two 1-cubes: the largest gap along an axis, either way (one call, no abs)
            d = max(cx - x, x - cx, cy - y, y - cy, cz - z, z - cz)
        if d <= MELEE_DISTANCE:
            near.append(c.id)
        if not c.conditions or not c.has(ConditionName.UNCONSCIOUS):
            foes.append(c)
            if d < now:
                now = d
    return near, foes, now if foes else 0


_NO_FOE = 1 << 62
"""More than any distance on a map: the survey's distance to the nearest foe before it finds one."""


_ID = operator.attrgetter("id")
_SIZE_KIND = operator.attrgetter("size.squares", "size.sub")


def _may_share_space(me: Creature, foes: Sequence[Creature]) -> bool:
    """Whether a foe is 2 or more sizes from ``me``, so that ``me`` may end in its space (DS-MOVE-04)."""
    if not foes:
        return False
    size = me.size
    kinds = set(map(_SIZE_KIND, foes))  # one pass in C
    kinds.add((size.squares, size.sub))
    if len(kinds) == 1:
        return False  # all of its size: no two sizes apart
    rank = size.rank
    ranks = [f.size.rank for f in foes]
    return max(ranks) - rank >= STOP_SIZE_GAP or rank - min(ranks) >= STOP_SIZE_GAP


def distance_to_nearest(pos: Pos, n: int, foes: Sequence[Creature]) -> int:
    """The distance (:func:`brawl.distance`) from an n-cube at ``pos`` to the nearest of ``foes``."""
    return min([distance(pos, n, f.pos, f.n) for f in foes])


def nearest_end(
    reach: Reachable, me: Creature, foes: Sequence[Creature], now: int, *, nearer_than: int | None = None
) -> tuple[Pos | None, int] | None:
    """:func:`closest_end` over the squares ``reach`` lets ``me`` end on but its start, in the order
    :func:`brawl.legal_moves` lists them (cheapest, then by square), read from the bit-set
    search's window instead of a list; None when the search kept no window (a fallback search).

    The same growing boxes as :func:`closest_end`, laid out in the window's own bits (rows of
    ``stride`` bits, levels of ``plane`` bits), ANDed with the end squares' bits: only the
    squares found at the least distance are decoded, to break ties by squares from the start, then
    cost, then square (the order of the list). With ``nearer_than``: ``(None, -1)`` as soon as
    no end is nearer a foe than that, for a caller that wants a square only if it is.
    """
    b = reach._backend
    if not isinstance(b, BitsetBackend):
        return None
    x0, y0, z0, cols, rows, levels, stride, plane = (
        b.x0,
        b.y0,
        b.z,
        b.cols,
        b.rows,
        b.levels,
        b.stride,
        b.plane,
    )
    ox, oy, oz = reach.origin
    ends = b.ends & ~(1 << ((oz - z0) * plane + (oy - y0) * stride + (ox - x0)))
    if not ends or not foes:
        return None, -1
    layout = (cols, rows, levels, stride, plane)
    # no end is farther from the start than the window's far edge, and a gap shrinks by at most
    # one a square: no end is nearer a foe than ``now`` less that, and every end is within ``now + far``
    far = max(ox - x0, x0 + cols - 1 - ox, oy - y0, y0 + rows - 1 - oy, oz - z0, z0 + levels - 1 - oz)

    # the least k with an end within k of a foe, up from the bound (it is seldom more than 2 above):
    # the squares within k + 1 are those within k grown by one square along each axis, in the
    # window, with the boxes that reach the window only at k + 1 added
    k = max(0, now - far)
    limit = now + far + 1 if nearer_than is None else nearer_than
    if k >= limit:
        return None, -1
    # each foe's box (_boxes) grown by k, in the window (within_boxes, written out: a box that reaches
    # the window by k, at the least distance ``entry`` at which grown by it it does, is not empty
    # there); the boxes that reach it only later kept by that distance, those that reach it only
    # at ``limit`` or further left out
    near = 0
    later: dict[int, list[Box]] = {}
    lo = me.size.squares - 1  # me.n - 1
    last_col, last_row, last_level = cols - 1, rows - 1, levels - 1
    for f in foes:
        x, y, z = f.pos
        hi = f.size.squares - 1  # f.n - 1
        if lo or hi:
            lx, hx, ly, hy, lz, hz = (
                x - lo - x0,
                x + hi - x0,
                y - lo - y0,
                y + hi - y0,
                z - lo - z0,
                z + hi - z0,
            )
        else:  # two 1-cubes: the foe's one square
            lx = hx = x - x0
            ly = hy = y - y0
            lz = hz = z - z0
        entry = max(lx - last_col, -hx, ly - last_row, -hy, lz - last_level, -hz)
        if entry > k:
            if entry < limit:
                later.setdefault(entry, []).append((lx, hx, ly, hy, lz, hz))
            continue
        c0, c1, r0, r1, l0, l1 = lx - k, hx + k, ly - k, hy + k, lz - k, hz + k
        if c0 < 0:
            c0 = 0
        if c1 > last_col:
            c1 = last_col
        if r0 < 0:
            r0 = 0
        if r1 > last_row:
            r1 = last_row
        bits = ((1 << (c1 + 1)) - (1 << c0)) * repeated(r1 - r0 + 1, stride) << (r0 * stride)
        if l0 < 0:
            l0 = 0
        if l1 > last_level:
            l1 = last_level
        if l1 > l0:
            bits *= repeated(l1 - l0 + 1, plane)
        near |= bits << (l0 * plane)
    found = near & ends
    if not found:
        masks = layout_masks(layout)
        while not found:
            k += 1
            if k >= limit:
                assert nearer_than is not None, "an end square lies beyond the window's far edge"
                return None, -1
            near = grown_by_one(near, masks, stride, plane)
            late = later.get(k)
            if late:
                near |= within_boxes(late, k, layout)
            found = near & ends
    # of the squares found, those fewest squares from the start: at least ``now - k`` (a step
    # brings it at most one nearer a foe), the squares within s of the start a box grown by s
    sx, sy, sz = ox - x0, oy - y0, oz - z0
    s = max(1, now - k)
    around = within_boxes([(sx, sx, sy, sy, sz, sz)], s, layout)
    tied = around & found
    if not tied:
        masks = layout_masks(layout)
        while not tied:
            s += 1
            around = grown_by_one(around, masks, stride, plane)
            tied = around & found
    if tied & (tied - 1):  # more than one: the cheapest, the search's squares of each cost in turn
        cost = 0
        at = b.at_cost(0)
        while not at & tied:
            cost += 1
            assert cost <= reach.budget, "a reached square has no cost"
            at = b.at_cost(cost)
        tied &= at
    best: Pos | None = None  # then the least square
    while tied:
        low = tied & -tied
        tied ^= low
        dz, r = divmod(low.bit_length() - 1, plane)
        dy, dx = divmod(r, stride)
        p = Pos(x0 + dx, y0 + dy, z0 + dz)
        if best is None or p < best:
            best = p
    return best, k


def greedy(state: Encounter, options: Sequence[Action]) -> Action:
    """Strike an adjacent enemy if possible, else step closer to the nearest enemy, else end the turn.

    Between turns it starts the first turn offered, or ends the round. A zone fight is played by
    :func:`brawl.zone.legal.zone_greedy`. The Director's resources come first
    (:func:`director_deed`), then a squad's attack, then an ability with a power roll that reaches
    enemies (and no ally), before any strike (:func:`pick_ability`). Given :class:`Options`, it asks
    only for the kinds it weighs; given a list, it picks from the list the same action.
    """
    if state.games and world(state) is not None:  # no game kept: no zone game
        return zone_greedy(state, options)
    view = options if isinstance(options, Options) else Options(state, options)
    if view._between:
        # between two Draw Steel turns no creature acts: no squad attack, ability, strike or move
        # is offered, only the villain actions, the turns that may start and ending the round
        deed = director_deed(state)
        if deed is not None:
            return deed
        starter = first_to_start(state, state.turn)  # type: ignore[arg-type]  # view._next_turn() in place
        if starter is not None:
            return _STARTS.get(starter) or _start_turn(starter)
        deed = view._round_end()
        return deed if deed is not None else view[0]
    acting = view._acting
    if acting is not None and view._all is None:
        return _creature_turn(state, view, acting)
    current = getattr(state.turn, "current", None)
    first = director_deed(state, view._all) or first_squad_attack(state, options)  # RB-SQUAD-15
    if first is not None:
        return first  # chosen before any ability: the abilities are not listed
    use = (
        best_use(state, view._acting)  # pick_ability of view.abilities(), checking fewer uses
        if view._all is None and view._acting is not None
        else pick_ability(state, view.abilities())
    )
    if use is not None:
        return with_surges(state, use)  # RB-SURGE-02
    strike = view.first_melee_free_strike()
    if strike is not None:
        return strike
    if current is not None:
        me = view._actor()
        foes, now = view.foes()
        # a move ends in no foe's space unless their sizes are 2 or more apart (DS-MOVE-04), so
        # otherwise every end is at least 1 from every foe: next to one, there is none nearer
        if now > 1 or (now == 1 and _may_share_space(me, foes)):
            best, near = view.nearest_destination(foes, now, nearer_than=now)
            if best is not None and near < now:
                return view.move_to(best)
    for kind in _TURN_FLOW:
        found = view.first(kind)
        if found is not None:
            return found
    return view[0]


def _creature_turn(state: Encounter, view: Options, acting: str) -> Action:
    """:func:`greedy` on the Draw Steel turn of ``acting``, of lazy options (:class:`Options`):
    the steps of its general path, in their order, each asked as the lazy options answer it."""
    first = director_deed(state)  # director_deed(state, view._all): none listed
    if first is not None:
        return first
    # Options._actor: the turn's creature is one of the encounter's (the turn state's own check)
    me = view._me = state.creatures[acting]
    if me.minion:  # first_squad_attack offers a minion's squad attacks alone (RB-SQUAD-15)
        first = first_squad_attack(state, view)
        if first is not None:
            return first  # chosen before any ability: the abilities are not listed
    if me.abilities and not me.dead:  # best_use finds no use of a dead creature or one without abilities
        use = best_use(state, acting)  # pick_ability of view.abilities(), checking fewer uses
        if use is not None:
            return with_surges(state, use)  # RB-SURGE-02
    recs = list(map(state.creatures.__getitem__, state.order))  # Options._enemies, unlisted
    if _main_spent(state.turn, acting):  # type: ignore[arg-type]  # _acting: Draw Steel's turn (no cast: a call)
        # no Free Strike (Options.first_melee_free_strike); after a strike on this turn, the
        # strike's own survey often stands
        survey = _recalled(state, me, recs) if _KEPT[0][2].id == acting else None
        if survey is None:
            survey = _survey_all(recs, me)  # kept only before a strike: not for this decision
    else:
        # the turn's first decision or one after a move: the survey kept is of another creature
        # or another place, not looked at
        survey = _survey_all(recs, me)
        strike = first_free_strike(state, acting, near=survey[0])
        if strike is not None:
            _KEPT[0] = (state.order, recs, me, survey)  # for the decision after the strike (_recalled)
            return strike
    _, foes, now = survey
    # a move ends in no foe's space unless their sizes are 2 or more apart (DS-MOVE-04), so
    # otherwise every end is at least 1 from every foe: next to one, there is none nearer
    if (
        (now > 1 or (now == 1 and _may_share_space(me, foes)))
        and not me.dead
        and not _no_nearer_left(state, me, recs, now)
    ):
        # Options.nearest_destination(foes, now, nearer_than=now), its lazy way: a dead creature
        # has no destination, nor one that can't move now (no search)
        reach = legal_reach(state, acting)
        if reach is not None:
            found = nearest_end(reach, me, foes, now, nearer_than=now)
            if found is None:  # a search with no window
                found = closest_end(me, foes, view.destinations(), now)
            best, nearest = found
            if best is not None and nearest < now:
                _MOVED[0] = (reach, state, recs, me, best, nearest)  # for _no_nearer_left
                return _advance_to(acting, best)  # Options.move_to
    return _END_TURN  # Options.first(EndTurn): ending the turn is offered on a creature's turn


_MOVED: list[tuple[Reachable, Encounter, list[Creature], Creature, Pos, int] | None] = [None]
"""The last move greedy chose on a creature's turn: the search it read, the state and the
records of its creatures, the mover, the square chosen and its distance to the nearest foe
(:func:`_no_nearer_left`)."""


def _no_nearer_left(state: Encounter, me: Creature, recs: list[Creature], now: int) -> bool:
    """Whether ``me``, on its Draw Steel turn, is where the last move greedy chose (:data:`_MOVED`)
    took it, with movement left and nothing else changed, so that no square that movement
    reaches is nearer a foe than ``now``: no search is needed to know it.

    The search before that move found the square chosen the nearest a foe of all it reached
    (``now`` from it, less than from its start). Every square a move from there reaches with the
    movement left, no more than that search's points less the square's cost, the same search
    reached on the way through it: its steps' costs add up, and no step rule reads the turn, the
    round or the dice, only the map, the objects and the creatures (R-MOVE-1, R-MOVE-2), which
    are the very records it read, the mover's but for its square. So none is nearer a foe than
    ``now``. ``recs``: the records of ``state``'s creatures, in order."""
    kept = _MOVED[0]
    if kept is None:
        return False
    reach, searched, old, old_me, best, nearest = kept
    if (
        me.id != old_me.id
        or me.pos != best
        or now != nearest
        or state.order is not searched.order
        or state.terrain is not searched.terrain
        or state.objects is not searched.objects
    ):
        return False
    left = state.turn.economy.movement_left  # type: ignore[union-attr]  # its Draw Steel turn's
    if left <= 0 or left > reach.budget - _cost(reach, best):
        return False  # a fresh move action's speed, or more than the search's points left
    for i in compress(count(), map(is_not, recs, old)):  # the creatures whose records changed
        if recs[i] is not me:
            return False
    # the mover the same but for its square: every field compared, as its equality does
    return _BUT_POS(me) == _BUT_POS(old_me)


_BUT_POS = operator.attrgetter(*(f.name for f in attrs.fields(Creature) if f.name != "pos"))
"""A creature's fields but its square, as a tuple (in C, no copy of the record)."""


def _cost(reach: Reachable, square: Pos) -> int:
    """``reach.cost(square)`` for a square it reaches, read from the bit-set search's layers of
    each cost in turn, cheapest first (no plane decoded), when it kept them."""
    b = reach._backend
    if not isinstance(b, BitsetBackend):
        return reach.cost(square)
    bit = 1 << ((square.z - b.z) * b.plane + (square.y - b.y0) * b.stride + (square.x - b.x0))
    cost = 0
    while not b.at_cost(cost) & bit:
        cost += 1
        assert cost <= reach.budget, "a reached square has no cost"
    return cost


_COPY_ADVANCE = copier(AdvanceTo)
_ADVANCE = AdvanceTo("creature", Pos(0, 0, 0))


def _advance_to(creature: str, destination: Pos) -> AdvanceTo:
    """``AdvanceTo(creature, destination)`` for the id of the creature whose turn it is (a string)
    and one of its destinations (a :class:`Pos`): what the record's own checks ask of them. A
    draft copy (:func:`brawl.fields.copier`)."""
    out = _COPY_ADVANCE(_ADVANCE)
    out.creature = creature
    out.destination = destination
    out.__class__ = AdvanceTo
    return out  # type: ignore[no-any-return]  # the draft, now an AdvanceTo; no cast on a hot path
