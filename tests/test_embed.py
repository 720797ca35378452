"""The embeddable calculators (``bluffmath embed``), without a browser: each calculator's
answer is the core's, bad input is refused with a useful message, the wheel is a real
wheel of the whole core, the site and the command do what the docs say. The pages in a
real browser: tests/browser/test_embed.py.

Every expected number here comes from the core, called directly.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import os
import re
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from played import muenchhausen_game

import bluffmath
from benchmarks import embed as bench
from bluffmath import gauner, hoax
from bluffmath import hochstapler as hs
from bluffmath import muenchhausen as mh
from bluffmath.cli import main
from bluffmath.embed import site, wheel
from bluffmath.embed.calculators import CALCULATORS, calculate, calculate_json
from bluffmath.errors import InvalidInputError

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"


NUMBER = re.compile(r"-?\d+(/\d+)?")
"""An exact number as a page shows it: ``2/11``, or a whole number (``1``, ``0``)."""


def fraction(text: str) -> Fraction:
    assert NUMBER.fullmatch(text), f"not an exact number: {text!r}"
    return Fraction(text)


# --- each calculator against the core -------------------------------------------------

@pytest.mark.parametrize(("players", "own", "face_up", "call"), [
    (5, 3, (0, 7), 12), (3, None, (), 9), (7, 0, (5, 5, 6), 20), (4, 7, (0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4), 10),
])
def test_hochstapler_odds_is_the_cores(players, own, face_up, call):
    form = {"players": str(players), "own": "" if own is None else str(own),
            "face_up": ",".join(map(str, face_up)), "call": str(call)}
    r = calculate("hochstapler-odds", form)
    d = hs.total_distribution(players, own, face_up)
    assert fraction(r["answer"]["fraction"]) == hs.call_odds(players, own, call, face_up)
    [shown] = r["tables"]
    assert {int(row[0]): (int(row[1]), fraction(row[2]), fraction(row[3])) for row in shown["rows"]} == {
        t: (d.weight(t), d[t], d.at_least(t)) for t in d}
    exchanged = [line for line in r["lines"] if line.startswith("if you exchange")]
    if own is not None and len(face_up) < 15 - players:
        swap = hs.exchange_distribution(players, own, face_up).at_least(call)
        assert f"= {swap}" in exchanged[0]
    else:
        assert exchanged == []


def gauner_form(position: gauner.Position, seat: int, cell: str) -> dict[str, str]:
    """The calculator's form for a position (its JSON form, typed into the fields)."""
    data = position.to_json()
    form = {"players": str(data["players"]), "hand": " ".join(data["hand"]), "seat": str(seat), "cell": cell}
    for s, table in enumerate(data["tables"]):
        form[f"numbers{s}"] = ", ".join(f"{c}={n}" for c, n in table["numbers"].items())
        form[f"laid{s}"] = " ".join(table["laid"])
        form[f"notmine{s}"] = " ".join(table["not_mine"])
    return form


@pytest.mark.parametrize(("players", "seed", "turn"), [(2, 1, 4), (3, 2, 6), (4, 5, 8)])
def test_gauner_grid_is_the_cores(players, seed, turn):
    position = list(gauner.random_positions(players, seed=seed))[turn][0]
    solution = gauner.solve(position, engine="python")
    cell = gauner.GRID.name(position.unknown[-1])
    r = calculate("gauner-grid", gauner_form(position, 1, cell))
    assert fraction(r["answer"]["fraction"]) == solution.probability(1, cell)
    assert r["lines"][0].startswith(f"{solution.deals} deals")
    grids = {t["caption"]: t for t in r["tables"]}
    for holder in solution.holders:
        caption = "the cards nobody holds (surplus)" if holder == "surplus" else f"seat {holder}'s hidden cards"
        shown = {f"{row[0]}-{letter}": value for row in grids[caption]["rows"]
                 for letter, value in zip(gauner.LETTERS, row[1:], strict=True)}
        assert {c: fraction(p) for c, p in shown.items() if NUMBER.fullmatch(p)} == solution.table(holder)
        assert {c for c, p in shown.items() if p == "mine"} == {gauner.GRID.name(c) for c in position.hand}


def test_gauner_grid_reads_rows_and_columns():
    r = calculate("gauner-grid", {"players": "2", "hand": "red yellow", "numbers0": "green-A=2",
                                  "numbers1": "green-A=5", "seat": "1", "cell": "blue-B"})
    assert fraction(r["answer"]["fraction"]) == Fraction(7, 15)  # the README's example


