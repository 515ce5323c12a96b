"""The translations: one folder per language, ``<code>/LC_MESSAGES/knockrummy.po`` (what a
translator edits) and ``knockrummy.mo`` (compiled from it, read by the game as package
data). ``knockrummy.pot`` is the template the extraction writes. See
``docs/languages.md``."""
