"""Play with friends on the local network (no pygame here).

:mod:`.protocol` the messages; :mod:`.host` the tables' server (the only authority);
:mod:`.client` a seat at another computer; :mod:`.discovery` tables found with DNS-SD;
:mod:`.serve` the ``serve`` command and :mod:`.bench` ``bench net``.
"""
