"""Knock Rummy: a desktop knock rummy game."""

from importlib import metadata

try:
    __version__ = metadata.version("knockrummy")
except metadata.PackageNotFoundError:  # a source checkout that is not installed
    __version__ = "0.1.0"
