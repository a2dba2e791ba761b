"""The turn-system interface, the registry of systems and the helpers every system shares.

A turn system keeps its bookkeeping in a frozen :class:`~brawl.state.TurnState` subclass stored
in ``Encounter.turn``; the round number is ``Encounter.round``. The functions that dispatch to
the system in play live in :mod:`brawl.turns.dispatch`.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

from brawl.errors import ArgumentTypeError, InvalidArgumentError, TurnOrderError, shown
from brawl.events.turns import CombatEnded
from brawl.outcome import Outcome
from brawl.requests import Action
from brawl.state import Encounter, TurnState


@runtime_checkable
class TurnSystem(Protocol):
    """What a turn system provides. Each method is a pure rule over the encounter.

    The methods take the encounter and the creature; a system adds its own choices as explicit
    keyword parameters (Draw Steel's ``saving_throws``, the zone game's ``sprint``...). Each
    ``verify_x`` raises what ``x`` would refuse, by cheap checks alone.
    """

    @property
    def name(self) -> str:
        """The name :func:`start_combat` accepts: "drawsteel", "zone", "initiative"."""
        ...

    @property
    def state_type(self) -> type[TurnState]:
        """The class of the bookkeeping it stores in ``Encounter.turn``."""
        ...

    def verify_start(self, state: Encounter) -> object:
        """Raise if combat may not start under this system with these choices."""
        ...

    def start(self, state: Encounter) -> Outcome:
        """Start combat: set up the bookkeeping, round 1."""
        ...

    def next_actors(self, state: Encounter) -> dict[str, tuple[str, ...]]:
        """Who may start a turn now, by side, each sorted."""
        ...

    def verify_start_turn(self, state: Encounter, creature: str) -> object:
        """Raise :class:`TurnOrderError` if the creature may not start a turn now."""
        ...

    def start_turn(self, state: Encounter, creature: str) -> Outcome:
        """Start a creature's turn."""
        ...

    def verify_end_turn(self, state: Encounter) -> object:
        """Raise if no turn can end now."""
        ...

    def end_turn(self, state: Encounter) -> Outcome:
        """End the current turn."""
        ...

    def verify_end_round(self, state: Encounter) -> object:
        """Raise if the round may not end now."""
        ...

    def end_round(self, state: Encounter) -> Outcome:
        """End the round once nobody is left to act, and start the next."""
        ...

    def verify_action(self, state: Encounter, creature: str, kind: str) -> object:
        """Raise if the creature may not use this kind of action now."""
        ...

    def use_action(self, state: Encounter, creature: str, kind: str) -> Outcome:
        """Spend an action."""
        ...

    def spend_movement(self, state: Encounter, creature: str, squares: int) -> Outcome:
        """Spend part of the movement granted this turn."""
        ...

    def spends(self, state: Encounter, creature: str, cost: str) -> str | None:
        """The kind of this system's action that a rule call costing ``cost`` takes from ``creature``
        now (``"movement"``: the movement of its move), or None when the call spends nothing here;
        raises the :class:`~brawl.errors.RulesError` of a call ``creature`` may not make now."""
        ...

    def end_combat(self, state: Encounter) -> Outcome:
        """What the system ends when combat ends (the turn state is cleared by the caller)."""
        ...

    def legal_actions(self, state: Encounter, creature: str | None = None) -> list[Action]:
        """The turn-structure requests open now (out of combat: starting it), each verified."""
        ...


S = TypeVar("S", bound=TurnSystem)
_BY_NAME: dict[str, TurnSystem] = {}
_BY_STATE: dict[type[TurnState], TurnSystem] = {}


def system_names() -> frozenset[str]:
    """The names of the registered turn systems."""
    return frozenset(_BY_NAME)


def register_system(system: S) -> S:
    """Make a turn system known by its name, and by its bookkeeping's class if that is new."""
    if not isinstance(system, TurnSystem):
        raise InvalidArgumentError(f"turn system {system!r}: lacks the TurnSystem methods", rule=())
    _BY_NAME[system.name] = system
    _BY_STATE.setdefault(system.state_type, system)
    return system


def chosen_system(system: str | TurnSystem) -> TurnSystem:
    """The system to start combat under: a registered name, or a system object (registered if new)."""
    if isinstance(system, str):
        return system_named(system)
    if not isinstance(system, TurnSystem):
        raise InvalidArgumentError(f"turn system {system!r}: lacks the TurnSystem methods", rule=())
    if system.state_type not in _BY_STATE:
        register_system(system)
    return system