@pytest.mark.parametrize(("form", "case", "ask"), [
    ({"edition": "original", "players": "4", "mine": "King", "claims": "1:Wizard 2:Wizard 3:Wizard",
      "honest": "1", "bluff": "1/3"},
     hoax.Case("original", 4, (hoax.Holds(0, "King", "own card"),
                               *(hoax.Claim(p, "Wizard") for p in (1, 2, 3))),
               hoax.BluffModel(Fraction(1), Fraction(1, 3))), (1, "Wizard")),
    ({"edition": "german", "players": "6", "mine": "", "claims": "1:Merchant, 2:King", "not": "3:Thief",
      "revealed": "4:peasant", "honest": "9/10", "bluff": "1/5"},
     hoax.Case("german", 6, (hoax.Holds(4, "Peasant", "revealed"), hoax.IsNot(3, "Thief", "bought"),
                             hoax.Claim(1, "Merchant"), hoax.Claim(2, "King")),
               hoax.BluffModel(Fraction(9, 10), Fraction(1, 5))), (3, "Merchant")),
    ({"edition": "original", "players": "3", "mine": "Thief", "claims": "1:King", "silent": "2:King",
      "honest": "3/4", "bluff": "1/4"},
     hoax.Case("original", 3, (hoax.Holds(0, "Thief", "own card"), hoax.Claim(1, "King"),
                               hoax.Claim(2, "King", spoke=False)),
               hoax.BluffModel(Fraction(3, 4), Fraction(1, 4))), (2, "King")),
])
def test_hoax_identities_is_the_cores(form, case, ask):
    r = calculate("hoax-identities", {**form, "player": str(ask[0]), "role": ask[1]})
    d = hoax.deduce(case)
    assert fraction(r["answer"]["fraction"]) == d.probability(*ask)
    [grid] = r["tables"]
    assert [[fraction(p) for p in row[1:]] for row in grid["rows"]] == [list(row.values()) for row in d.grid()]


def test_a_silence_counts_against_the_role_by_hand():
    """Three players, I hold the Thief: 11 cards unseen, 2 Kings. Player 2 kept silent as the
    King, where a King speaks 3 times in 4 and anyone else 1 time in 4: P(King) =
    (2/11 * 1/4) / (2/11 * 1/4 + 9/11 * 3/4) = 2/29."""
    form = {"edition": "original", "players": "3", "mine": "Thief", "claims": "", "silent": "2:King",
            "honest": "3/4", "bluff": "1/4", "player": "2", "role": "King"}
    assert fraction(calculate("hoax-identities", form)["answer"]["fraction"]) == Fraction(2, 29)
    without = calculate("hoax-identities", {**form, "silent": ""})
    assert fraction(without["answer"]["fraction"]) == Fraction(2, 11)


@pytest.mark.parametrize("before", ["b5", "d5:3"])
@pytest.mark.parametrize("model", ["uniform", "lowest-enough", "random-enough"])
def test_muenchhausen_card_is_the_cores(before, model):
    state, typed = muenchhausen_game(before)
    try:
        k = mh.Knowledge.from_log(state.log, mh.MODELS[model])
    except mh.ModelContradicted:
        with pytest.raises(mh.ModelContradicted):
            calculate("muenchhausen-card", {"players": "4", "model": model, "offer": "7", "before": typed})
        return
    hand = (1, 2, 5, 8)
    r = calculate("muenchhausen-card", {"players": "4", "model": model, "offer": "7", "before": typed,
                                        "hand": "1 2 5 8"})
    assert fraction(r["answer"]["fraction"]) == mh.honest_chance(k)
    [shown] = r["tables"]
    assert {int(v): fraction(p) for v, p in shown["rows"]} == mh.card_chances(k)
    decision = mh.decide(k, hand)
    assert f"so {decision.choice}" in r["lines"][1]
    assert f"believe +{decision.believe}" in r["lines"][1]


def test_defaults_give_an_answer_for_every_calculator():
    for name in CALCULATORS:
        r = calculate(name, {})
        assert fraction(r["answer"]["fraction"]) >= 0
        assert r["answer"]["percent"].endswith(" %")


