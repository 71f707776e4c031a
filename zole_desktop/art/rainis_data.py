"""The Rainis-character decks' data: palettes, the Latvian card names, the plays, the
characters and their stories, the signs of the aces, the backs' colours and the caption's place
on the card.  Pure data, no drawing: the raster deck (``art.rainis``), the vector deck
(``art.vector.rainis``) and the deck build (``theme.toml``) all read it from here."""

from __future__ import annotations

from .common import CH, CW, IDX_BOX

# --- palettes (hex; the raster deck turns them into RGB) --------------------------------------

PAL = {
    "rainis-1": {
        "stock": "#F3EEE2",
        "band_bg": "#F3EEE2",
        "band": "#A5232B",
        "thread": "#2F6B3B",
        "accent": "#2F6B3B",
        "red": "#A5232B",
        "black": "#1E1B18",
        "sign": "#A5232B",
        "medal": "#E9E1CC",
        "caption": "#1E1B18",
    },
    "rainis-2": {
        "stock": "#F8F5EC",
        "band_bg": "#1F2F5C",
        "band": "#D9A520",
        "thread": "#B3262E",
        "accent": "#3C7A3A",
        "red": "#B3262E",
        "black": "#1F2F5C",
        "sign": "#1F2F5C",
        "medal": "#F1E2B0",
        "caption": "#1F2F5C",
    },
}

SUIT_GEN = {"C": "KREICA", "S": "PĪĶA", "H": "ERCENA", "D": "KĀRAVA"}
RANK_LV = {"A": "DŪZIS", "K": "KUNGS", "Q": "DĀMA", "J": "KALPS"}


def _tri(lv: str, en: str, ru: str) -> dict[str, str]:
    return {"lv": lv, "en": en, "ru": ru}


PLAYS = {
    "rainis-1": {
        "C": _tri("Uguns un nakts", "Fire and Night", "Огонь и ночь"),
        "S": _tri("Pūt, vējiņi!", "Blow, Wind!", "Вей, ветерок!"),
        "H": _tri("Mīla stiprāka par nāvi", "Love Is Stronger Than Death",
                  "Любовь сильнее смерти"),
        "D": _tri("Zelta zirgs", "The Golden Horse", "Золотой конь"),
    },
    "rainis-2": {
        "C": _tri("Spēlēju, dancoju", "I Played, I Danced", "Играл я, плясал"),
        "S": _tri("Jāzeps un viņa brāļi", "Joseph and His Brothers", "Иосиф и его братья"),
        "H": _tri("Indulis un Ārija", "Indulis and Ārija", "Индулис и Ария"),
        "D": _tri("Daugava", "Daugava", "Даугава"),
    },
}


