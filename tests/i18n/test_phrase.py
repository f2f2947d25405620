"""A Phrase is its English text wherever a text goes, and a language says it again from its message and values."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from tourneybook.i18n import N_, Phrase, find_words
from tourneybook.rules.diplomacy_event import scoring_note, settings_of
from tourneybook.rules.game_scoring import SYSTEM_IDS


def test_a_phrase_is_its_english_text():
    rule = Phrase("Each power scores {points} per centre.", points="2.5")
    note = Phrase(N_("Game scoring: {system} ({numbers}). {rule}"), system="Tribute",
                  numbers=(Phrase("{name} {value}", name=Phrase("solo points"), value="100"),
                           Phrase("{name} {value}", name=Phrase("points for playing"), value="1")), rule=rule)
    assert note == "Game scoring: Tribute (solo points 100, points for playing 1). Each power scores 2.5 per centre."
    assert json.loads(json.dumps({"note": note})) == {"note": str(note)}
    for again in (copy.copy(note), copy.deepcopy(note), pickle.loads(pickle.dumps(note))):
        assert (type(again), again, again.message, again.values) == (Phrase, note, note.message, note.values)


def test_a_language_says_the_message_and_the_phrases_among_its_values_but_keeps_names_and_numbers():
    german = find_words("de")
    note = Phrase(N_("Game scoring: {system} ({numbers}). {rule}"), system="Solo points",  # a name, though a message
                  numbers=(Phrase("{name} {value}", name=Phrase("solo points"), value="100"),), rule=Phrase("{x}", x="y"))
    assert german.say(note) == "Partiewertung: Solo points (Punkte für den Solosieg 100). y"


@pytest.mark.parametrize("system", SYSTEM_IDS)
@pytest.mark.parametrize("code", ["es", "de", "it", "fr"])
def test_every_systems_note_is_said_from_its_own_rule(system, code):
    """The note's rule is the system's own message with its numbers, whatever another system's English reads like."""
    settings = settings_of(system)
    words = find_words(code)
    said = words.say(scoring_note(settings))
    rule = words._(settings.system.text).format(**settings.system.placeholders(dict(settings.system.numbers())))
    assert said.endswith(rule)
    assert said.startswith(words._("Game scoring: {system} ({numbers}). {rule}").partition("{")[0])
