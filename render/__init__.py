"""Board pictures: turn a plain ``BoardView`` into PNG bytes with Pillow. Knows nothing of Telegram or storage.

>>> from render import empty_view, render_png
>>> render_png(empty_view(10, 10))[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from .board import HD, STANDARD, Layout, layout, render_image, render_png
from .replay import render_gif
from .view import BoardView, Mark, MarkKind, RingView, Side, Window, empty_view

__all__ = [
    "HD",
    "STANDARD",
    "BoardView",
    "Layout",
    "Mark",
    "MarkKind",
    "RingView",
    "Side",
    "Window",
    "empty_view",
    "layout",
    "render_gif",
    "render_image",
    "render_png",
]
