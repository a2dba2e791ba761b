"""The text notation of actions (brawl.notation): every legal action reads back as itself, the
forms of its values, and every malformed or unknown text refused naming it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import brawl
import brawl.strategies as bst
from brawl import notation
from brawl.__main__ import main
from brawl.actions import (
    Action,
    AdvanceTo,
    Damage,
    EndTurn,
    FreeStrike,
    Move,
    Push,
    Search,
    StartCombat,
    TakeAction,
)
from brawl.cli import EXIT_ERROR, EXIT_REFUSED
from brawl.rules.abilities import UseAbility
from brawl.scenario import bundled_zone_scenarios
from brawl.turns.deeds import rule_name

SCENARIOS = (*brawl.bundled_scenarios(), *bundled_zone_scenarios())
SYSTEMS = (None, "initiative")
"""The Draw Steel maps are played under Draw Steel's turns and the initiative game's; the zone
scenarios under the zone game's."""


def _bridge() -> brawl.Encounter:
    return brawl.load_scenario(brawl.bundled_scenario("bridge"))


def _round_trip_along(enc: brawl.Encounter, system: str | None, seed: int, steps: int) -> int:
    """Play ``steps`` random legal actions; at every state each legal action reads back as itself.
    The number of actions checked."""
    rnd = random.Random(seed)
    checked = 0
    for _ in range(steps + 1):
        found = brawl.legal_actions(enc, system=system)
        for action in found:
            text = notation.format(action)
            assert notation.parse(text, enc) == action, text
            assert "\n" not in text
        checked += len(found)
        if not found:
            break
        enc = brawl.apply(enc, rnd.choice(found)).state
    return checked


@given(
    scenario=st.sampled_from(SCENARIOS),
    system=st.sampled_from(SYSTEMS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 25),
)
def test_every_legal_action_of_the_bundled_scenarios_reads_back_as_itself(
    scenario: str, system: str | None, seed: int, steps: int
) -> None:
    """parse(format(a), state) == a for every legal action along random fights of the bundled
    scenarios, Draw Steel's and the initiative game's turns on the grid maps, the zone game's on
    its own."""
    enc = brawl.load_scenario(brawl.bundled_scenario(scenario))
    if scenario in bundled_zone_scenarios():
        system = None
    assert _round_trip_along(enc, system, seed, steps) > 0


@given(enc=bst.encounters(min_creatures=2, max_creatures=4), seed=st.integers(0, 2**32))
def test_every_legal_action_of_random_encounters_reads_back_as_itself(
    enc: brawl.Encounter, seed: int
) -> None:
    """The same on random encounters (random maps, creatures and conditions), Draw Steel's turns."""
    _round_trip_along(enc, None, seed, 12)


def test_the_three_games_are_all_covered_by_one_seeded_run() -> None:
    """Along a seeded fight each game's own records appear (zone attacks, the initiative game's
    actions, Draw Steel's wrapped main actions), and all read back."""
    seen: set[str] = set()
    for scenario, system in (("bridge", None), ("bridge", "initiative"), ("zone_ambush", None)):
        enc = brawl.load_scenario(brawl.bundled_scenario(scenario))
        rnd = random.Random(7)
        for _ in range(60):
            found = brawl.legal_actions(enc, system=system)
            if not found:
                break
            for a in found:
                assert notation.parse(notation.format(a), enc) == a
                seen.add(type(a.action if isinstance(a, TakeAction) else a).__name__)
            enc = brawl.apply(enc, rnd.choice(found)).state
    assert {"ZoneMove", "StartInitiativeCombat", "UseAction", "FreeStrike", "AdvanceTo"} <= seen


# --- the forms ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "text"),
    [
        (AdvanceTo("kira", (9, 4, 0)), "kira go 9,4"),
        (AdvanceTo("kira", (9, 4, 2)), "kira go 9,4,2"),
        (TakeAction("main", FreeStrike("kira", "ogre")), "kira strike ogre (main)"),
        (TakeAction("main", FreeStrike("kira", "ogre", ranged=True)), "kira strike ogre ranged=true (main)"),
        (Move("kira", ((1, 1, 0), (2, 2, 0))), "kira move 1,1>2,2"),
        (Push("ogre", "talia", 2, direction=(-1, -1, 0)), "push ogre talia 2 direction=-1,-1"),
        (Push((1, 2, 0), "talia", 2), "push 1,2 talia 2"),
        (Damage("ogre", 12, type="fire"), "damage ogre 12 fire"),
        (EndTurn(), "end_turn"),
        (EndTurn(saving_throws=(None, 4)), "end_turn -,4"),
        (StartCombat(first_side="heroes"), "start_combat first_side=heroes"),
        (UseAbility("kira", "Gale Blast", ("ogre",), dice=(6, 5)), 'kira use "Gale Blast" ogre 6,5'),
        (Search("kira", rolls={"ogre": (3, 4)}), 'kira search {"ogre":[3,4]}'),
    ],
)
def test_forms_of_the_values(action: Action, text: str) -> None:
    """Positions x,y[,z], paths joined by >, words bare or quoted, flags by name, defaults left
    out, a map as JSON, a TakeAction's part of the turn in parentheses; each reads back."""
    assert notation.format(action) == text
    assert notation.parse(text, _bridge()) == action


