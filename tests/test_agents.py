"""The environments of brawl.agents: PettingZoo's API test, Gymnasium's checker, the encoding
against the state read directly, the options and their order, rewards, and a random agent that
plays by the mask. Skipped when the ``agents`` extra (PettingZoo, Gymnasium, numpy) is absent."""

from __future__ import annotations

import tomllib
import warnings
from pathlib import Path
from typing import Any

import attrs
import pytest

import brawl
from brawl import notation
from brawl.actions import AdvanceTo, Disengage, EndTurn, FreeStrike, TakeAction, legal_actions
from brawl.conditions import ConditionName
from brawl.rules.jumping import Jump

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium import spaces  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from brawl.agents import BrawlEnv, BrawlGymEnv, Match  # noqa: E402
from brawl.agents.encode import CONDITIONS, CREATURE_FEATURES, TERRAIN_CHANNELS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def scenario(name: str) -> brawl.Encounter:
    return brawl.load_scenario(brawl.bundled_scenario(name))


def _quiet_api_test(env: BrawlEnv, cycles: int) -> None:
    with warnings.catch_warnings():  # its advice (agent names, dict observations) is not a failure
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=cycles)


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("bridge", {}),
        ("tavern", {"agents": "side"}),
        ("bridge", {"system": "initiative"}),
        ("zone_ambush", {}),
    ],
)
def test_pettingzoo_api_test_passes(name: str, options: dict[str, Any]) -> None:
    """PettingZoo's own API test: one agent a creature or a side, Draw Steel's, the initiative
    game's and the zone game's turns."""
    _quiet_api_test(BrawlEnv(scenario(name), **options), 15)


@pytest.mark.parametrize("name", ["bridge", "zone_ambush"])
def test_gymnasium_check_env_passes(name: str) -> None:
    with warnings.catch_warnings():  # the checker's advice to make environments through gym.make
        warnings.simplefilter("ignore")
        check_env(BrawlGymEnv(scenario(name)), skip_render_check=True)


def test_the_extras() -> None:
    """The ``agents`` extra holds the three libraries; the test extra pulls it in."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"
    ]
    assert {r.split(">")[0] for r in extras["agents"]} == {"pettingzoo", "gymnasium", "numpy"}
    assert "brawl[agents]" in extras["test"]


# --- the options ---------------------------------------------------------------------------------
def test_the_options_are_the_creatures_legal_actions_end_first_moves_last() -> None:
    """On kira's turn the options are brawl.legal_actions' of kira: ending the turn at index 0,
    then its other actions, then its moves (to a square, jumps, Disengage), each group in that
    function's order; the mask marks exactly that many indices, and no one else's."""
    env = BrawlEnv(scenario("bridge"))
    env.reset(seed=1)
    assert env.agent_selection == "kira"  # the heroes go first; kira's turn starts by itself
    state = env.state_now
    found = [a for a in legal_actions(state) if notation.actor_of(a) == "kira" or isinstance(a, EndTurn)]
    options = env.options
    assert sorted(map(notation.format, options)) == sorted(map(notation.format, found))
    assert isinstance(options[0], EndTurn)
    moving = [
        isinstance(a, AdvanceTo | Jump) or (isinstance(a, TakeAction) and isinstance(a.action, Disengage))
        for a in options
    ]
    first_move = moving.index(True)
    assert all(moving[first_move:])
    assert not any(moving[1:first_move])
    assert [a for a in found if a in options[1:first_move]] == options[1:first_move]
    assert [a for a in found if a in options[first_move:]] == options[first_move:]
    mask = env.observe("kira")["action_mask"]
    assert mask.tolist() == [1] * len(found) + [0] * (env.layout.max_actions - len(found))
    assert env.observe("talia")["action_mask"].sum() == 0


def test_past_the_maximum_the_farthest_moves_are_left_out() -> None:
    """With room for 8 options the first 8 of the whole list are offered: ending the turn, the
    other actions, the cheapest moves."""
    small = BrawlEnv(scenario("bridge"), max_actions=8)
    small.reset(seed=1)
    whole = BrawlEnv(scenario("bridge"))
    whole.reset(seed=1)
    assert len(whole.options) > 20
    assert small.options == whole.options[:8]
    assert isinstance(small.options[-1], AdvanceTo)
    assert small.observe("kira")["action_mask"].tolist() == [1] * 8


def test_an_index_the_mask_refuses_changes_nothing_or_raises_when_strict() -> None:
    env = BrawlEnv(scenario("bridge"), invalid_reward=-0.5)
    env.reset(seed=1)
    before = env.state_now
    env.step(env.layout.max_actions - 1)
    assert env.state_now is before
    assert env.rewards["kira"] == -0.5
    assert env.agent_selection == "kira"
    strict = BrawlEnv(scenario("bridge"), strict=True)
    strict.reset(seed=1)
    with pytest.raises(brawl.InvalidArgumentError, match="kira has"):
        strict.step(strict.layout.max_actions - 1)


def test_one_agent_a_side_chooses_whose_turn_starts() -> None:
    """With one agent a side, starting a turn is the side's choice (DS-SIDE-07): the heroes' agent
    is offered the start of each hero's turn."""
    env = BrawlEnv(scenario("bridge"), agents="side")
    env.reset(seed=1)
    assert env.possible_agents == ["heroes", "director"]
    assert env.agent_selection == "heroes"
    assert [notation.format(a) for a in env.options] == ["kira start_turn", "talia start_turn"]


