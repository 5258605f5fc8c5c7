"""Building many small containers at once: :func:`without_cyclic_gc`.

A kernel module, so that the encoders of :mod:`helper.nonogram.models` and the back ends of
:mod:`helper.backends` share it without a model importing a back end.
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def without_cyclic_gc() -> Iterator[None]:
    """Pause Python's cycle collector while hundreds of thousands of clause lists are made.

    Lists of integers cannot form cycles, but each new batch of containers triggers a
    collection that walks all the others: on a 60 x 80 puzzle that took more than half the
    time of building the CNF. Reference counting still frees everything as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
