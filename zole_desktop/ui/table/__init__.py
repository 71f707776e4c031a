"""The table on the screen: :mod:`.scene` (the pygame scene) built on the game flow's
director (:mod:`zole_desktop.flow.director`, the match without a window), with :mod:`.script`,
:mod:`.model`, :mod:`.layout`, :mod:`.render`, :mod:`.controls` and the :mod:`.coach` hook."""
