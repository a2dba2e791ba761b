"""The rule calls of Draw Steel: one verb per request record, derived by :func:`brawl.actions.verb`.

The record is the one declaration of a rule's inputs (its fields, defaults, checks, rule IDs and
what it costs the turn). The verb takes the record's fields, builds it and applies it:
``brawl.move(state, "kira", path)`` is ``brawl.apply(state, brawl.Move("kira", path))``, with the
same turn spending and the same settling of consequences. Whether a request would be accepted is
:func:`brawl.can` (or :func:`brawl.verify`, which raises the rule's error) on the record itself.
"""

from __future__ import annotations

from brawl.actions import verb as verb
from brawl.rules.abilities import UseAbility
from brawl.rules.class_triggers import ReturnToLife
from brawl.rules.conditions import AddCondition, RemoveCondition, SaveAgainst
from brawl.rules.damage import Damage
from brawl.rules.digging import ClawDirt, Dig, PullUp
from brawl.rules.falling import Fall
from brawl.rules.forced import Pull, Push, Slide
from brawl.rules.jumping import Jump
from brawl.rules.main_actions import Charge, Defend
from brawl.rules.malice import BrutalEffectiveness, MaliciousStrike
from brawl.rules.maneuvers import AidAttack, EscapeGrab, Grab, Knockback
from brawl.rules.movement import Disengage, Move, Shift
from brawl.rules.prone import FallProne, StandUp
from brawl.rules.recoveries import CatchBreath, Heal, HeroTokenStamina, SpendRecovery
from brawl.rules.resources import EarnVictories, FinishRespite
from brawl.rules.riders import FallOff, KnockOff
from brawl.rules.riding import ClimbCreature, Ride
from brawl.rules.solos import SoloAction
from brawl.rules.stability import ModifyStability, RemoveStabilityModifier
from brawl.rules.stamina import GainTemporaryStamina, LoseStamina, RegainStamina
from brawl.rules.stealth import AssistTest, Hide, PointOut, Reveal, Search
from brawl.rules.strikes import FreeStrike, OpportunityAttack
from brawl.rules.summons import Summon
from brawl.rules.table import UseConsumable
from brawl.rules.teleport import Teleport
from brawl.rules.tokens import AwardHeroTokens, HeroTokenSurges
from brawl.turns.deeds import Advance
from brawl.turns.records import EndCombat, EndRound, EndTurn, StartCombat, StartTurn, UseAction
from brawl.turns.squad_turn import (
    NameCaptain,
    SquadAttack,
    SquadHide,
    SquadManeuver,
    SquadOpportunityAttack,
    SquadSearch,
)
from brawl.turns.triggers import ReportTrigger

