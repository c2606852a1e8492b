"""The six cities of Agorapolis (spec §12): fetish numbers and display names."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class City:
    """A city board: its id, fetish number and display names; powers live in the phases."""

    id: str
    fetish: int
    en: str
    fr: str


CITIES: tuple[City, ...] = (
    City("athens", 1, "Athens", "Athènes"),
    City("corinth", 2, "Corinth", "Corinthe"),
    City("delphi", 3, "Delphi", "Delphes"),
    City("olympia", 4, "Olympia", "Olympie"),
    City("sparta", 5, "Sparta", "Sparte"),
    City("syracuse", 6, "Syracuse", "Syracuse"),
)

CITY_IDS: tuple[str, ...] = tuple(city.id for city in CITIES)
FETISH: dict[str, int] = {city.id: city.fetish for city in CITIES}

#: Corinth's extra dice every Harvest (added after the agriculture bounds, §18.4).
CORINTH_BONUS = 2
#: Olympia's renown for winning religion in a Resolution (§12, §18.27).
OLYMPIA_RELIGION_RENOWN = 2
