"""RULES.md: written from the profiles and from the sections the in-game rules page shows."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from knockrummy import language
from knockrummy.engine.cards import new_deck
from knockrummy.engine.profiles import PROFILES
from knockrummy.teaching import rules_text
from knockrummy.teaching.rules_document import (
    COMMAND,
    command,
    document_name,
    main,
    markdown_section,
    rules_document,
)
from knockrummy.teaching.rules_text import common_sections, own_sections, rules_page

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "RULES.md"
LAYOFF_PROFILES = tuple(pid for pid, p in PROFILES.items() if p.layoffs)


def flat(text: str) -> str:
    """Text with every run of white space made one space, Markdown emphasis dropped."""
    return " ".join(text.replace("*", "").split())


def page_text(sections) -> str:
    return flat(" ".join(f"{heading} {text}" for heading, text in sections))


def test_committed_rules_md_is_what_the_generator_writes_from_the_profiles_now():
    committed = DOCUMENT.read_text(encoding="utf-8").replace("\r\n", "\n")
    if committed != rules_document():
        pytest.fail(
            f"RULES.md is out of date with the profiles or the rules' words: run `{COMMAND}` "
            "from the repository root and commit the result"
        )


# Every point the specification marks "(resolved)", where it applies, and the words that
# state it. "common" points are checked in the common rules, the others in the profile's
# own rules; every one must also be on the rules page of each profile it applies to, and in
# RULES.md.
RESOLVED = [
    # Common: a card taken from the discard pile cannot be discarded in the same turn,
    # including as the knocking discard; applied to all profiles.
    (
        "common",
        tuple(PROFILES),
        "A card you took from the discard pile cannot go back on it in the same turn, not "
        "even face down as your knock.",
    ),
    # poker-rum, stock empty: the hand also stops once every player has had one turn
    # since the stock ran out.
    (
        "own",
        ("poker-rum",),
        "Declining ends the hand, and so does every player having had a turn since the stock "
        "ran out. The counts are then paid as above",
    ),
    # knock-rummy lay-offs: opponents lay off independently of each other.
    ("common", LAYOFF_PROFILES, "lays off independently of the other players, as if alone"),
    # knock-rummy lay-offs: among tied arrangements, the knocker's melds leave the fewest
    # lay-off cards among cards the knocker does not hold...
    (
        "common",
        LAYOFF_PROFILES,
        "When several arrangements tie, the game shows the one that leaves the fewest lay-off "
        "cards among the cards the knocker does not hold",
    ),
    # ...and where that still ties, the opponents' highest total deadwood after lay-offs.
    (
        "common",
        LAYOFF_PROFILES,
        "if that still ties, the one that leaves the other players the highest total count "
        "after their lay-offs",
    ),
    # knock-rummy undercut: each opponent tied at the lowest count scores it.
    (
        "own",
        ("knock-rummy",),
        "With several undercutters the lowest count wins, and every player tied at that count "
        "scores it.",
    ),
    # knock-rummy gin: the 25 once.
    ("own", ("knock-rummy",), "the bonus once, not once for each player"),
    # knock-rummy stock empty: the player to move declines the discard, or every player has
    # had a turn since it ran out: the hand is a draw and nobody scores.
    (
        "own",
        ("knock-rummy",),
        "Declining ends the hand, and so does every player having had a turn since the stock "
        "ran out. The hand is a draw: nobody scores.",
    ),
    # gin-classic stock exhaustion as gin-rummy: down to two cards, a draw.
    (
        "own",
        ("gin-classic", "gin-rummy"),
        "When a discard leaves two cards or fewer in the stock and nobody has knocked, the "
        "hand ends. The hand is a draw: nobody scores.",
    ),
    # knock-rami: a round also ends once every player has had a turn since the stock ran
    # out, and is scored the same way.
    (
        "own",
        ("knock-rami",),
        "so does every player having had a turn since the stock ran out. The round is scored "
        "exactly like one ended by a knock.",
    ),
    # knock-rami: the buy-back is offered at the moment of elimination, before the next deal.
    ("own", ("knock-rami",), "The offer is made at the moment they go out, before the next deal"),
    # knock-rami: half of an odd pot is kept exact (a fraction).
    ("own", ("knock-rami",), "half of an odd pot is kept exact, as a fraction"),
    # knock-rami: if every remaining player would be out after the same round, those with
    # the lowest score stay in.
    (
        "own",
        ("knock-rami",),
        "If every player still in would go out after the same round, those with the lowest "
        "score stay in.",
    ),
]


@pytest.mark.parametrize(("where", "profiles", "phrase"), RESOLVED)
def test_every_resolved_point_is_stated_on_each_profiles_page_and_in_rules_md(
    where, profiles, phrase
):
    document = flat(rules_document())
    assert flat(phrase) in document
    for profile_id in profiles:
        sections = common_sections() if where == "common" else own_sections(profile_id)
        assert flat(phrase) in page_text(sections), profile_id
        assert flat(phrase) in page_text(rules_page(profile_id)), profile_id


@pytest.mark.parametrize("profile_id", PROFILES)
def test_rules_md_holds_every_section_of_each_profiles_rules_page(profile_id):
    document = rules_document()
    assert f"## {PROFILES[profile_id].name}\n" in document
    for section in rules_page(profile_id):
        assert markdown_section(section) in document, section[0]


@pytest.mark.parametrize("profile_id", PROFILES)
def test_each_profiles_house_rules_are_its_resolved_points(profile_id):
    heading, text = own_sections(profile_id)[-1]
    assert heading == "House rules in force"
    assert text.split("\n") == [f"• {rule}" for rule in PROFILES[profile_id].resolved]


VALUES = (
    "knock_limit",
    "target",
    "knock_penalty",
    "undercut_bonus",
    "gin_bonus",
    "zero_deadwood_reward",
    "game_bonus",
    "hand_bonus",
    "default_stake",
)


@pytest.mark.parametrize("profile_id", PROFILES)
def test_every_number_in_a_profiles_rules_is_read_from_the_profile_not_retyped(
    monkeypatch, profile_id
):
    # Give every value the profile sets an unmistakable number: any other number left in
    # the profile's rules (worked examples and its own house-rule sentences aside) was typed.
    profile = PROFILES[profile_id]
    values = {name: 901 + i for i, name in enumerate(VALUES) if getattr(profile, name)}
    sizes = {size: 951 + i for i, size in enumerate(sorted(set(profile.hand_sizes.values())))}
    hand_sizes = {players: sizes[size] for players, size in profile.hand_sizes.items()}
    monkeypatch.setitem(PROFILES, profile_id, replace(profile, hand_sizes=hand_sizes, **values))
    monkeypatch.setattr(rules_text, "JOKER_POINTS", 977)
    statements = [
        paragraph
        for _, text in own_sections(profile_id)[:-1]
        for paragraph in text.split("\n")
        if not paragraph.startswith("Example: ")
    ]
    numbers = {int(n) for n in re.findall(r"\d+", " ".join(statements))}
    deck = len(new_deck(profile.jokers))
    allowed = {
        *values.values(),
        *sizes.values(),
        977,
        deck,
        profile.min_players,
        profile.max_players,
    }
    assert set(sizes.values()) <= numbers
    assert numbers <= allowed, (
        f"typed into the rules, not read from the profile: {numbers - allowed}"
    )


def _evaluate(node: ast.AST) -> Fraction:
    """The value of a sum of whole numbers, exactly (nothing but + - * / and brackets)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return Fraction(node.value)
    if isinstance(node, ast.BinOp):
        left, right = _evaluate(node.left), _evaluate(node.right)
        operations = {ast.Add: left + right, ast.Sub: left - right, ast.Mult: left * right}
        if isinstance(node.op, ast.Div):
            return left / right
        return operations[type(node.op)]
    raise ValueError(f"not a sum: {ast.dump(node)}")