def _gauner_default() -> Fraction:
    hand = [f"{colour}-{letter}" for colour in ("red", "yellow") for letter in gauner.LETTERS]
    position = gauner.Position.from_json({"game": "gauner-raus", "players": 2, "me": 0, "hand": hand, "tables": [
        {"numbers": {"green-A": 2}, "laid": [], "not_mine": []},
        {"numbers": {"green-A": 5}, "laid": [], "not_mine": []}]})
    return gauner.solve(position).probability(1, "green-B")


def _hoax_default() -> Fraction:
    case = hoax.Case("original", 4, (hoax.Holds(0, "King", "own card"), *(hoax.Claim(p, "Wizard") for p in (1, 2, 3))),
                     hoax.BluffModel(Fraction(1), Fraction(1, 3)))
    return hoax.deduce(case).probability(1, "Wizard")


def _muenchhausen_default() -> Fraction:
    state = mh.Game(players=3).new_game().name(6).offer(6).pass_().pass_().lay(7)  # seat 1 lays on 6
    return mh.honest_chance(mh.Knowledge.from_log(state.log, mh.UNIFORM))


DEFAULT_ANSWERS = {  # each calculator's question for the form's own values, asked of the core directly
    "hochstapler-odds": lambda: hs.call_odds(5, 3, 12, (0, 7)),
    "gauner-grid": _gauner_default,
    "hoax-identities": _hoax_default,
    "muenchhausen-card": _muenchhausen_default,
}


def written_answer(page: str) -> tuple[dict[str, str], dict]:
    """The values and the JSON a page carries as its written answer."""
    start = page.index('<script type="application/json" id="bluffmath-written"')
    element = page[start:page.index("</script>", start)]
    values = html.unescape(element.split('data-values="', 1)[1].split('"', 1)[0])
    return json.loads(values), json.loads(element.split(">", 1)[1])


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_each_page_carries_the_cores_answer_for_its_own_values(name, tmp_path):
    """The answer a page shows before Python starts is the core's: the same JSON the page's
    worker returns for the form's defaults, and its fraction the one the core computes."""
    site.write_site(tmp_path, name)
    values, answer = written_answer((tmp_path / f"{name}.html").read_text(encoding="utf-8"))
    assert values == CALCULATORS[name].defaults()
    assert answer == json.loads(calculate_json(name, json.dumps(values))) == calculate(name, {})
    assert fraction(answer["answer"]["fraction"]) == DEFAULT_ANSWERS[name]()


def test_a_written_answer_cannot_end_the_script_it_sits_in():
    text = json.dumps({"error": "</script><script>alert(1)</script> & more"})
    safe = site._in_script(text)
    assert not {"<", ">", "&"} & set(safe)
    assert json.loads(safe) == json.loads(text)


# --- bad input ---------------------------------------------------------------------

@pytest.mark.parametrize(("name", "form", "message"), [
    ("hochstapler-odds", {"players": "9"}, "players must be a whole number from 3 to 7, got 9"),
    ("hochstapler-odds", {"call": "twelve"}, "the call must be a whole number of at least 0, got 'twelve'"),
    ("hochstapler-odds", {"face_up": "0,0,0,0"}, "only 3 card(s) of value 0"),
    ("hochstapler-odds", {"face_up": "seven"}, "separated by commas"),
    # text that str.isdigit lets through but int() refuses, or chokes on
    ("hochstapler-odds", {"players": "²"}, "players must be a whole number from 3 to 7, got '²'"),
    ("hochstapler-odds", {"call": "--3"}, "got '--3'"),
    ("hochstapler-odds", {"call": "9" * 5000}, "the call must be a whole number of at least 0"),
    ("gauner-grid", {"numbers1": "green-A=²"}, "such as green-A=5"),
    ("hoax-identities", {"claims": "²:Wizard"}, "such as 1:Wizard"),
    ("gauner-grid", {"hand": "red"}, "must make 12 with 2 players"),
    ("gauner-grid", {"numbers1": "green-A5"}, "such as green-A=5"),
    ("gauner-grid", {"laid1": "pink-A"}, "seat 1's laid cards: 'pink-A' is not a cell"),
    ("gauner-grid", {"numbers3": "red-A=1"}, "seat 3 is not at a table of 2 players"),
    ("gauner-grid", {"cell": "red-A"}, "red-A is not an unknown cell: it is in your hand"),
    ("gauner-grid", {"seat": "2"}, "the seat asked about must be a whole number from 1 to 1"),
    ("hoax-identities", {"claims": "1 Wizard"}, "such as 1:Wizard"),
    ("hoax-identities", {"claims": "1:Dragon"}, "role must be one of King"),
    ("hoax-identities", {"bluff": "2"}, "bluff must be from 0 to 1, got 2"),
    ("hoax-identities", {"players": "7"}, "players must be a whole number from 3 to 6, got 7"),
    ("muenchhausen-card", {"offer": "9"}, "the offer must be a whole number from 1 to 8, got 9"),
    ("muenchhausen-card", {"before": "x"}, "entries such as b5, d5:7 or r"),
    ("muenchhausen-card", {"before": "b9"}, "card values and offers run from 1 to 8"),
    ("muenchhausen-card", {"before": "r " * 8}, "no card left to lay"),
    ("muenchhausen-card", {"model": "greedy"}, "the model must be one of"),
    ("muenchhausen-card", {"hand": "0 9"}, "your hand must be card values from 1 to 8"),
])
def test_bad_input_is_refused_with_a_useful_message(name, form, message):
    with pytest.raises(InvalidInputError) as error:
        calculate(name, form)
    assert message in str(error.value)


