"""A table's game flow without pygame: the session (who sits where, the match so far, its
save), how names are shown, the director (the match played through the rules core) and the
workers (bots and hints in the background).  The window (:mod:`zole_desktop.ui`) and the
network host (:mod:`zole_desktop.net`) both build on it; it imports neither."""