def test_every_sum_in_the_worked_examples_adds_up():
    document = rules_document()
    sums = re.findall(r"([\d(][\d +−×/()]*?) = (\d+(?:/\d+)?)", document)
    assert len(sums) >= 12  # the examples of every profile and of the common rules
    for left, right in sums:
        expression = left.replace("−", "-").replace("×", "*")
        value = _evaluate(ast.parse(expression, mode="eval").body)
        assert value == Fraction(right), f"{left} = {right}"


def test_worked_examples_follow_the_profiles_values(monkeypatch):
    # A profile's bonus changes its examples too: they are scored, not written out.
    profile = PROFILES["knock-rummy"]
    monkeypatch.setitem(PROFILES, "knock-rummy", replace(profile, undercut_bonus=7))
    scoring = dict(own_sections("knock-rummy"))["Scoring"]
    assert "Each of them scores 9 − 6 + 7 = 10, and A nothing." in scoring


def test_the_generator_writes_the_document_to_a_file_or_standard_output(tmp_path, capsysbinary):
    target = tmp_path / "RULES.md"
    assert main([str(target)]) == 0
    assert target.read_bytes() == rules_document().encode("utf-8")
    assert main([]) == 0
    assert capsysbinary.readouterr().out == rules_document().encode("utf-8")


def test_readme_first_paragraph_points_to_the_rules_document_in_the_repository():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_paragraph = readme.split("\n\n")[1]
    assert "(RULES.md)" in first_paragraph
    assert DOCUMENT.is_file()


@pytest.mark.parametrize("code", [code for code in language.LANGUAGES if code != language.SOURCE])
def test_each_translated_rules_document_is_what_the_generator_writes_in_its_language(code):
    path = ROOT / document_name(code)
    assert path.is_file(), f"{path.name} is missing: run `{command(code)}`"
    committed = path.read_text(encoding="utf-8").replace("\r\n", "\n")
    if committed != rules_document(code):
        pytest.fail(f"{path.name} is out of date: run `{command(code)}` and commit the result")


@pytest.mark.parametrize("code", [code for code in language.LANGUAGES if code != language.SOURCE])
def test_a_translated_document_is_in_its_language_and_leaves_the_game_speaking_as_before(code):
    language.use(language.SOURCE)
    english = rules_document()
    translated = rules_document(code)
    assert language.current() == language.SOURCE
    english_lines = set(english.split("\n")) - {"", "|---|---|---|---|"}
    translated_lines = set(translated.split("\n"))
    # Every heading and paragraph is translated; only lines that hold nothing but cards,
    # numbers and names may read the same.
    same = [line for line in english_lines & translated_lines if re.search(r"[a-z]{4}", line)]
    assert same == []
    assert rules_document() == english


def test_the_generator_writes_a_translation_with_the_language_option(tmp_path):
    target = tmp_path / "RULES.fr.md"
    assert main(["--language", "fr", str(target)]) == 0
    assert target.read_bytes() == rules_document("fr").encode("utf-8")
    assert target.read_bytes() != rules_document().encode("utf-8")


def test_the_rules_page_speaks_the_current_language():
    try:
        language.use("fr")
        page = page_text(rules_page("gin-rummy"))
    finally:
        language.use(language.SOURCE)
    assert "Points morts" in page and "Deadwood" not in page
    assert "Gin rami" in page