def test_an_emptied_box_means_the_forms_default():
    assert calculate("hoax-identities", {"bluff": "", "honest": ""}) == calculate("hoax-identities", {})


def test_the_page_function_returns_errors_as_json():
    assert json.loads(calculate_json("hochstapler-odds", '{"players": "2"}')) == {
        "error": "players must be a whole number from 3 to 7, got 2"}
    assert "no calculator 'poker'" in json.loads(calculate_json("poker", "{}"))["error"]
    assert json.loads(calculate_json("hochstapler-odds", '{"players": 5}'))["error"] == (
        "the form's values: players must be text; found 5")
    assert "did you mean \"face_up\"" in json.loads(calculate_json("hochstapler-odds", '{"faceup": "1"}'))["error"]


def test_the_calculators_import_no_numpy_or_sympy(tmp_path):
    code = ("import json, sys\nfrom bluffmath.embed.calculators import CALCULATORS, calculate\n"
            "for name in CALCULATORS: calculate(name, {})\n"
            "print(json.dumps(sorted(sys.modules)))")
    run = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, check=True)
    heavy = [m for m in json.loads(run.stdout) if m.split(".")[0] in ("numpy", "sympy", "scipy", "mpmath")]
    assert heavy == []


# --- the wheel ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    return wheel.write_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_holds_every_core_file(built):
    package = ROOT / "bluffmath"
    shipped = (".py", ".typed", ".html", ".js", ".css", ".json", ".mo")  # .mo: the compiled catalogs
    expected = {f"bluffmath/{p.relative_to(package).as_posix()}" for p in package.rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and p.suffix in shipped}
    info = wheel.dist_info()
    with zipfile.ZipFile(built) as archive:
        assert archive.testzip() is None
        names = archive.namelist()
        assert set(names) == expected | {f"{info}/METADATA", f"{info}/WHEEL", f"{info}/RECORD"}
        assert "bluffmath/embed/static/bluffmath-embed.js" in names
        assert f"Version: {bluffmath.__version__}" in archive.read(f"{info}/METADATA").decode()
        assert "Tag: py3-none-any" in archive.read(f"{info}/WHEEL").decode()
        record = archive.read(f"{info}/RECORD").decode().splitlines()
        for line in record:
            name, digest, size = line.rsplit(",", 2)
            if name == f"{info}/RECORD":
                assert digest == size == ""
                continue
            data = archive.read(name)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)
        assert len(record) == len(names)
    assert built.name == f"bluffmath-{bluffmath.__version__}-py3-none-any.whl"


def test_the_wheel_is_the_same_every_time(built, tmp_path):
    assert wheel.write_wheel(tmp_path).read_bytes() == built.read_bytes()


def test_pip_installs_the_wheel_and_the_calculators_run_from_it(built, tmp_path):
    target = tmp_path / "target"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
                    "--target", str(target), str(built)], check=True, capture_output=True,
                   env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import json, bluffmath.embed.calculators as c; "
            "print(json.dumps([c.__file__, c.calculate('hochstapler-odds', {})['answer']['fraction']]))")
    run = subprocess.run([sys.executable, "-I", "-c", code, str(target)], capture_output=True, text=True,
                         cwd=tmp_path, check=True)
    file, answer = json.loads(run.stdout)
    assert Path(file).is_relative_to(target)
    assert fraction(answer) == hs.call_odds(5, 3, 12, (0, 7))