# code -> (caption name, character names, description, sign id (aces) or None (courts))
CARDS: dict[str, dict[str, tuple]] = {
    "rainis-1": {
        "KC": ("LĀČPLĒSIS", _tri("Lāčplēsis", "Bearslayer", "Лачплесис"),
            _tri(
            "Jauns varonis ar lāča ausīm, kas cīnās par savas tautas brīvību.",
            "A young hero with a bear's ears who fights for his people's freedom.",
            "Юный герой с медвежьими ушами, борец за свободу своего народа."),
            None),
        "QC": ("SPĪDOLA", _tri("Spīdola", "Spīdola", "Спидола"),
            _tri(
            "Lepna, skaista burve sarkanā, melnā un zeltā, mēnesnīcas ragana.",
            "A proud, beautiful sorceress in red, black and gold, a witch of the moonlight.",
            "Гордая прекрасная колдунья в красном, чёрном и золотом, ведьма лунного света."),
            None),
        "JC": ("KANGARS", _tri("Kangars", "Kangars", "Кангар"),
            _tri(
            "Nodevējs virsaitis ar ņirdzīgu, greizu seju tumšā apmetnī.",
            "The traitor chieftain with a sneering, twisted face in a dark cloak.",
            "Вождь-предатель с кривой презрительной усмешкой, в тёмном плаще."),
            None),
        "KS": ("ULDIS", _tri("Uldis", "Uldis", "Улдис"),
            _tri(
            "Jauns laivinieks no Daugavas otra krasta ar airi rokā.",
            "A young boatman from across the Daugava, oar in hand.",
            "Молодой лодочник с того берега Даугавы, с веслом в руке."),
            None),
        "QS": ("BAIBA", _tri("Baiba", "Baiba", "Байба"),
            _tri(
            "Lēnprātīga bārenīte baltā linā ar vainadziņu un bizi.",
            "A gentle orphan girl in white linen with a maiden's wreath and a braid.",
            "Кроткая сирота в белом льне, с девичьим венком и косой."),
            None),
        "JS": ("GATIŅŠ", _tri("Gatiņš", "Gatiņš", "Гатиньш"),
            _tri(
            "Ganu puisēns, kas spēlē koka stabuli.",
            "A shepherd boy playing a wooden pipe.",
            "Мальчик-пастушок, играющий на деревянной дудочке."),
            None),
        "KH": ("VIKTORS HEILS", _tri("Viktors Heils", "Viktors Heils", "Виктор Хейль"),
            _tri(
            "Turaidas pils dārznieks ar priekšautu, rozēm un dārza nazi.",
            "The gardener of Turaida castle with an apron, roses and a pruning knife.",
            "Садовник Турайдского замка в фартуке, с розами и садовым ножом."),
            None),
        "QH": ("MAIJA, TURAIDAS ROZE", _tri("Maija, Turaidas Roze", "Maija, the Rose of Turaida",
                                             "Майя, Турайдская роза"),
            _tri(
            "Līgava ar sarkanu lakatu un rozi, uzticīga līdz nāvei.",
            "A bride with a red kerchief and a rose, faithful unto death.",
            "Невеста в красном платке с розой, верная до смерти."),
            None),
        "JH": ("ĀDAMS JAKUBOVSKIS", _tri("Ādams Jakubovskis", "Adam Jakubowski",
                                         "Адам Якубовский"),
            _tri(
            "Septiņpadsmitā gadsimta poļu karavīrs ar zobenu un spalvu pie cepures.",
            "A 17th-century Polish soldier with a sabre and a feathered fur cap.",
            "Польский солдат XVII века с саблей и меховой шапкой с пером."),
            None),
        "KD": ("BALTAIS TĒVS", _tri("Baltais tēvs", "The White Father", "Белый отец"),
            _tri(
            "Mazs vecītis baltās drānās ar sudraba cirvi un sermuļādas cepuri.",
            "A small old man in white cloths with a silver axe and an ermine cap.",
            "Маленький старичок в белых одеждах, с серебряным топором и в горностаевой шапке."),
            None),
        "QD": ("SAULCERĪTE", _tri("Saulcerīte", "Saulcerīte", "Саулцерите"),
            _tri(
            "Princese baltā un sudrabā stikla kalnā, septiņu kraukļu sargāta.",
            "A princess in white and silver on the glass mountain, guarded by seven ravens.",
            "Принцесса в белом и серебре на стеклянной горе, под охраной семи воронов."),
            None),
        "JD": ("ANTIŅŠ", _tri("Antiņš", "Antiņš", "Антиньш"),
            _tri(
            "Jaunākais dēls linu kreklā, kas ar zelta zirgu uzjāj stikla kalnā.",
            "The youngest son in a linen shirt who rides the golden horse up the glass mountain.",
            "Младший сын в льняной рубахе, на золотом коне поднявшийся на стеклянную гору."),
            None),
        "AC": ("AUSEKLIS", _tri("Auseklis", "Auseklis, the morning star",
                                "Аусеклис, утренняя звезда"),
            _tri(
            "Rīta zvaigzne: gaisma, kas uzvar tumsu.",
            "The morning star: light overcoming darkness.",
            "Утренняя звезда: свет, побеждающий тьму."),
            "auseklis"),
        "AS": ("JUMIS", _tri("Jumis", "Jumis, the harvest sign", "Юмис, знак урожая"),
            _tri(
            "Dubultā vārpa: raža, auglība un labklājība.",
            "The double ear of grain: harvest, fertility and plenty.",
            "Двойной колос: урожай, плодородие и достаток."),
            "jumis"),
        "AH": ("MĀRAS KRUSTS", _tri("Māras krusts", "Māra's cross", "Крест Мары"),
            _tri(
            "Māras zīme: mājas, pavards un mīlestība.",
            "Māra's sign: home, hearth and love.",
            "Знак Мары: дом, очаг и любовь."),
            "maras_krusts"),
        "AD": ("AUSTRAS KOKS", _tri("Austras koks", "Austra's tree, the sun tree",
                                    "Древо Аустры, солнечное древо"),
            _tri(
            "Saules koks: pagātne, tagadne un nākotne.",
            "The sun tree: past, present and future.",
            "Солнечное древо: прошлое, настоящее и будущее."),
            "austras_koks"),
    },
    "rainis-2": {
        "KC": ("KUNGS", _tri("Kungs", "The Lord", "Господин"),
            _tri(
            "Bāls kungs, kas cēlies no kapa, tumšā greznumā ar kapa sveci.",
            "A pale lord risen from the grave, in dark finery with a grave candle.",
            "Бледный господин, восставший из могилы, в тёмном наряде, с могильной свечой."),
            None),
        "QC": ("LELDE", _tri("Lelde", "Lelde", "Лелде"),
            _tri(
            "Līgava ar vainagu, baltā linā ar sarkanu diegu.",
            "The bride with a wedding crown, in white linen with red thread.",
            "Невеста в венце, в белом льне с красной нитью."),
            None),
        "JC": ("TOTS", _tri("Tots", "Tots", "Тот"),
            _tri(
            "Klejojošs spēlmanis ar kokli budēļu tērpā.",
            "A wandering minstrel with a kokle, in mummer's garb.",
            "Бродячий музыкант с кокле, в наряде ряженого."),
            None),
        "KS": ("JĀZEPS", _tri("Jāzeps", "Joseph", "Иосиф"),
            _tri(
            "Sapņotājs, kas kļuvis par Ēģiptes valdnieku, ar ēģiptiešu galvas rotu un apkakli.",
            "The dreamer who became ruler in Egypt, in an Egyptian headdress and collar.",
            "Мечтатель, ставший правителем Египта, в египетском уборе и ожерелье."),
            None),
        "QS": ("ASNATE", _tri("Asnate", "Asenath", "Асенефа"),
            _tri(
            "Jāzepa sieva, ēģiptiešu dižciltīgā linu tērpā ar zelta apkakli.",
            "Joseph's wife, an Egyptian noblewoman in a linen gown with a gold collar.",
            "Жена Иосифа, египетская знатная дама в льняном платье с золотым ожерельем."),
            None),
        "JS": ("BENJAMIŅŠ", _tri("Benjamiņš", "Benjamin", "Вениамин"),
            _tri(
            "Jaunākais brālis, zēns ganu kreklā.",
            "The youngest brother, a boy in a shepherd's tunic.",
            "Младший брат, мальчик в пастушьей рубахе."),
            None),
        "KH": ("MINTAUTS", _tri("Mintauts", "Mintauts", "Минтаутс"),
            _tri(
            "Bargs Lietuvas valdnieks ar kroni un kažoku.",
            "A stern Lithuanian ruler with a crown and furs.",
            "Суровый литовский правитель в короне и мехах."),
            None),
        "QH": ("ĀRIJA", _tri("Ārija", "Ārija", "Ария"),
            _tri(
            "Kuldīgas vācu komtura meita viduslaiku tērpā, gaišiem matiem.",
            "Daughter of the German commander of Kuldīga, in a medieval gown, fair-haired.",
            "Дочь немецкого комтура Кулдиги, в средневековом платье, светловолосая."),
            None),
        "JH": ("INDULIS", _tri("Indulis", "Indulis", "Индулис"),
            _tri(
            "Kuršu virsaitis ar ķiveri, šķēpu un vairogu.",
            "A Curonian chieftain with a helmet, spear and shield.",
            "Куршский вождь в шлеме, с копьём и щитом."),
            None),
        "KD": ("VECAIS", _tri("Vecais", "The Old Man", "Старик"),
            _tri(
            "Vecs vīrs ar spieķi un bēgļa nastu, kas atgriežas mājās.",
            "An old man with a staff and a refugee's bundle, returning home.",
            "Старик с посохом и узелком беженца, возвращающийся домой."),
            None),
        "QD": ("VECMĀMIŅA", _tri("Vecmāmiņa", "Grandmother", "Бабушка"),
            _tri(
            "Vecmāmiņa lakatā, kas pareģo; Daugavas baltās putas un oša laiva.",
            "The grandmother who prophesies, in a headscarf; the Daugava's white foam and an"
            " ash-wood boat.",
            "Бабушка-пророчица в платке; белая пена Даугавы и ясеневая лодка."),
            None),
        "JD": ("JAUNATNĀCĒJS", _tri("Jaunatnācējs", "The Newcomer", "Юноша"),
            _tri(
            "Jauns brīvprātīgais ar karogu.",
            "A young volunteer with a banner.",
            "Юный доброволец со знаменем."),
            None),
        "AC": ("ZALKTIS", _tri("Zalktis", "Zalktis, the grass snake", "Залктис, уж"),
            _tri(
            "Zalktis: gudrība un burvju spēks.",
            "The grass snake: wisdom and magic.",
            "Уж: мудрость и волшебная сила."),
            "zalktis"),
        "AS": ("DIEVA ZĪME", _tri("Dieva zīme", "The sign of Dievs, the sky's roof",
                                  "Знак Диевса, небесный свод"),
            _tri(
            "Debess jumts: svētība un aizsardzība.",
            "The roof of the sky: blessing and protection.",
            "Небесный свод: благословение и защита."),
            "dieva_zime"),
        "AH": ("DZĪVĪBAS ZĪME", _tri("Dzīvības zīme (Ūsiņš)", "Sign of life (Ūsiņš)",
                                     "Знак жизни (Усиньш)"),
            _tri(
            "Ūsiņa zīme: gaisma, jauns sākums un droša ceļa zīme.",
            "Ūsiņš: light, new beginnings and a safe journey.",
            "Усиньш: свет, новое начало и добрый путь."),
            "dzivibas_zime"),
        "AD": ("SAULES ZĪME", _tri("Saules zīme", "The sun sign", "Знак Солнца"),
            _tri(
            "Saule: dzīvības spēks un gaisma.",
            "The sun: life force and light.",
            "Солнце: жизненная сила и свет."),
            "saules_zime"),
    },
}

