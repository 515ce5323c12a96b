"""An append-only list whose copies are free: the session's action log and ledger.

Glossary:
    backing   the plain list that several copies share.
    length    how many items of the backing belong to one copy; a copy never sees items
              appended past its length by another copy.

``apply`` returns a new session state and never changes the one it was given. Copying the
whole action log for every action made replaying a long session quadratic; a
:class:`SharedList` copy shares the backing and remembers its length instead, so a copy
costs the same for the first action and the fifty-thousandth. Items are only ever added
past every copy's length, so what a copy holds never changes under it; a copy that
appends after another copy has appended (a branch) first takes its own backing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import TypeVar, overload

T = TypeVar("T")

_APPEND = threading.Lock()
"""Checking that a copy may append to its backing and appending must not be split by
another thread appending to the same backing (the window's workers hold states too)."""


class SharedList(Sequence[T]):
    """A sequence with ``append``, ``extend`` and ``clear`` whose :meth:`copy` is O(1).

    Compares equal to a list (or another ``SharedList``) with the same items.
    """

    __slots__ = ("_items", "_length")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._length = len(self._items)

    def copy(self) -> SharedList[T]:
        """A copy sharing this one's backing; appending to either leaves the other as it is."""
        twin = SharedList.__new__(SharedList)
        twin._items = self._items
        twin._length = self._length
        return twin

    def append(self, item: T) -> None:
        """Add ``item`` at the end of this copy."""
        with _APPEND:
            if len(self._items) != self._length:  # another copy went on from here: branch
                self._items = self._items[: self._length]
            self._items.append(item)
            self._length += 1

    def extend(self, items: Iterable[T]) -> None:
        for item in items:
            self.append(item)

    def clear(self) -> None:
        """Empty this copy (others keep their items)."""
        self._items = []
        self._length = 0

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step == 1:
                return self._items[start:stop]
            return [self._items[i] for i in range(start, stop, step)]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("SharedList index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, self._length)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SharedList):
            return self._length == other._length and list(self) == list(other)
        if isinstance(other, list):
            return self._length == len(other) and list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable, like a list

    def __repr__(self) -> str:
        return f"SharedList({list(self)!r})"

    def __reduce__(self):
        return SharedList, (list(self),)


def shared(items: Sequence[T] | SharedList[T]) -> SharedList[T]:
    """``items`` as a :class:`SharedList` (itself if it already is one)."""
    return items if isinstance(items, SharedList) else SharedList(items)