# --- damage, Stamina, conditions, recoveries, strikes, maneuvers, stealth, abilities ---------------
damage = verb(Damage)
"""Deal damage to a creature or an object, through immunity and weakness (R-DMG-1)."""
lose_stamina = verb(LoseStamina)
"""Lose Stamina that is not damage (R-STAM-6)."""
regain_stamina = verb(RegainStamina)
"""Regain Stamina, up to the current maximum (R-STAM-5)."""
gain_temporary_stamina = verb(GainTemporaryStamina)
"""Gain temporary Stamina, keeping the greater amount (DS-STAM-21)."""
add_condition = verb(AddCondition)
"""Impose a condition (RB1-CONDITIONS, RB1-STACKING)."""
remove_condition = verb(RemoveCondition)
"""End a condition (RB1-CONDITIONS)."""
save_against = verb(SaveAgainst)
"""Make a saving throw against a save-ends effect (RB2-SAVE)."""
spend_recovery = verb(SpendRecovery)
"""Spend a Recovery (DS-STAM-02)."""
catch_breath = verb(CatchBreath)
"""The Catch Breath maneuver (DS-ACT-04)."""
heal = verb(Heal)
"""The Heal main action (DS-ACT-22)."""
modify_stability = verb(ModifyStability)
"""Impose a stability penalty or bonus (DS-FORCE-18)."""
remove_stability_modifier = verb(RemoveStabilityModifier)
"""End stability modifiers (DS-FORCE-18)."""
free_strike = verb(FreeStrike)
"""A melee or ranged free strike (DS-ACT-21, DS-STRIKE-01)."""
opportunity_attack = verb(OpportunityAttack)
"""An opportunity attack against an enemy moving away (DS-STRIKE-03)."""
grab = verb(Grab)
"""The Grab maneuver (DS-ACT-08)."""
escape_grab = verb(EscapeGrab)
"""The Escape Grab maneuver (DS-ACT-06)."""
knockback = verb(Knockback)
"""The Knockback maneuver (DS-ACT-12)."""
aid_attack = verb(AidAttack)
"""The Aid Attack maneuver (DS-ACT-03)."""
defend = verb(Defend)
"""The Defend main action (DS-ACT-19)."""
charge = verb(Charge)
"""The Charge main action (DS-ACT-17)."""
hide = verb(Hide)
"""The Hide maneuver (DS-ACT-11, RB3-HIDE)."""
search = verb(Search)
"""The Search for Hidden Creatures maneuver (DS-ACT-14)."""
reveal = verb(Reveal)
"""End hiding (RB3-HIDE)."""
point_out = verb(PointOut)
"""Point out a hidden creature to allies (RB3-HIDE)."""
assist_test = verb(AssistTest)
"""Assist a test (DS-ACT-13, RB3-ASSIST)."""
use_consumable = verb(UseConsumable)
"""The Use Consumable maneuver (DS-ACT-16)."""
use_ability = verb(UseAbility)
"""Use an ability from a creature's block (R-ABIL-1)."""


# --- movement, forced movement, falling, riding, digging ------------------------------------------
move = verb(Move)
"""Move a creature willingly along a path (R-MOVE-1, DS-MOVE-07)."""
advance = verb(Advance)
"""The Advance move action on its own turn, spending the turn's movement (DS-ACT-01, DS-TURN-02)."""
shift = verb(Shift)
"""Shift: move without provoking opportunity attacks (DS-MOVE-09..11)."""
disengage = verb(Disengage)
"""The Disengage move action: shift 1 square (DS-ACT-02)."""
teleport = verb(Teleport)
"""Teleport a creature (DS-TELE-01..09)."""
jump = verb(Jump)
"""A long jump as part of a move (DS-MTYPE-18..21, R-MOVE-6)."""
dig = verb(Dig)
"""The Dig maneuver of a burrower (DS-MTYPE-03..05)."""
claw_dirt = verb(ClawDirt)
"""Claw Dirt: a creature that can't burrow digs 1 square (DS-MTYPE-10)."""
pull_up = verb(PullUp)
"""Pull a willing adjacent burrower 1 square up (DS-MTYPE-09)."""
ride = verb(Ride)
"""The Ride move action: the mount carries its rider (DS-MOUNT-03, DS-MOUNT-04)."""
climb_creature = verb(ClimbCreature)
"""Climb onto a larger adjacent creature (DS-MTYPE-14, DS-MTYPE-15)."""
fall_prone = verb(FallProne)
"""Drop prone on purpose, as a free maneuver (DS-MTYPE-23)."""
stand_up = verb(StandUp)
"""The Stand Up maneuver (DS-ACT-15)."""
fall = verb(Fall)
"""Make a creature fall to what is below it (DS-FALL-01..09)."""
fall_off = verb(FallOff)
"""A rider knocked prone falls off its mount (DS-MTYPE-17)."""
knock_off = verb(KnockOff)
"""Resolve a rider's knock-off test by its tier (DS-MTYPE-16)."""
push = verb(Push)
"""Push a creature or object straight away from a source (DS-FORCE-02)."""
pull = verb(Pull)
"""Pull a creature or object straight toward a source (DS-FORCE-03)."""
slide = verb(Slide)
"""Slide a creature or object along a path (DS-FORCE-04)."""


