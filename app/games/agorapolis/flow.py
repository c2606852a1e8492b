"""The phase table: the round's flow, in one place.

A round runs harvest → strife → investment → action → resolution, then the exploit
market and the next round, or the end of the game (§3). Each phase module starts its
own steps and, when it ends, names the next phase (``common.start_phase``); this table
says which function starts each, so the phase modules depend only on shared helpers.
"""

from __future__ import annotations

from app.games.agorapolis import action, endgame, exploit, harvest, investment, resolution, strife
from app.games.agorapolis.common import PHASE_STARTS

PHASE_STARTS.update(
    {
        "round": harvest.start_round,
        "strife": strife.start_strife,
        "investment": investment.start_investment,
        "action": action.start_action,
        "resolution": resolution.start_resolution,
        "exploit": exploit.start_exploit,
        "endgame": endgame.start_endgame,
    }
)
