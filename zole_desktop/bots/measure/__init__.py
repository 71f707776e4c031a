"""Measuring tools, apart from the opponents: the arena (bots against bots, with intervals),
the critical-position and declarer diagnostics, the burial and dark-game studies, and the
frozen ``strong-2026`` reference the arena measures the strong bot against.  Nothing in the
game imports them; they import the opponents."""
