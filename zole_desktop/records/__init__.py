"""Finished matches: the history folder (``history.py``), the player's statistics over it
(``stats.py``) and the review of a hand with its double-dummy analysis (``review.py``).

No pygame here: the screens that show them are ``ui/history.py``, ``ui/stats_scene.py`` and
``ui/review_scene.py``.
"""
