"""Deck registration and validation for every game's limited rules (issue #5).

- :mod:`.limits`: the V:EKN table (7.2.1/7.2.2), effective boosters, resolved limits;
- :mod:`.validate`: every violation of a decklist against pool and limits;
- :mod:`.check`: deck-check discrepancies;
- :mod:`.deadlines`: the phase's deadline, extensions (per player too), reopened decks;
- :mod:`.unverified`: what a check could not verify (unknown kinds, a declared pool);
- :mod:`.decider`: the ``decks-<tid>`` aggregate (:data:`DECKS`).
"""
