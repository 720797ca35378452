"""Issue 46: inputs a held-out fuzz harness found that slipped past the checks.

Each test fails without its fix: a foreign exception (csv.Error, RecursionError, Python's
int-digits ValueError, TypeError) where bluffmath's own error belongs, bad input that was
accepted, an argument parsed wrongly, or an error in the class server's log.
"""

from __future__ import annotations

import io
import logging
import zipfile
from fractions import Fraction

import pytest

from bluffmath.cli import main
from bluffmath.distribution import Distribution
from bluffmath.errors import InvalidInputError, SaveFileError
from bluffmath.hochstapler import (
    CardCountingBot,
    Game,
    round_values,
    save_game,
    total_distribution,
)
from bluffmath.hochstapler.rules import check_colour
from bluffmath.review import class_games, review_many
from bluffmath.review.decision import Decision, Review, Thresholds
from bluffmath.review.habits import doubt_timing, habits_of, pattern_of

FOUR = save_game(Game(players=4).new_game(seed=4).raise_(6, "red").raise_(7, "purple").doubt())
RESULTS = "table,game,seat,name\n" + "".join(f"1,1,{seat},{name}\n" for seat, name in
                                              enumerate(["Ann", "Ben", "Cy", "Bot 4"], 1))


def download(files: dict[str, str | bytes]) -> bytes:
    """A class download (a ZIP) holding ``files``, built in memory."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return data.getvalue()


# --- class_games ---------------------------------------------------------------------------------

def test_a_good_download_still_reads() -> None:
    games = class_games(download({"results.csv": RESULTS, "table-1-game-1.json": FOUR}))
    assert games == {"bluffmath-hochstapler-game": [(FOUR, ("Ann", "Ben", "Cy", "Bot 4"))]}


def test_a_name_longer_than_the_csv_module_reads_is_a_save_file_error() -> None:
    results = "table,game,seat,name\n1,1,1," + "x" * 200_000 + "\n"
    with pytest.raises(SaveFileError, match=r"results\.csv .*cells of at most 1,000 characters"):
        class_games(download({"results.csv": results, "table-1-game-1.json": FOUR}))


def test_a_name_the_csv_module_reads_but_too_long_is_refused() -> None:
    results = RESULTS.replace("Ann", "A" * 5000)
    with pytest.raises(SaveFileError, match=r"results\.csv .*a name of 5,000 characters; at most 1,000"):
        class_games(download({"results.csv": results, "table-1-game-1.json": FOUR}))


def test_a_save_nested_too_deep_is_a_save_file_error_naming_it() -> None:
    with pytest.raises(SaveFileError, match=r"table-1-game-1\.json .*nested at most 64 deep"):
        class_games(download({"results.csv": RESULTS, "table-1-game-1.json": "[" * 100_000}))


def test_a_file_name_of_5000_digits_is_a_save_file_error_naming_it() -> None:
    name = f"table-{'1' * 5000}-game-1.json"
    with pytest.raises(SaveFileError, match=r"table-1+\.\.\.1+-game-1\.json .*at most 40 digits; got 5,000"):
        class_games(download({"results.csv": RESULTS, name: FOUR}))


def test_a_number_of_5000_digits_in_results_csv_is_refused() -> None:
    results = RESULTS.replace("1,1,1,Ann", f"1,{'1' * 5000},1,Ann")
    with pytest.raises(SaveFileError, match=r"results\.csv .*a game must be a whole number of at most 40 digits"):
        class_games(download({"results.csv": results, "table-1-game-1.json": FOUR}))


def test_a_huge_move_number_in_moves_csv_is_refused_not_counted_up_to() -> None:
    moves = "table,game,move,name,played by\n1,1,100001,Ann,student\n"  # 10**30 would fill the memory
    with pytest.raises(SaveFileError, match=r"moves\.csv .*a move must be at most 100,000"):
        class_games(download({"results.csv": RESULTS, "moves.csv": moves, "table-1-game-1.json": FOUR}))


def test_seats_with_a_gap_are_refused() -> None:
    results = RESULTS.replace("1,1,2,Ben\n", "")
    with pytest.raises(SaveFileError, match="must name seats 1 to 3, each at least once; it names seats 1, 3, 4"):
        class_games(download({"results.csv": results, "table-1-game-1.json": FOUR}))


def test_digits_other_than_ascii_are_not_read_as_a_table() -> None:
    games = class_games(download({"results.csv": RESULTS, "table-1-game-1.json": FOUR,
                                  "table-\u0663-game-1.json": FOUR}))  # an Arabic-Indic 3: not a save's name
    assert len(games["bluffmath-hochstapler-game"]) == 1


def test_an_encrypted_member_is_a_save_file_error() -> None:
    data = bytearray(download({"results.csv": RESULTS, "table-1-game-1.json": FOUR}))
    # set the "encrypted" flag of every entry (local header at offset 6, central at 8)
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = data.find(signature)
        while at >= 0:
            data[at + offset] |= 1
            at = data.find(signature, at + 4)
    with pytest.raises(SaveFileError, match=r"results\.csv .*cannot be unpacked"):
        class_games(bytes(data))


# --- review_many ---------------------------------------------------------------------------------

def test_review_many_refuses_a_dict_of_games() -> None:
    with pytest.raises(InvalidInputError, match=r"games must be a list of games .* got a dict"):
        review_many({FOUR: 1}, 0)


def test_review_many_refuses_three_names_for_a_four_seat_game() -> None:
    with pytest.raises(InvalidInputError, match=r"game 1: the game has 4 seats, so names must name 4 .* got 3"):
        review_many([(FOUR, ("Ann", "Ben", "Cy"))], "Ann")
    with pytest.raises(InvalidInputError, match="game 2: the game has 4 seats"):  # also when the name is missing
        review_many([(FOUR, ("Ann", "Ben", "Cy", "Dee")), (FOUR, ("Ben", "Cy", "Dee"))], "Ann")


def test_review_many_refuses_names_that_are_not_text() -> None:
    with pytest.raises(InvalidInputError, match="names and makers must be text"):
        review_many([(FOUR, ("Ann", None, 3, "Dee"))], "Ann")
    with pytest.raises(InvalidInputError, match="names and makers must be text"):
        review_many([(FOUR, ("Ann", "Ben", "Cy", "Dee"), (1,))], "Ann")


def test_review_many_refuses_an_empty_name_and_a_huge_seat_in_words() -> None:
    with pytest.raises(InvalidInputError, match="a seat number or a name"):
        review_many([FOUR], "")
    with pytest.raises(InvalidInputError, match="game 1: seat must be a whole number from 0 to 3, got a number of"):
        review_many([FOUR], 10**5000)


def test_the_review_helpers_refuse_what_they_cannot_read() -> None:
    with pytest.raises(InvalidInputError, match="spots must be a list of DoubtSpot"):
        doubt_timing([1, 2])
    with pytest.raises(InvalidInputError, match="game must be one of"):
        pattern_of("chess", None)
    with pytest.raises(InvalidInputError, match="decision must be a Decision"):
        pattern_of("hochstapler", None)
    odd = Decision(1, 0, "raise", "", {"a": Fraction(1), "b": Fraction(0)}, "b", "")
    with pytest.raises(InvalidInputError, match="is a raise"):
        pattern_of("hochstapler", odd)
    with pytest.raises(InvalidInputError, match="reviews must be a list"):
        habits_of(0, None)
    with pytest.raises(InvalidInputError, match="each option must be text"):
        Decision(1, 0, "raise", "", {1: Fraction(1)}, 1, "")
    with pytest.raises(InvalidInputError, match="values must map each option"):
        Decision(1, 0, "raise", "", 7, "a", "")


def test_huge_numbers_in_review_arguments_are_refused_in_words() -> None:
    review = Review("hochstapler", 0, "a model", "a unit", ())
    with pytest.raises(InvalidInputError, match="got a number of 5,001 digits"):
        review.costliest(-(10**5000))
    with pytest.raises(InvalidInputError, match="got a fraction of 5,002 digits"):
        Thresholds(Fraction(1, 10**5000))


# --- the Hochstapler round model and counting ----------------------------------------------------

def test_round_values_refuses_a_bias_of_5000_digits() -> None:
    with pytest.raises(InvalidInputError, match=r"doubt_bias must be .* at most 40 digits below the line; got a fraction"):
        round_values(4, 3, (), Fraction(1, 10**5000))


def test_a_bot_refuses_a_huge_parameter_in_words() -> None:
    with pytest.raises(InvalidInputError, match="got a number of 5,001 digits"):
        CardCountingBot(open_at=10**5000)
    with pytest.raises(InvalidInputError, match=r"colour must be one of .* got a number of 5,001 digits"):
        check_colour(10**5000)


def test_total_distribution_refuses_a_dict_of_face_up_cards() -> None:
    with pytest.raises(InvalidInputError, match=r"face_up must be a sequence of whole numbers from 0 to 7, got \{0: 5\}"):
        total_distribution(4, None, {0: 5})
    assert total_distribution(4, None, [0]) == total_distribution(4, None, (0,))


# --- Distribution --------------------------------------------------------------------------------

def test_a_distribution_refuses_nan_and_other_inexact_outcomes() -> None:
    with pytest.raises(InvalidInputError, match=r"outcomes must be exact: .* got nan"):
        Distribution({float("nan"): 1, 1: 1})
    with pytest.raises(InvalidInputError, match="outcomes must be exact"):
        Distribution({complex(1, 1): 1})


def test_the_mean_of_outcomes_that_are_not_numbers_is_refused_in_words() -> None:
    words = Distribution.uniform("ab")
    with pytest.raises(InvalidInputError, match="the mean needs outcomes that are numbers"):
        words.mean()
    with pytest.raises(InvalidInputError, match="a sum of distributions needs outcomes that are numbers"):
        words + Distribution({1: 1})
    with pytest.raises(InvalidInputError, match="the event must be a function"):
        words.P("a")
    assert repr(Distribution({10**5000: 1})) == "Distribution({a number of 5,001 digits: 1})"


# --- the command line ----------------------------------------------------------------------------

def test_an_empty_item_in_face_up_is_an_error(capsys) -> None:
    assert main(["hochstapler", "odds", "--players", "4", "--face-up", "0,,7"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "--face-up must be card values separated by commas" in err
    assert "no empty item; got '0,,7'" in err


def test_a_deck_starting_with_a_minus_sign_is_the_options_value(capsys) -> None:
    assert main(["hochstapler", "duel", "--deck", "-1,2"]) == 2
    err = capsys.readouterr().err
    assert err == "bluffmath: error: each value in deck must be a whole number from 0 to 13, got -1\n"


def test_a_missing_value_says_how_to_give_one_that_starts_with_a_minus(capsys) -> None:
    assert main(["hochstapler", "duel", "--deck"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "one that starts with '-' is written --deck=VALUE" in err


# --- the class server ----------------------------------------------------------------------------

def test_a_client_that_leaves_during_join_leaves_no_error_in_the_log(caplog) -> None:
    from tests.class_server import served

    scope = {"type": "http", "http_version": "1.1", "method": "POST", "scheme": "http", "path": "/join",
             "raw_path": b"/join", "root_path": "", "query_string": b"", "server": ("testserver", 80),
             "client": ("10.0.0.9", 5000), "headers": [(b"host", b"testserver"), (b"content-length", b"40"),
                                                        (b"content-type", b"application/x-www-form-urlencoded")]}
    parts = iter([{"type": "http.request", "body": b"code=AB", "more_body": True}, {"type": "http.disconnect"}])
    sent: list[dict[str, object]] = []

    async def receive() -> dict[str, object]:
        return next(parts)

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    with caplog.at_level(logging.DEBUG), served() as (client, app):
        client.portal.call(app, scope, receive, send)  # the app as a server runs it
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert sent[0]["status"] == 400