# --- the encoding -------------------------------------------------------------------------------------
def test_the_observation_reads_the_state() -> None:
    """Each creature row and terrain plane against the state read directly: position, Stamina,
    conditions, whose turn; a solid cell under kira on the ground level."""
    enc = scenario("bridge")
    ogre = enc.creature("ogre")
    enc = enc.with_creature(attrs.evolve(ogre, stamina=45))
    env = BrawlEnv(enc)
    env.reset(seed=1)
    state = env.state_now
    lay = env.layout
    vector = env.observe("kira")["observation"]
    parts = {name: vector[s].reshape(shape) for name, (s, shape) in lay.parts().items()}
    rows = parts["creatures"]
    col = {name: i for i, name in enumerate(CREATURE_FEATURES)}
    assert lay.creatures == ("kira", "talia", "ogre", "goblin-1", "goblin-2")
    kira, ogre_row = rows[0], rows[2]
    assert kira[col["self"]] == 1.0
    assert kira[col["acting"]] == 1.0
    assert ogre_row[col["ally"]] == 0.0
    assert rows[1][col["ally"]] == 1.0
    assert ogre_row[col["stamina"]] == pytest.approx(45 / 60)
    assert ogre_row[col["x"]] == pytest.approx(13 / (lay.width - 1))
    assert kira[col["x"]] == pytest.approx(state.creature("kira").pos.x / (lay.width - 1))
    assert [kira[col[c]] for c in CONDITIONS] == [0.0] * len(CONDITIONS)
    assert parts["turn"].tolist()[:3] == [pytest.approx(1 / 10), 1.0, 1.0]
    ground = lay.levels.index(-1) * len(TERRAIN_CHANNELS)
    x, y, _ = state.creature("kira").pos
    assert parts["terrain"][ground, y, x] == float(state.terrain.cell((x, y, -1)).solid) == 1.0
    assert vector.dtype == np.float32
    space = env.observation_space("kira")
    assert isinstance(space, spaces.Dict)
    assert space["observation"].contains(vector)


def test_a_condition_sets_its_column() -> None:
    enc = scenario("bridge")
    enc, _ = brawl.apply(enc, brawl.actions.AddCondition("talia", "prone"))
    m = Match(enc)
    m.reset(seed=1)
    rows = m.observe("kira")[m.layout.parts()["creatures"][0]].reshape(m.layout.parts()["creatures"][1])
    column = CREATURE_FEATURES.index(ConditionName.PRONE.value)
    assert rows[1][column] == 1.0
    assert rows[0][column] == 0.0


# --- rewards --------------------------------------------------------------------------------------------
def _next_to_the_ogre() -> brawl.Encounter:
    enc = scenario("bridge")
    kira = enc.creature("kira")
    return enc.with_creature(attrs.evolve(kira, pos=brawl.Pos(12, 4, 0)))


def _strike_on_the_ogre(env: BrawlEnv) -> int:
    return next(
        i
        for i, a in enumerate(env.options)
        if isinstance(a, TakeAction)
        and isinstance(a.action, FreeStrike)
        and a.action.target == "ogre"
        and not a.action.ranged
    )


def test_damage_dealt_earns_the_damage_reward() -> None:
    """Kira's Free Strike on the ogre earns 0.1 a Stamina it took, read from the ogre's Stamina."""
    env = BrawlEnv(_next_to_the_ogre(), damage_reward=0.1)
    env.reset(seed=5)
    before = env.state_now.creature("ogre").stamina
    env.step(_strike_on_the_ogre(env))
    taken = before - env.state_now.creature("ogre").stamina
    assert taken > 0
    assert env.rewards["kira"] == pytest.approx(0.1 * taken)
    assert env.rewards["talia"] == 0.0


