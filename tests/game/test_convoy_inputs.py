"""The input budget with several vehicles of one's own: the shipped Big rig convoy (the rig with its trailer's
gunners and the escort are Player 1's), played through synthetic events by a player who accepts what the
screen suggests (benchmarks/client_inputs.py: Shift+H at the speed step, Enter or Commit elsewhere), costs at
most CONVOY_BUDGET inputs a turn, and every shot fired for the player is one he accepted. Before the suggested
row, Shift+H and the passing of fire steps with shots only at the own side, the same turns cost 10-12 inputs
holding course and 24-28 pressing Enter (docs/PERFORMANCE.md, "Inputs a turn")."""

from __future__ import annotations

from benchmarks.client_inputs import ScriptedPlayer, start

CONVOY = "maps/scenarios/convoy_rig.toml"
CONVOY_BUDGET = 12   # inputs a turn for Player 1's two vehicles (the client's aim; not a rule)


def _played(app, player: str, turns: int) -> ScriptedPlayer:
    app, battle = start(CONVOY, seed=1, app=app)
    p = ScriptedPlayer(app, battle, player)
    p.play(turns)
    return p


def test_a_convoy_turn_by_keyboard_takes_at_most_the_budget_and_fires_only_accepted_shots(app):
    p = _played(app, "keyboard", 2)
    per_turn = p.per_turn("Player 1")
    assert len(per_turn) == 2 and max(per_turn) <= CONVOY_BUDGET, (per_turn, p.log)
    assert p.by_step["fire"] <= 4, p.log   # one Enter a fire step with the suggested row, not one a gun
    assert p.players_shots(), "the convoy's guns fired"
    assert p.unaccepted_shots() == [], p.log


def test_a_convoy_turn_by_mouse_takes_at_most_the_budget(app):
    p = _played(app, "mouse", 1)
    per_turn = p.per_turn("Player 1")
    assert per_turn and max(per_turn) <= CONVOY_BUDGET, (per_turn, p.log)
    assert p.unaccepted_shots() == [], p.log
