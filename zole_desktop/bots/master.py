"""The ``master`` level: the strong bot given up to about 1.5 s per decision.

Same search as :mod:`.strong` (sampled layouts read by the bidding and by the other seats'
plays, each solved double-dummy with the contract's own goal), with more of everything: more
layouts, larger node caps, the 91/31 probes from the first trick, a longer bid simulation and
more layouts for the burial.  Offered in New game for players who want a real challenge;
the strong level stays fast.
"""

from __future__ import annotations

from .base import register
from .strong import StrongBot

__all__ = ["MasterBot"]


class MasterBot(StrongBot):
    level = "master"

    # seconds per card decision by tricks done (0, 1, later), the most layouts, node caps
    budgets = (1.35, 1.2, 0.7)
    max_layouts = (120, 160, 240)
    node_caps = (80_000, 80_000, 300_000)
    full_probes = True
    stop_early = False  # all the time it is given (strong stops once the choice is clear)
    bid_budget = 0.9
    bid_layouts = 150
    maza_layouts = 48
    burial_budget = 1.3
    burial_layouts = 200


register("master", MasterBot)
