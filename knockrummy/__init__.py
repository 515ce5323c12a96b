"""Knock Rummy: a desktop knock rummy game.

``__version__`` is read from the installed package's metadata when first asked for, not at
start-up: reading it loads ``importlib.metadata``, which the first frame does not need.
"""

import functools


@functools.cache
def app_version() -> str:
    """The installed package's version ("0.1.0" in a source checkout not installed)."""
    from importlib import metadata

    try:
        return metadata.version("knockrummy")
    except metadata.PackageNotFoundError:  # a source checkout that is not installed
        return "0.1.0"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return app_version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
