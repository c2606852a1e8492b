"""The 19 exploit cards of Agorapolis (spec §13): ids, names, parameters, League rules."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Card:
    """One exploit card: its id, display names, whether it names a sector, refusability."""

    id: str
    en: str
    fr: str
    needs_sector: bool = False
    refusable: bool = False


CARDS: tuple[Card, ...] = (
    Card("heroic_year", "Heroic Year", "Année Héroïque"),
    Card("benefactor_of_sciences", "Benefactor of Sciences", "Bienfaiteur des sciences"),
    Card("trojan_horse", "Trojan Horse", "Cheval de Troie"),
    Card(
        "astronomical_insight",
        "Astronomical Insight",
        "Compréhension astronomique",
        refusable=True,
    ),
    Card("pythia_consultation", "Consulting the Pythia", "Consultation des Pythies"),
    Card("league_founding", "Founding of a League", "Création d'une Ligue"),
    Card("glorious_tales", "Glorious Tales", "Diffusion de récits glorieux"),
    Card("colony_founding", "Founding of a Colony", "Fondation d'une colonie"),
    Card("shared_glory", "Shared Glory", "Gloire partagée", refusable=True),
    Card("pandoras_hope", "Pandora's Hope", "L'Espoir de Pandore"),
    Card("patron_of_philosophers", "Patron of Philosophers", "Mécène des philosophes"),
    Card("birth_of_a_hero", "Birth of a Hero", "Naissance d'un héros"),
    Card("phidias_patronage", "Patronage of Phidias", "Parrainage de Phidias"),
    Card(
        "curse_proclamation",
        "Proclamation of a Curse",
        "Proclamation de malédiction",
        needs_sector=True,
        refusable=True,
    ),
    Card("internal_strife", "Internal Strife", "Querelles intestines", refusable=True),
    Card("fabulous_recipes", "Fabulous Recipes", "Recettes fabuleuses"),
    Card(
        "persian_resistance",
        "Resisting the Persian Invasion",
        "Résistance à l'Invasion Perse",
        refusable=True,
    ),
    Card(
        "sabotage",
        "Cunningly Orchestrated Sabotage",
        "Sabotage habilement orchestré",
        needs_sector=True,
        refusable=True,
    ),
    Card("olympic_victory", "Olympic Victory", "Victoire aux Jeux olympiques"),
)

CARD_IDS: tuple[str, ...] = tuple(card.id for card in CARDS)
BY_ID: dict[str, Card] = {card.id: card for card in CARDS}
REFUSABLE: frozenset[str] = frozenset(card.id for card in CARDS if card.refusable)
NEEDS_SECTOR: frozenset[str] = frozenset(card.id for card in CARDS if card.needs_sector)

assert len(CARDS) == 19 and len(BY_ID) == 19
