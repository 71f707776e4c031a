"""The table: :mod:`.scene` (the pygame scene) built on :mod:`.director` (the match without a
window), with :mod:`.script`, :mod:`.model`, :mod:`.layout`, :mod:`.render`, :mod:`.controls`,
:mod:`.workers` and the :mod:`.coach` hook.  Importing this package or its director does not
import pygame."""
