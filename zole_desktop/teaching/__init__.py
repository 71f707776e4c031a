"""Teaching newcomers: the rules guide's content and the guided first game's script."""