# --- turns and rounds -------------------------------------------------------------------------------
start_combat = verb(StartCombat)
"""Start combat under a turn system, with its choices (DS-SIDE-04..06, Z-TURN-06, I-INIT-01)."""
start_turn = verb(StartTurn)
"""Start a creature's turn (DS-SIDE-07..12, Z-TURN-02, I-TURN-01)."""
end_turn = verb(EndTurn)
"""End the current turn; Draw Steel's saving throws are made (DS-SIDE-08, RB2-SAVE)."""
end_round = verb(EndRound)
"""End the round once nobody is left to act and begin the next (DS-SIDE-11, R-TURN-4)."""
use_action = verb(UseAction)
"""Spend an action of a kind from the turn (DS-TURN-01..11, Z-TURN-09, I-TURN-02)."""
end_combat = verb(EndCombat)
"""End combat: the system's end-of-combat effects, then the turn state is cleared (DS-END-01)."""
report_trigger = verb(ReportTrigger)
"""Report what just happened, for the actions waiting on it (DS-TURN-05, R-TURN-12, I-HOLD-03)."""


# --- minion squads and captains ---------------------------------------------------------------------
name_captain = verb(NameCaptain)
"""Name a creature the captain of a minion squad (RB-CAPT-01, RB-CAPT-02, RB-CAPT-06)."""
squad_attack = verb(SquadAttack)
"""A squad's signature ability by several minions: one roll, one instance a target (RB-SQUAD-15..18)."""
squad_opportunity_attack = verb(SquadOpportunityAttack)
"""Minions' opportunity attacks on one enemy at once, added together as one strike (RB-SQUAD-21)."""
squad_maneuver = verb(SquadManeuver)
"""A Grab or Knockback made as a squad: one roll, each target once (RB-SQUAD-19)."""
squad_hide = verb(SquadHide)
"""The Hide maneuver made as a squad: each minion hides, one maneuver of the squad (RB-SQUAD-19)."""
squad_search = verb(SquadSearch)
"""The Search maneuver made as a squad: one test, each hidden creature once (RB-SQUAD-19)."""
# --- the Director's resources ------------------------------------------------------------------------
brutal_effectiveness = verb(BrutalEffectiveness)
"""Spend 3 Malice at the start of a monster's turn: +1 to its next potency (RB-MALICE-04, RB-MALICE-05)."""
malicious_strike = verb(MaliciousStrike)
"""Spend 5+ Malice at the start of a monster's turn: its next strike deals extra damage (RB-MALICE-06)."""
solo_action = verb(SoloAction)
"""Spend 5 Malice at the start of a solo's turn: an extra main action, even dazed (RB-SOLO-04)."""
summon = verb(Summon)
"""Put a summoned creature on the map, to act right after its summoner (RB-SUMMON-01, RB-SUMMON-02)."""
# --- the heroes' resources: Victories, respites, surges, hero tokens -------------------------------
earn_victories = verb(EarnVictories)
"""A hero earns Victories; its heroic abilities may again be used outside combat (RB-EV-01, RB-HR-08)."""
finish_respite = verb(FinishRespite)
"""A hero finishes a respite: Stamina and Recoveries to full (DS-STAM-16, RB-HR-08)."""
hero_token_surges = verb(HeroTokenSurges)
"""A hero spends 1 hero token for 2 surges (RB-TOKEN-07)."""
hero_token_stamina = verb(HeroTokenStamina)
"""A hero spends 2 hero tokens on its turn for Stamina equal to its recovery value (RB-TOKEN-02)."""
award_hero_tokens = verb(AwardHeroTokens)
"""The Director awards the party hero tokens (RB-TOKEN-06)."""
return_to_life = verb(ReturnToLife)
"""A dead troubadour holding 30 drama returns to life with 1 Stamina and 0 drama (RB-HR-17)."""