# The name printed on the table-size name plate, where the character's full name is too long
# for a card a few centimetres wide (otherwise: the name up to its first comma or bracket).
SHORT = {
    "rainis-1": {
        "KH": _tri("Viktors", "Viktors", "Виктор"),
        "JH": _tri("Jakubovskis", "Jakubowski", "Якубовский"),
        "KD": _tri("Baltais tēvs", "White Father", "Белый отец"),
    },
    "rainis-2": {
        "KC": _tri("Kungs", "Lord", "Господин"),
        "KD": _tri("Vecais", "Old Man", "Старик"),
        "JD": _tri("Jaunatnācējs", "Newcomer", "Юноша"),
        "AS": _tri("Dieva zīme", "Sign of Dievs", "Знак Диевса"),
        "AD": _tri("Saules zīme", "Sun sign", "Знак Солнца"),
    },
}


def short_name(character: str) -> str:
    """A character's name without what follows a comma or an opening bracket."""
    return character.split(",")[0].split("(")[0].strip()


def suit_plays(theme_id: str) -> dict[str, dict[str, str]]:
    return PLAYS[theme_id]


def card_info(theme_id: str) -> dict[str, dict[str, dict[str, str]]]:
    out = {}
    for code in sorted(CARDS[theme_id], key=lambda c: ("CSHD".index(c[1]), "AKQJ".index(c[0]))):
        _cap, names, desc, _look = CARDS[theme_id][code]
        short = SHORT[theme_id].get(code) or {k: short_name(v) for k, v in names.items()}
        out[code] = {"character": names, "short": short, "play": PLAYS[theme_id][code[1]],
                     "description": desc}
    return out