# --- the site ----------------------------------------------------------------------

def test_the_cdn_version_is_the_one_package_json_pins():
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    assert pinned == site.PYODIDE_VERSION
    assert f"https://cdn.jsdelivr.net/pyodide/v{pinned}/full/" == site.PYODIDE_CDN


def test_the_site_is_written_with_the_cdn_by_default(tmp_path):
    written, where = site.write_site(tmp_path, "hochstapler-odds")
    assert sorted(p.name for p in written) == sorted(
        ["hochstapler-odds.html", "bluffmath-embed.js", "bluffmath-embed-worker.js", "bluffmath-embed.css",
         wheel.wheel_name()])
    assert all(p.is_file() for p in written)
    page = (tmp_path / "hochstapler-odds.html").read_text()
    assert f'data-pyodide="{site.PYODIDE_CDN}"' in page
    assert f'data-wheel="{wheel.wheel_name()}"' in page
    assert 'data-state="loading"' in page
    assert "loading…" in page
    for f in CALCULATORS["hochstapler-odds"].fields:  # every control has its label
        assert f'<label for="f-{f.name}">' in page
        assert f'id="f-{f.name}" name="{f.name}"' in page
    assert "CDN" in where
    assert not (tmp_path / "pyodide").exists()


@pytest.mark.skipif(not PYODIDE.is_dir(), reason="needs `npm ci` (node_modules/pyodide)")
def test_all_with_a_local_pyodide(tmp_path):
    _, where = site.write_site(tmp_path, "all", PYODIDE)
    for name in CALCULATORS:
        assert 'data-pyodide="pyodide/"' in (tmp_path / f"{name}.html").read_text()
        assert f'href="{name}.html"' in (tmp_path / "index.html").read_text()
    for name in site.PYODIDE_NEEDS:
        assert (tmp_path / "pyodide" / name).read_bytes() == (PYODIDE / name).read_bytes()
    assert where == f"Pyodide {site.PYODIDE_VERSION}, copied into {tmp_path / 'pyodide'}"


def test_the_gauner_page_hides_the_seats_not_at_the_table(tmp_path):
    site.write_site(tmp_path, "gauner-grid")
    page = (tmp_path / "gauner-grid.html").read_text()
    assert '<fieldset data-needs-players="3"><legend>Seat 2' in page
    assert '<fieldset data-needs-players="4"><legend>Seat 3' in page


# --- the command -------------------------------------------------------------------