def test_the_side_left_standing_wins() -> None:
    """Once one side stands alone every agent is terminated, its own with +1, the others -1."""
    enc = _next_to_the_ogre()
    for cid in ("goblin-1", "goblin-2"):
        enc = enc.without_creature(cid)
    ogre = enc.creature("ogre")
    enc = enc.with_creature(attrs.evolve(ogre, stamina=1))
    env = BrawlEnv(enc)
    env.reset(seed=5)
    env.step(_strike_on_the_ogre(env))
    assert env.match.winner == "heroes"
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {"kira": 1.0, "talia": 1.0, "ogre": -1.0}


# --- agents that play ------------------------------------------------------------------------------------
def play_randomly(env: BrawlEnv, seed: int) -> int:
    """A random agent that picks among the indices its mask allows, to the fight's end; the
    number of decisions it made."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    decisions = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        choice = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        assert notation.parse(notation.format(env.options[choice]), env.state_now) == env.options[choice]
        env.step(choice)
        decisions += 1
        assert agent in env.possible_agents
    return decisions


def test_a_random_agent_with_the_mask_plays_a_fight_to_its_end() -> None:
    env = BrawlEnv(scenario("bridge"), max_rounds=3)
    assert play_randomly(env, 3) > 10
    assert env.agents == []
    assert env.match.terminated or env.match.truncated


def test_the_gym_learner_against_the_greedy_policy() -> None:
    """The learner plays the heroes by the mask; the director's creatures move and strike by the
    greedy policy in between; the episode ends terminated or truncated."""
    env = BrawlGymEnv(scenario("bridge"), max_rounds=4)
    obs, info = env.reset(seed=2)
    assert env.observation_space.contains(obs)
    rng = np.random.default_rng(2)
    done = False
    steps = 0
    while not done:
        mask = env.action_masks()
        assert info["action_mask"].tolist() == mask.tolist()
        assert env.match.agent == "heroes"
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        done = terminated or truncated
        steps += 1
    assert steps > 5
    assert env.match.state.round > 1


def test_the_text_observation_lists_the_options_by_index() -> None:
    env = BrawlEnv(scenario("bridge"))
    env.reset(seed=1)
    text = env.text_observation()
    assert text.startswith("Round 1, kira's turn (heroes).\nYou are kira (heroes).\nCreatures:\n")
    assert "  ogre [director] at 13,4: Stamina 60/60" in text
    listed = text.split("Actions:\n", 1)[1].splitlines()
    assert len(listed) == len(env.options)
    for i, line in enumerate(listed):
        index, _, clause = line.strip().partition(": ")
        assert int(index) == i
        assert notation.parse(clause, env.state_now) == env.options[i]


def test_the_random_agent_of_the_docs_plays_a_fight_to_its_end(capsys: pytest.CaptureFixture[str]) -> None:
    """The random agent of docs/agents.md, run as written: every agent leaves at the fight's end,
    and it prints the winner (or None) and the round reached."""
    page = (ROOT / "docs" / "agents.md").read_text(encoding="utf-8")
    block = page.split("<!-- random-agent -->\n```python\n", 1)[1].split("\n```", 1)[0]
    scope: dict[str, Any] = {}
    exec(compile(block, "docs/agents.md", "exec"), scope)
    env = scope["env"]
    assert isinstance(env, BrawlEnv)
    assert env.agents == []
    winner, reached = capsys.readouterr().out.split()
    assert winner == str(env.match.winner)
    assert int(reached) == env.match.state.round >= 1


def test_reset_with_a_seed_replays_the_same_fight() -> None:
    """The same seed and the same indices give the same states (dice included); another seed
    seeds the state's dice otherwise."""

    def states(seed: int) -> list[brawl.Encounter]:
        env = BrawlEnv(_next_to_the_ogre())
        env.reset(seed=seed)
        out = [env.state_now]
        for _ in range(6):
            env.step(len(env.options) // 2)
            out.append(env.state_now)
        return out

    assert states(11) == states(11)
    assert states(11)[0].rng.seed == 11
    assert states(12)[0].rng.seed == 12


def test_a_fight_already_decided_ends_at_reset() -> None:
    """With the director's creatures gone the heroes stand alone: terminated at once, +1 each."""
    enc = scenario("bridge")
    for cid in ("ogre", "goblin-1", "goblin-2"):
        enc = enc.without_creature(cid)
    env = BrawlEnv(enc)
    env.reset(seed=1)
    assert all(env.terminations.values())
    _, reward, terminated, _, _ = env.last()
    assert (reward, terminated) == (1.0, True)
