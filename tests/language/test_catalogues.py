"""The catalogues: every sentence marked in the code is in each language's catalogue,
translated, not fuzzy, with the same placeholders as the English; the compiled .mo say
what the .po say; and nothing is translated when a module is imported (it would stay in
the language of the start)."""

from __future__ import annotations

import ast
import gettext
import re
import string

import pytest

from knockrummy.engine.cards import Card
from knockrummy.language import LANGUAGES, SOURCE
from knockrummy.language.cards import FORMS, card_words

from .po import ROOT, catalogue_path, read_po

TRANSLATED = sorted(set(LANGUAGES) - {SOURCE})
TRANSLATING = {"_", "gettext", "ngettext", "pgettext", "npgettext"}
"""The functions that translate when called (``N_`` only marks)."""


def fields(text: str) -> set[str]:
    """The named placeholders of a sentence: ``{player} took {card}`` -> player, card; a
    card's form is its card (``{card.the}`` -> card: see ``language.cards``)."""
    return {
        re.split(r"[.\[]", name)[0]
        for _, name, _, _ in string.Formatter().parse(text)
        if name is not None
    }


def forms_asked(text: str) -> set[str]:
    """The forms a sentence asks of its placeholders: ``{card.the}`` -> ``card.the``."""
    return {
        name
        for _, name, _, _ in string.Formatter().parse(text)
        if name is not None and ("." in name or "[" in name)
    }


def marked_in_code() -> dict[tuple[str | None, str], str | None]:
    """Every sentence the code marks for the catalogue: (context, English) -> plural."""
    found: dict[tuple[str | None, str], str | None] = {}
    for path in sorted((ROOT / "knockrummy").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Name):
                name = node.func.id
            elif isinstance(node.func, ast.Attribute):  # a catalogue's own method
                name = node.func.attr
            else:
                continue
            args = [a.value if isinstance(a, ast.Constant) else None for a in node.args]
            if name in ("_", "gettext", "N_") and args and isinstance(args[0], str):
                found[(None, args[0])] = None
            elif name == "ngettext" and len(args) == 3 and isinstance(args[0], str):
                found[(None, args[0])] = args[1]
            elif name == "pgettext" and len(args) == 2 and isinstance(args[1], str):
                found[(args[0], args[1])] = None
            elif name == "npgettext" and len(args) == 4 and isinstance(args[1], str):
                found[(args[0], args[1])] = args[2]
    return found


def entries(code: str):
    """A catalogue's entries without its header."""
    return [e for e in read_po(catalogue_path(code)) if e.msgid]


def plural_count(code: str) -> int:
    header = read_po(catalogue_path(code))[0].strings[0]
    return int(re.search(r"nplurals=(\d+)", header).group(1))


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_catalogue_holds_every_sentence_the_code_marks_and_no_other(code):
    marked = marked_in_code()
    assert len(marked) > 100
    listed = {e.key: e.plural for e in entries(code)}
    assert sorted(set(marked) - set(listed), key=str) == [], "extract and update: see docs"
    assert sorted(set(listed) - set(marked), key=str) == [], "stale entries: update the .po"
    assert listed == marked, "a plural's English differs between the code and the catalogue"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(code):
    forms = plural_count(code)
    for entry in entries(code):
        assert "fuzzy" not in entry.flags, f"{code}: fuzzy {entry.msgid!r}"
        wanted = range(forms) if entry.plural is not None else range(1)
        for index in wanted:
            assert entry.strings.get(index), f"{code}: no translation of {entry.msgid!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_has_the_placeholders_of_its_english(code):
    for entry in entries(code):
        english = fields(entry.plural if entry.plural is not None else entry.msgid)
        for index, text in entry.strings.items():
            assert fields(text) == english, f"{code}: {entry.msgid!r} [{index}] {text!r}"
            values = dict.fromkeys(english, "x")
            if "card" in values:
                values["card"] = card_words(Card.parse("QH"))
            text.format(**values)  # and it formats


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_translation_asks_only_a_card_for_its_forms(code):
    """``{card.the}``, ``{card.of}``... name the forms :func:`knockrummy.language.cards.
    card_words` gives; nothing else in a sentence has forms (a typo would raise where the
    sentence is shown)."""
    allowed = {f"card.{form}" for form in (*FORMS, "name")}
    asked = set()
    for entry in entries(code):
        for text in entry.strings.values():
            forms = forms_asked(text)
            assert forms <= allowed, f"{code}: {entry.msgid!r}: {sorted(forms - allowed)}"
            asked |= forms
    assert {"card.the", "card.of", "card.it"} <= asked  # the check reads the forms used


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_committed_mo_says_what_the_po_says(code):
    with catalogue_path(code, "mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)._catalog  # noqa: SLF001 (the .mo's entries)
    expected = {}
    for entry in entries(code):
        key = entry.msgid if entry.context is None else f"{entry.context}\x04{entry.msgid}"
        if entry.plural is None:
            expected[key] = entry.strings[0]
        else:
            for index, text in entry.strings.items():
                expected[(key, index)] = text
    shipped = {k: v for k, v in compiled.items() if k != ""}
    assert shipped == expected, "compile the catalogues: python build/catalogues.py --compile"


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_plural_form_rule_of_the_language_is_in_the_header(code):
    header = read_po(catalogue_path(code))[0].strings[0]
    rule = {"fr": "plural=(n > 1)", "es": "plural=(n != 1)"}.get(code)
    assert "Plural-Forms: nplurals=" in header
    if rule is not None:
        assert rule in header
        translations = gettext.GNUTranslations(catalogue_path(code, "mo").open("rb"))
        assert translations.ngettext("{count} hand", "{count} hands", 1) != (
            translations.ngettext("{count} hand", "{count} hands", 2)
        )


def test_nothing_is_translated_when_a_module_is_imported():
    """A call to ``_`` at a module's or a class's top level runs once, at import, in the
    language of the start: a later switch would never reach it (``N_`` marks instead)."""
    found = []
    for path in sorted((ROOT / "knockrummy").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        stack = [(tree, False)]
        while stack:
            node, in_function = stack.pop()
            if (
                not in_function
                and isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in TRANSLATING
            ):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            deeper = in_function or isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
            )
            stack += [(child, deeper) for child in ast.iter_child_nodes(node)]
    assert found == []


def test_sentences_whose_meaning_is_not_obvious_carry_a_note_for_translators():
    """A sentence with a placeholder other than a count, or with a context, tells the
    translator what goes in it."""
    bare = [
        e.msgid
        for e in entries(TRANSLATED[0])
        if (fields(e.msgid) - {"count"} or e.context) and not e.comments
    ]
    assert len(bare) <= ALLOWED_BARE, bare


ALLOWED_BARE = 0


def test_french_puts_a_no_break_space_before_high_punctuation():
    """French sets a space before ``:`` ``;`` ``!`` ``?``, and the line may not break there
    ("Pioche :" never leaves its colon alone on the next line): a no-break space."""
    loose = [
        (e.msgid, text)
        for e in entries("fr")
        for text in e.strings.values()
        if re.search(r" [:;!?]", text)
    ]
    assert not loose, loose[:5]
    spaced = [text for e in entries("fr") for text in e.strings.values() if "\u00a0:" in text]
    assert spaced, "no French sentence has a colon at all: the check reads nothing"
