"""Schlagdame: Dame played to lose (shared/rules/SCHLAGDAME.md). Dame's engine and bots with the
misère goal (SD1): a seat without a legal move on its turn wins."""

from games.dame.engine import DameGame

GAME = DameGame("schlagdame", misere=True)

__all__ = ["GAME"]