def test_several_actions_share_their_actor() -> None:
    """Clauses joined by ; and the actor of the clause before carried over."""
    actions = [AdvanceTo("kira", (9, 4, 0)), TakeAction("main", FreeStrike("kira", "ogre")), EndTurn()]
    text = notation.format_all(actions)
    assert text == "kira go 9,4; strike ogre (main); end_turn"
    assert notation.parse_all(text, _bridge()) == actions
    assert notation.parse_all("kira advance 9,4; strike ogre", _bridge()) == [
        brawl.actions.Advance("kira", ((9, 4, 0),)),
        FreeStrike("kira", "ogre"),
    ]


def test_ids_that_need_quotes_and_an_actor_named_like_a_verb() -> None:
    """An id with a space, a sign or a leading digit is written as a JSON string; a creature whose
    id is a verb still acts first; a ; inside a string is no separator."""
    enc = _bridge()
    for old, new in (("kira", "strike"), ("talia", "the ogre; 2")):
        pos = enc.creature(old).pos
        enc = enc.without_creature(old).with_creature(brawl.Creature(new, pos=pos, side="heroes"))
    a = FreeStrike("strike", "the ogre; 2")
    assert notation.format(a) == 'strike strike "the ogre; 2"'
    assert notation.parse(notation.format(a), enc) == a
    assert notation.parse_all('strike strike "the ogre; 2"; end_turn', enc) == [a, EndTurn()]
    b = Damage("1", 3)
    assert notation.format(b) == 'damage "1" 3'


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("kira fly 1,1", "'fly' is no verb"),
        ("kira go x", "destination 'x': a position"),
        ("kira go 1,1 2,2", "one too many"),
        ("go 1,1", "go needs its creature first"),
        ("push ogre", "push needs target, distance"),
        ("kira go 1,1 foo=2", "go has no field 'foo'"),
        ("", "empty"),
        ("kira strike ogre (main", "ranged '(main'"),
        ('kira use "Gale', "bad JSON"),
        ("kira end_turn", "names no creature first"),
        ("kira go 1,1; end_turn", "one action is needed"),
        ("kira go destination=1,1 destination=2,2", "given twice"),
        ("kira go destination=1,1 2,2", "by position after a field=value"),
        ("kira strike ogre dice=7", "dice"),
    ],
)
def test_malformed_texts_are_refused_naming_them(text: str, says: str) -> None:
    """Each malformed text is an InvalidArgumentError (a RulesError) naming the text and the fault."""
    with pytest.raises(brawl.InvalidArgumentError) as caught:
        notation.parse(text, _bridge())
    assert says in str(caught.value)
    assert repr(text) in str(caught.value)


def test_an_unknown_creature_is_refused_naming_the_text_and_the_closest_id() -> None:
    with pytest.raises(brawl.UnknownCreatureError) as caught:
        notation.parse("kiar go 1,1", _bridge())
    assert "'kiar go 1,1'" in str(caught.value)
    assert "kira" in str(caught.value)


def test_wrong_types_are_argument_type_errors() -> None:
    with pytest.raises(brawl.ArgumentTypeError):
        notation.format("kira go 1,1")  # type: ignore[arg-type]
    with pytest.raises(brawl.ArgumentTypeError):
        notation.parse(AdvanceTo("kira", (1, 1, 0)), _bridge())  # type: ignore[arg-type]
    with pytest.raises(brawl.ArgumentTypeError):
        notation.parse("end_turn", None)  # type: ignore[arg-type]


def test_every_verb_is_a_record_and_the_aliases_name_no_other_record() -> None:
    found = notation.verbs()
    assert found["go"] is AdvanceTo
    assert found["advance_to"] is AdvanceTo
    assert found["strike"] is FreeStrike
    assert found["use"] is UseAbility
    names = {rule_name(k) for k in Action.registry.values()}
    assert not set(notation.ALIASES) & names