def system_name(system: str | TurnSystem) -> str:
    """Field converter: the name a turn system is registered under, given its name or the system.

    A system object not registered yet is registered (:func:`register_system`); one whose name is
    registered for another system is refused. A name is kept as given: an unknown one is refused
    when the system is looked up (:func:`system_named`).
    """
    if isinstance(system, str):
        return system
    if not isinstance(system, TurnSystem):
        raise ArgumentTypeError(
            f"system {shown(system)}: expected a turn system's name or a TurnSystem, "
            f"got {type(system).__name__}",
            rule=(),
        )
    known = _BY_NAME.get(system.name)
    if known is None or system.state_type not in _BY_STATE:
        register_system(system)
    elif known != system:
        raise InvalidArgumentError(
            f"turn system {system!r}: the name {system.name!r} is another system's; register_system it first",
            rule=(),
        )
    return system.name


def verify_no_combat(state: Encounter) -> None:
    """Raise :class:`TurnOrderError` if combat is already running (DS-END-01)."""
    if state.turn is not None:
        raise TurnOrderError("start combat: combat is already running; end it first", rule="DS-END-01")


VERBS = {"start": "start_combat", "verify_start": "start_combat", "verify_action": "use_action"}
"""The public verb of a system method whose name is not the verb itself (``verify_x``: ``x``)."""

_OPTIONS: dict[tuple[type, str], frozenset[str] | None] = {}


def options_of(system: TurnSystem, method: str) -> frozenset[str] | None:
    """The keyword options the system's ``method`` takes (None: any, it takes ``**kwargs``).

    Read once per class and method from the method's signature: each system's choices are its
    methods' keyword-only parameters.
    """
    key = (type(system), method)
    if key not in _OPTIONS:
        params = inspect.signature(getattr(system, method)).parameters.values()
        if any(p.kind is p.VAR_KEYWORD for p in params):
            _OPTIONS[key] = None
        else:
            _OPTIONS[key] = frozenset(p.name for p in params if p.kind is p.KEYWORD_ONLY)
    return _OPTIONS[key]


def check_options(system: TurnSystem, method: str, choices: Mapping[str, object]) -> None:
    """Raise :class:`~brawl.errors.ArgumentTypeError` for a choice the system's ``method`` does
    not take: another system's option (``opener`` is the zone game's) or no option at all.

    The message names the option, the system in play and the options it does take. Like an
    unexpected keyword argument in Python, it is a :class:`TypeError`, and as an
    :class:`~brawl.errors.InvalidArgumentError` a :class:`~brawl.errors.RulesError` too.
    """
    if not choices:
        return
    taken = options_of(system, method)
    if taken is None:
        return
    for option, value in choices.items():
        if option not in taken:
            verb = VERBS.get(method, method.removeprefix("verify_"))
            others = f"takes {', '.join(sorted(taken))}" if taken else "takes no options"
            raise ArgumentTypeError(
                f"{verb}({option}={shown(value)}): the {system.name} turn system takes no option "
                f"{option!r}; its {verb} {others}",
                rule=(),
            )


def call(system: TurnSystem, method: str, state: Encounter, *args: Any, **choices: Any) -> Any:
    """``system.method(state, *args, **choices)``, its choices checked first (:func:`check_options`)."""
    if choices:
        check_options(system, method, choices)
    return getattr(system, method)(state, *args, **choices)


def close_combat(state: Encounter, **choices: Any) -> Outcome:
    """End combat: the system's end-of-combat effects, then the turn state is cleared (DS-END-01)."""
    out: Outcome = call(system_of(state), "end_combat", state, **choices)
    return out.add(
        CombatEnded(round=state.round, rules=("DS-END-01",)), state=out.state.with_turn(None, round=0)
    )


def system_named(name: str) -> TurnSystem:
    """The registered turn system of this name."""
    found = _BY_NAME.get(name) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(sorted(_BY_NAME))
        raise InvalidArgumentError(f"turn system {name!r}: not one of {known}", rule=())
    return found


def system_of(state: Encounter) -> TurnSystem:
    """The turn system running this encounter, or :class:`TurnOrderError` out of combat."""
    try:
        return _BY_STATE[type(state.turn)]  # type: ignore[index]  # None's type is no key: refused below
    except KeyError:
        pass
    turn = state.turn
    if turn is None:
        raise TurnOrderError("no combat is running: call start_combat first", rule="DS-SIDE-04")
    raise TurnOrderError(f"turn state {type(turn).__name__}: no turn system runs it", rule=())


def check_ids(state: Encounter, ids: Iterable[str], what: str) -> tuple[str, ...]:
    """The ids as a tuple, each checked to name a creature of the encounter."""
    if isinstance(ids, str):
        raise InvalidArgumentError(f"{what} {ids!r}: give a collection of creature ids", rule=())
    try:
        items = tuple(ids)
    except TypeError:
        raise InvalidArgumentError(f"{what} {ids!r}: give a collection of creature ids", rule=()) from None
    for cid in items:
        state.creature(cid)
    return tuple(dict.fromkeys(items))
