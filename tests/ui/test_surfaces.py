"""The shades and the panel's stripes belong to whoever draws them (a table's painter
keeps them in its layers), each owner keeps only a few, and nothing is shared between
two owners."""

from __future__ import annotations

from knockrummy.ui import surfaces
from knockrummy.ui.surfaces import Layers

from .conftest import make_table


def test_a_shade_and_a_stripe_are_kept_by_their_owner_and_by_no_other():
    mine, other = Layers(), Layers()
    shade, stripe = mine.shade((320, 200)), mine.stripe((300, 40))
    assert mine.shade((320, 200)) is shade and mine.stripe((300, 40)) is stripe
    assert mine.tints_made == 2  # asked again: kept, not made again
    assert other.shade((320, 200)) is not shade
    assert other.stripe((300, 40)) is not stripe


def test_each_owner_keeps_only_the_latest_few():
    layers = Layers()
    for width in range(100, 110):
        layers.shade((width, 50))
        layers.stripe((width, 10))
    kept = layers.tints()
    assert kept["shades"] == [(w, 50) for w in range(110 - surfaces.SHADES, 110)]
    assert kept["stripes"] == [(w, 10) for w in range(110 - surfaces.STRIPES, 110)]
    layers.shade((100, 50))  # dropped: made again
    assert layers.tints_made == 21


def test_two_tables_do_not_share_their_shades():
    _, first = make_table(size=(1024, 640))
    _, second = make_table(size=(1024, 640))
    assert first.painter.layers.shade((1024, 640)) is not second.painter.layers.shade((1024, 640))