# --- the command line ------------------------------------------------------------------------------
def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_brawl_legal_prints_the_actions_in_the_notation(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "legal", "bridge", "--notation")
    assert status == 0
    assert out.splitlines() == [notation.format(a) for a in brawl.legal_actions(_bridge())]
    assert out.splitlines() == ["start_combat first_side=heroes", "start_combat first_side=director"]


def test_brawl_apply_reads_the_notation_and_echoes_each_action(capsys: pytest.CaptureFixture[str]) -> None:
    """Each clause is echoed before its events, which are those of applying the parsed actions."""
    text = "start_combat first_side=heroes; kira start_turn; go 4,4"
    status, out, _ = _run(capsys, "apply", "bridge", text)
    assert status == 0
    enc = _bridge()
    want: list[str] = []
    for action in notation.parse_all(text, enc):
        enc, events = brawl.apply(enc, action)
        want += [f"> {notation.format(action)}", brawl.explain(events, rules=False)]
    assert out == "\n".join(want) + "\n"
    assert out.startswith("> start_combat first_side=heroes\ncombat starts")


def test_brawl_apply_prints_an_action_log_in_the_notation(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An action log of several actions (JSON) prints as the notation's text does: each action in
    the notation, then its events, the fight read as it went."""
    enc = _bridge()
    fight = notation.parse_all("start_combat first_side=heroes; kira start_turn; go 4,4; end_turn", enc)
    log = tmp_path / "log.json"
    log.write_text(brawl.actions_to_json(fight), encoding="utf-8")
    status, out, _ = _run(capsys, "apply", "bridge", str(log))
    assert status == 0
    lines = out.splitlines()
    assert [line for line in lines if line.startswith("> ")] == [
        "> start_combat first_side=heroes",
        "> kira start_turn",
        "> kira go 4,4",
        "> end_turn",
    ]
    want: list[str] = []
    for action in fight:
        enc, events = brawl.apply(enc, action)
        want += [f"> {notation.format(action)}", brawl.explain(events, rules=False)]
    assert out == "\n".join(line for line in want if line) + "\n"


def test_brawl_apply_refuses_a_malformed_text_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "apply", "bridge", "kira fly 1,1")
    assert (status, out) == (EXIT_ERROR, "")
    assert "kira fly 1,1: no such file, and not an action in the notation" in err
    assert "'fly' is no verb" in err


def test_brawl_apply_prints_what_came_before_a_refused_action(capsys: pytest.CaptureFixture[str]) -> None:
    """The actions before the refused one are echoed with their events; the refusal names its rule."""
    status, out, err = _run(capsys, "apply", "bridge", "start_combat first_side=heroes; end_turn")
    assert status == EXIT_REFUSED
    assert out.startswith("> start_combat first_side=heroes\n")
    assert "DS-SIDE-08" in err


def test_the_text_observation_without_the_agents_extra() -> None:
    """The state in lines and the actions numbered in the notation; each numbered clause reads
    back as the action it lists."""
    enc = _bridge()
    text = notation.text_observation(enc, "heroes")
    assert text.splitlines()[:3] == ["Out of combat.", "You play the heroes side.", "Creatures:"]
    assert "  kira [heroes] at 2,2: Stamina 30/30" in text
    listed = text.split("Actions:\n", 1)[1].splitlines()
    assert [line.split(": ", 1)[1] for line in listed] == [
        notation.format(a) for a in brawl.legal_actions(enc)
    ]
    assert notation.text_observation(enc, actions=[]).endswith("Actions: none now.")


PIECES = st.sampled_from(
    [
        "kira",
        "ogre",
        "go",
        "strike",
        "use",
        "push",
        "end_turn",
        "search",
        "1,2",
        "-1,-2,3",
        "1,1>2,2",
        "-",
        "true",
        '"a b"',
        "(main)",
        "x=1",
        "destination=1,1",
        '{"a":1}',
        "[1,2]",
        ";",
        "(",
        '"',
        "=",
        "9999999999999999999999,1",
        "dice=7,8",
        "ranged=yes",
        "rolls={}",
    ]
)


@given(st.one_of(st.text(max_size=30), st.lists(PIECES, max_size=7).map(" ".join)))
def test_any_text_is_an_action_that_reads_back_or_a_rules_error(text: str) -> None:
    """Arbitrary text and shuffled pieces of the notation: parse_all either reads actions whose
    own text reads back as them, or raises a RulesError, never another exception."""
    enc = _bridge()
    try:
        actions = notation.parse_all(text, enc)
    except brawl.RulesError:
        return
    assert notation.parse_all(notation.format_all(actions), enc) == actions
