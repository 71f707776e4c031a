def render(theme_id, code): raise NotImplementedError
def render_back(theme_id): raise NotImplementedError
def suit_plays(t): return {}
def card_info(t): return {}