# the backs: the field inside the carmine-white-carmine frame, its pattern's ink and accent,
# and the sign in the medallion
BACK = {
    "rainis-1": {"field": "#F3EEE2", "ink": "#A5232B", "accent": "#2F6B3B", "sign": "auseklis"},
    "rainis-2": {"field": "#1F2F5C", "ink": "#D9A520", "accent": "#B3262E",
                 "sign": "saules_zime"},
}
CARMINE, FLAG_WHITE = "#9E3039", "#F8F5EC"

# --- layout ---------------------------------------------------------------------------------

M = int(0.028 * CW)  # outer margin of the ornament band
B = int(0.058 * CW)  # band width
FIELD = (M + B + int(0.014 * CW), M + B + int(0.014 * CW), CW - M - B - int(0.014 * CW),
         CH - M - B - int(0.014 * CW))
CAPTION_H = int(0.175 * CH)


# the vector cards' layout: everything but the card's ground 3 mm or more inside the cut, so a
# print cut a little off the line takes no frame nor index with it.  The belt's outer line lies
# SAFE_M in (3.4 mm; the width of a canvas is 63 mm), the field within the belt as above, the
# corner index box moved in by SAFE_INSET so that its edge lies on the belt's outer line.
SAFE_M = int(0.054 * CW)
SAFE_FIELD = (SAFE_M + B + int(0.014 * CW), SAFE_M + B + int(0.014 * CW),
              CW - SAFE_M - B - int(0.014 * CW), CH - SAFE_M - B - int(0.014 * CW))
SAFE_INSET = (SAFE_M - IDX_BOX[0], SAFE_M - IDX_BOX[1])


def caption_box() -> list[float]:
    """Where the printed caption sits on the vector court cards and aces, as fractions of the
    card (left, top, right, bottom): from the outer edge of the left ornament band to just
    short of the bottom-right index.  At table size the game covers it with a name plate of
    its own."""
    right = (CW - IDX_BOX[2] - SAFE_INSET[0] - 4) / CW - 0.012
    return [round(SAFE_M / CW, 4), round((SAFE_FIELD[3] - CAPTION_H) / CH, 4), round(right, 4),
            round(SAFE_FIELD[3] / CH, 4)]


def caption_span() -> tuple[int, int]:
    """The caption's text may run from ``left`` to ``right`` (canvas x): the field's left edge
    to the bottom-right index box, less a margin of 0.025 CW on each side."""
    pad = int(0.025 * CW)
    return FIELD[0] + pad, CW - IDX_BOX[2] - 4 - pad

