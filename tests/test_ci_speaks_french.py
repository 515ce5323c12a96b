"""CI proves the built executable speaks French with the locale and with the setting: it
plays a demo hand each way and looks for the French of the demo's last line. That line
must be what the French catalogue says, or the check would prove nothing."""

from __future__ import annotations

import re
from pathlib import Path

from knockrummy import language
from knockrummy.ui.runner import demo_line

ROOT = Path(__file__).resolve().parent.parent
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_french_ci_looks_for_is_the_demos_last_line_in_french():
    looked_for = set(re.findall(r'grep -q "([^"]+)" "\$tmp/demo-', CI))
    assert len(looked_for) == 1, looked_for
    (words,) = looked_for
    with language.speaking("fr"):
        assert words in demo_line(1, 2, None)
    assert words not in demo_line(1, 2, None)  # English: the check fails if French is missing


def test_ci_plays_the_french_demos_with_the_locale_and_with_the_setting():
    built = CI.index("pyinstaller --noconfirm")
    locale_run = CI.index('LANGUAGE=fr "$dist/KnockRummy" demo')
    setting = CI.index('"data": {"language": "fr"}')
    setting_run = CI.index('LANG=C.UTF-8 "$dist/KnockRummy" demo')
    assert built < locale_run < setting < setting_run
    assert "-u LANGUAGE -u LC_ALL -u LC_MESSAGES" in CI  # only the setting says French
    assert '"$XDG_CONFIG_HOME/KnockRummy/settings.json"' in CI
