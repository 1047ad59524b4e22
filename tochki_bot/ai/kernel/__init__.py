"""``hard``'s search compiled with numba: the same search as ``tochki_bot.ai.player``, about ten times the
positions in the same time.

``available()`` says whether it can be used here: numba must be installed (the project depends on it on the
platforms numba has wheels for) and ``TOCHKI_AI_COMPILED`` not ``0``. Otherwise, or when it fails, the player
searches in pure Python as before.

numba compiles the kernel once per machine (about a minute) and keeps it on disk (``__pycache__`` beside these
files, or ``NUMBA_CACHE_DIR``); a new process loads it in a fraction of a second. Until it is loaded in a process,
a search on the clock is made in Python (so a move never waits for it) while ``prepare()`` loads it in the
background; a seeded search waits for it (its answer must not depend on that). The worker processes that search
for the bot call ``prepare()`` when they start.

- ``board``: the engine's capture rules over plain arrays (``tests/ai/test_kernel.py`` plays them against the
  engine).
- ``position``: a stack of positions, one per ply, with each colour's closers kept incrementally.
- ``search``: the move generator, the evaluation, the negamax and the root's iterations.
- ``stack``: the arrays, made for a board size and loaded from a ``Game``.
- ``jit``: how the functions are compiled.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import threading
import time
from typing import TYPE_CHECKING, Any

from tochki_bot.engine import Game

if TYPE_CHECKING:
    from tochki_bot.ai.player import Style

log = logging.getLogger(__name__)

_LOCK = threading.Lock()
_READY = threading.Event()
_BROKEN: list[str] = []
"""Why the compiled search failed in this process (it is then not tried again)."""
_LOCAL = threading.local()
"""Per thread, the arrays of its latest search: ``(board size, (S, T, W))``."""


def available() -> bool:
    """True when the compiled search can be used in this process (it may still have to be loaded)."""
    if _BROKEN or os.environ.get("TOCHKI_AI_COMPILED", "1") == "0":
        return False
    return importlib.util.find_spec("numba") is not None


def why_not() -> str | None:
    """Why the compiled search cannot be used here (``None`` when it can)."""
    if os.environ.get("TOCHKI_AI_COMPILED", "1") == "0":
        return "TOCHKI_AI_COMPILED=0"
    if _BROKEN:
        return f"it failed: {_BROKEN[0]}"
    if importlib.util.find_spec("numba") is None:
        return "numba is not installed"
    return None


def ready() -> bool:
    """True when the compiled search is loaded in this process."""
    return _READY.is_set() and available()


def _fail(error: BaseException) -> None:
    log.warning("the compiled search failed (%s: %s); searching in pure Python", type(error).__name__, error)
    _BROKEN.append(f"{type(error).__name__}: {error}")


def warm() -> float:
    """Load the compiled search in this process (compile it, the first time on this machine); the seconds it took.
    Another thread's load under way is waited for."""
    start = time.perf_counter()
    if not available():
        return 0.0
    with _LOCK:
        if not _READY.is_set() and available():
            try:
                from .search import search
                from .stack import make

                arrays = make(Game(10, 10, "cross"), plies=4)
                _run(search, arrays, time.perf_counter() + 0.01, 50.0, (0, 0), None)
                _READY.set()
            except Exception as error:
                _fail(error)
    return time.perf_counter() - start


def prepare() -> None:
    """Load the compiled search in a background thread (at once when it is loaded already)."""
    if available() and not _READY.is_set():
        threading.Thread(target=warm, name="ai-kernel-load", daemon=True).start()


def _arrays(game: Game) -> Any:
    from .stack import load, make

    key = (game.width, game.height)
    held = getattr(_LOCAL, "arrays", None)
    if held is None or held[0] != key:
        arrays = make(game)
        _LOCAL.arrays = (key, arrays)
        return arrays
    S, T, W = held[1]
    load(S, T, W, game)
    return held[1]


def _run(
    search: Any, arrays: Any, deadline: float, node_limit: float, at_risk: tuple[int, int], style: Style | None
) -> tuple[int, int, int]:
    import numpy as np

    from . import search as ks

    S, T, W = arrays
    C = np.array(
        [
            deadline,
            node_limit,
            at_risk[0],
            at_risk[1],
            style.shape_weight if style else 0.05,
            style.switch_margin if style else 0.5,
        ]
    )
    N = np.zeros(10, np.int64)
    N[ks.STYLE_DEPTH] = style.max_depth if style else 3
    N[ks.ROOT_WIDTH] = style.root_width if style else 20
    N[ks.WIDTH] = style.width if style else 10
    N[ks.WIDEN] = int(style.widen) if style else 1
    N[ks.DEEP_WIDTH] = style.deep_width if style else 8
    N[ks.THREATS] = style.threats if style else 4
    search(S, T, W, C, N)
    return int(N[ks.BEST]), int(N[ks.NODES]), int(N[ks.DONE])


def best_move(
    game: Game, style: Style, deadline: float, node_limit: float, at_risk: tuple[int, int], *, wait: bool
) -> tuple[int, int, int] | None:
    """``player.search_move``'s search by the compiled kernel: ``(cell index chosen, positions looked at, deepest
    completed iteration)``. ``None`` when the compiled search cannot be used, or (unless ``wait``) is not loaded
    yet: then the caller searches in Python (and the kernel is being loaded in the background)."""
    if not available():
        return None
    if not _READY.is_set():
        if not wait:
            prepare()
            return None
        warm()
        if not ready():
            return None
    try:
        from .search import search

        return _run(search, _arrays(game), deadline, node_limit, at_risk, style)
    except Exception as error:  # a numba fault: search in Python from now on
        _fail(error)
        return None