def test_the_command_writes_the_site_and_prints_the_snippet(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["embed", "muenchhausen-card", "-o", "site", "--url", "https://example.org/calc/"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "wrote site/muenchhausen-card.html"
    assert (tmp_path / "site" / "muenchhausen-card.html").is_file()
    assert out[-2] == ('<iframe src="https://example.org/calc/muenchhausen-card.html" title="Münchhausen: '
                       'believe or doubt?" width="100%" height="720" style="border: 0" loading="lazy" '
                       'data-bluffmath></iframe>')
    assert out[-1] == site.RESIZE
    assert any(site.PYODIDE_CDN in line for line in out)


def test_the_command_lists_the_calculators(capsys):
    assert main(["embed", "--list"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.splitlines()] == [*CALCULATORS, "all"]


@pytest.mark.parametrize(("argv", "message"), [
    (["embed", "poker", "-o", "site"], "no calculator 'poker'; choose one of hochstapler-odds"),
    (["embed", "-o", "site"], "name a calculator: hochstapler-odds"),
    (["embed", "hoax-identities"], "-o DIR is needed"),
    (["embed", "hoax-identities", "-o", "site", "--pyodide", "nowhere"], "nowhere is not a Pyodide distribution"),
])
def test_the_command_reports_bad_words(argv, message, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("bluffmath: error: ")
    assert message in err
    assert not (tmp_path / "site").exists()


def test_the_command_reports_a_folder_it_cannot_write(tmp_path, capsys):
    (tmp_path / "file").write_text("")
    assert main(["embed", "hochstapler-odds", "-o", str(tmp_path / "file")]) == 2
    assert "bluffmath: error: cannot write" in capsys.readouterr().err


# --- the benchmark's report --------------------------------------------------------

def test_the_report_puts_each_page_beside_its_baseline_and_checks_the_floors():
    page = bench.Load(first=120.0, ready=4000.0, gap=40.0, task=60.0, changes=[10.0, 30.0, 20.0])
    baseline = bench.Load(first=4500.0, ready=4500.0, gap=3600.0, task=3500.0, changes=[5.0, 8.0, 400.0])
    lines = bench.report({"hochstapler-odds": {"page": [page], "baseline": [baseline]}})
    assert lines[2] == ("| hochstapler-odds | this page | 120 ms (120 ms) | 4.00 s (4.00 s) "
                        "| 20 ms (30 ms; 3 inputs) | 40 ms (40 ms); 60 ms (60 ms) |")
    assert lines[3] == ("| hochstapler-odds | baseline: Pyodide on the page's thread | 4.50 s (4.50 s) | 4.50 s (4.50 s) "
                        "| 8 ms (400 ms; 3 inputs) | 3.60 s (3.60 s); 3.50 s (3.50 s) |")
    assert lines[5] == "- first answer sooner than the baseline's (medians): hochstapler-odds 38x"  # 4500 / 120
    assert lines[6] == "- first answer on the screen < 1.00 s: met (worst 120 ms over 1 cold loads)"
    assert lines[7] == ("- a changed input answered < 300 ms once ready: median met (20 ms), worst met (30 ms) "
                        "over 3 inputs")


def test_the_benchmark_draws_inputs_the_core_answers_or_refuses_in_words():
    import random

    rng = random.Random(34)
    for name in CALCULATORS:
        for _ in range(3):
            values = bench.inputs(name, rng)
            assert set(values) == {f.name for f in CALCULATORS[name].fields}
            for f in CALCULATORS[name].fields:  # a menu's value is one it offers
                assert not f.options or values[f.name] in {v for v, _ in f.options}
            want = bench.expected(name, values)
            assert set(want) in ({"fraction"}, {"error"})
            assert "unexpected" not in want.get("error", "")


# --- the iframe's height: the page's message and the snippet's script -------------

def test_the_page_posts_the_message_the_snippet_listens_for(tmp_path):
    site.write_site(tmp_path, "hoax-identities")
    script = (tmp_path / "bluffmath-embed.js").read_text()
    assert 'postMessage({ type: "bluffmath-height", height }, "*")' in script
    assert 'd.type!=="bluffmath-height"' in site.RESIZE
    frame, listener = site.snippet("hoax-identities", "").split("\n")
    assert " data-bluffmath>" in frame
    assert 'iframe[data-bluffmath]' in listener
    assert listener == site.RESIZE


def test_the_page_shows_what_loads_with_a_progress_bar(tmp_path):
    site.write_site(tmp_path, "hochstapler-odds")
    page = (tmp_path / "hochstapler-odds.html").read_text()
    status = page[page.index('<p class="status"'):page.index("</p>", page.index('<p class="status"'))]
    assert '<progress max="5" value="0">' in status
    assert "loading" in status


def test_the_how_to_shows_the_script_the_command_prints():
    how_to = (Path(__file__).resolve().parents[1] / "docs" / "how-to" / "embed-calculator.md").read_text()
    assert site.RESIZE in how_to


def test_one_calculator_then_all_into_one_folder(tmp_path, capsys):
    """The README's two commands, one after the other: the files they share are the same."""
    assert main(["embed", "hochstapler-odds", "-o", str(tmp_path)]) == 0
    assert main(["embed", "all", "-o", str(tmp_path)]) == 0
    assert {"index.html", "hochstapler-odds.html", "muenchhausen-card.html"} <= {p.name for p in tmp_path.iterdir()}
    capsys.readouterr()


def test_a_file_with_other_contents_is_still_not_replaced(tmp_path, capsys):
    assert main(["embed", "hochstapler-odds", "-o", str(tmp_path)]) == 0
    page = tmp_path / "hochstapler-odds.html"
    page.write_text("my own page", encoding="utf-8")
    assert main(["embed", "all", "-o", str(tmp_path)]) == 2
    assert "hochstapler-odds.html already exists with other contents" in capsys.readouterr().err
    assert page.read_text(encoding="utf-8") == "my own page"
    assert not (tmp_path / "index.html").exists()  # nothing written
    assert main(["embed", "all", "-o", str(tmp_path), "--force"]) == 0
    assert page.read_text(encoding="utf-8") != "my own page"
