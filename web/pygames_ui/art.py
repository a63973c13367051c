"""The pictures the tables draw: named SVG symbols shipped with the site.

No emoji font is needed (a stock Linux desktop has none): the build
(``tools/sprite.py``) copies the pictures listed in :data:`PICTURES` from the pinned
npm package ``@iconify-json/twemoji`` into one ``<svg>`` sprite of ``<symbol
id="pic-NAME">`` inlined in ``index.html``, and :func:`picture` draws one with
``<use href="#pic-NAME">``: no extra request, nothing for the CSP to refuse, and it
works offline with the cached page.

Twemoji is © Twitter, Inc. and other contributors, licensed CC-BY 4.0; the app
credits it on the home screen (``home.credits``).
"""

from __future__ import annotations

from .dom import esc
from .i18n import I18n

#: Picture name -> the Twemoji icon it is drawn from (the icon's name in the Iconify set).
PICTURES: dict[str, str] = {
    # Зоомагия's 24 animals (the names of pygames_core.zoomagia.rules.ANIMALS).
    "sheep": "ewe",
    "rhino": "rhinoceros",
    "walrus": "seal",  # Twemoji has no walrus: the build recolours the seal and gives it tusks
    "fish": "fish",
    "turtle": "turtle",
    "elephant": "elephant",
    "hippo": "hippopotamus",
    "giraffe": "giraffe",
    "zebra": "zebra",
    "lion": "lion",
    "tiger": "tiger-face",
    "bear": "bear",
    "wolf": "wolf",
    "fox": "fox",
    "hare": "rabbit",
    "cat": "cat-face",
    "dog": "dog-face",
    "cow": "cow-face",
    "pig": "pig-face",
    "horse": "horse-face",
    "crocodile": "crocodile",
    "penguin": "penguin",
    "owl": "owl",
    "monkey": "monkey-face",
    # Камень, ножницы, бумага и … ЗОМБИ!!! (the card kinds of pygames_core.rps_zombie).
    "brain": "brain",
    "rock": "rock",
    "scissors": "scissors",
    "paper": "page-facing-up",
    "zombie": "zombie",
    # Клац!
    "skull": "skull-and-crossbones",
}

#: Where the pictures come from and their licence (the credits line; README.md says the same).
SOURCE = {"name": "Twemoji", "url": "https://github.com/jdecked/twemoji",
          "licence": "CC-BY 4.0", "licence_url": "https://creativecommons.org/licenses/by/4.0/"}


def symbol_id(name: str) -> str:
    """The sprite's element id of a picture: ``pic-NAME``."""
    if name not in PICTURES:
        raise ValueError(f"no picture named {name!r}; known: {', '.join(sorted(PICTURES))}")
    return f"pic-{name}"


def picture(name: str, label: str | None = None, cls: str = "") -> str:
    """An inline ``<svg>`` drawing the picture ``name`` from the page's sprite.

    With ``label`` the picture is an image with that accessible name; without, it is
    decorative (``aria-hidden``) and the words nearby must say what it shows.
    ``cls`` adds CSS classes (the size comes from CSS: ``.pic`` is 1em square).
    Raises ``ValueError`` for a name the sprite does not hold.
    """
    ref = symbol_id(name)
    classes = "pic" + (f" {cls}" if cls else "")
    a11y = f'role="img" aria-label="{esc(label)}"' if label is not None else 'aria-hidden="true"'
    return f'<svg class="{esc(classes)}" {a11y} focusable="false"><use href="#{ref}"></use></svg>'


def credits_html(t: I18n) -> str:
    """The About line crediting the pictures and their licence (links open outside the app)."""
    def link(url: str, text: str) -> str:
        return f'<a href="{esc(url)}" rel="noopener noreferrer" target="_blank">{esc(text)}</a>'

    line = t("home.credits", name=link(SOURCE["url"], SOURCE["name"]), value=link(SOURCE["licence_url"], SOURCE["licence"]))
    return f'<footer class="credits"><p>{line}</p></footer>'
