"""numba's ``njit`` as every compiled function of the kernel uses it: cached on disk, without the GIL (a search in
a thread leaves the process's other threads running), typed so that mypy and pyright see the plain function."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt
from numba import njit
from numba.core.errors import NumbaWarning

# The clock is read in object mode (``search.now``), which takes the GIL back for that moment: numba says so at
# compile time, and that is what is meant.
warnings.filterwarnings("ignore", message="Code running in object mode won't allow parallel", category=NumbaWarning)

F = TypeVar("F", bound=Callable[..., Any])

Array = npt.NDArray[Any]
"""A numpy array of any shape and type (the kernel's functions are typed by numba from the arrays they get)."""
Int = int | np.integer[Any]
"""An integer argument: numba types a Python int and a numpy integer alike (the kernel passes numpy integers
rather than literal constants, which numba would compile a function again for)."""
Flag = bool | np.bool_
"""A boolean argument (``Int``'s reason)."""
Arrays = tuple[Any, ...]
"""A tuple of arrays (and sizes): the kernel's ``S``, ``T`` and ``W``."""

ONE = np.uint64(1)


def compiled(fn: F) -> F:
    """Compile ``fn`` with numba, cached on disk, without the GIL."""
    return cast(F, njit(cache=True, nogil=True)(fn))


def inlined(fn: F) -> F:
    """Like ``compiled``, and inlined into its callers (small functions of the node loop)."""
    return cast(F, njit(cache=True, nogil=True)(fn))
