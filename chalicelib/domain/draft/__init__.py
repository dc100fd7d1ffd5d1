"""Booster draft: one decider per pod (``pod-<tid>-<n>``, :data:`.decide.POD`) and one
for the tournament's draft as a whole (``draft-<tid>``, :data:`.tournament.DRAFT`).
Visibility functions in :mod:`.views` decide what each viewer may read."""
