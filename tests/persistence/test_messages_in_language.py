"""What is wrong with a damaged file is kept in English where it is stored or logged, and
shown in the player's language: a message carries its English and its named values, and
is translated where the window or the terminal shows it."""

from __future__ import annotations

import pytest

from knockrummy import language
from knockrummy.app import main
from knockrummy.language.message import shown
from knockrummy.persistence.exchange import prepare_import, read_session_file
from knockrummy.persistence.files import FileFormatError
from knockrummy.persistence.paths import user_paths
from knockrummy.persistence.settings_file import load_settings
from knockrummy.persistence.stats import sessions_json
from knockrummy.persistence.store import open_store

from .damaged import damaged_data_dir


def test_a_damaged_settings_file_is_reported_in_english_and_shown_in_french(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    _, message = load_settings(path)
    assert str(message).startswith("Your settings could not be read (settings.json is damaged")
    with language.speaking("fr"):
        french = shown(message)
    assert french.startswith("Vos réglages n'ont pas pu être lus (settings.json est abîmé")
    assert "le fichier a été conservé sous le nom settings.json.unreadable-" in french
    with language.speaking("es"):
        assert shown(message).startswith("No se pudieron leer tus ajustes (settings.json")


@pytest.mark.parametrize(
    ("text", "french", "spanish"),
    [
        ("[1, 2", "le fichier est abîmé (JSON non valide", "el archivo está dañado (JSON"),
        ("NaN", "le fichier contient NaN, qui n'est pas un nombre", "el archivo contiene NaN"),
        ("{}", "le fichier n'est pas un fichier de partie", "el archivo no es un archivo de"),
    ],
)
def test_an_import_refused_says_why_in_the_language(text, french, spanish):
    with pytest.raises(FileFormatError) as refused:
        prepare_import(text)
    assert "the file" in str(refused.value)  # English where it is logged
    with language.speaking("fr"):
        assert shown(refused.value).startswith(french)
    with language.speaking("es"):
        assert shown(refused.value).startswith(spanish)


def test_a_file_that_is_a_folder_is_refused_in_the_language(tmp_path):
    with pytest.raises(FileFormatError) as refused:
        read_session_file(tmp_path)
    with language.speaking("fr"):
        assert shown(refused.value) == f"{tmp_path.name} est un dossier, pas un fichier"


def test_a_damaged_database_is_set_aside_with_a_notice_in_the_language(tmp_path):
    path = user_paths(str(tmp_path)).database
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database at all" * 100)
    opened = open_store(path)
    assert str(opened.message).startswith("Your saved games could not be opened: the file is")
    with language.speaking("fr"):
        assert shown(opened.message).startswith(
            "Vos parties enregistrées n'ont pas pu être ouvertes\u00a0: le fichier"
        )
    opened.store.close()


def test_a_damaged_session_is_stored_in_english_and_listed_in_the_language(
    tmp_path, capsys, monkeypatch
):
    data_dir, healthy, target = damaged_data_dir(tmp_path, "seats not JSON")
    store = open_store(user_paths(str(data_dir)).database).store
    problem = store.problem(target)
    assert problem.startswith(f"session #{target} is damaged: the seats is damaged")
    with language.speaking("fr"):
        assert shown(problem).startswith(f"la partie nº {target} est abîmée\u00a0: ")
    # the JSON export keeps the English, the same whichever language made it
    assert sessions_json(store)["damaged"][0]["problem"] == str(problem)
    store.close()
    monkeypatch.setenv("LANGUAGE", "fr")  # the terminal's language
    with language.speaking("en"):  # (and the language of before again after it)
        assert main(["ledger", "--data-dir", str(data_dir)]) == 0
    out = capsys.readouterr().out
    assert f"la partie nº {target} est abîmée" in out


def test_what_is_wrong_inside_a_file_names_the_value_in_the_language(tmp_path):
    """The value a refusal names ("seat 2's name") is translated with the sentence."""
    import json

    from knockrummy.persistence import schema

    seats = [{"name": "Ann"}, {"name": "B" * 41}]
    data = {"profile": "gin-rummy", "players": 2, "seed": 1, "seats": seats, "actions": []}
    with pytest.raises(FileFormatError) as refused:
        schema.session_file_data(data)
    assert str(refused.value) == "seat 2's name is 41 characters long; a name is at most 40"
    with language.speaking("fr"):
        assert shown(refused.value) == (
            "le nom de la place 2 fait 41 caractères\u00a0; un nom en a 40 au plus"
        )
    path = tmp_path / "settings.json"
    doc = {"format": "knockrummy-settings", "schema": 1, "data": {"sound": "no"}}
    path.write_text(json.dumps(doc), encoding="utf-8")
    _, message = load_settings(path)
    assert "sound must be true or false, not the text 'no'" in message
    with language.speaking("es"):
        assert "el sonido debe valer true o false, no el texto 'no'" in shown(message)
