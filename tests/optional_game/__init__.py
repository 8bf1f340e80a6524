"""Snap, a tiny game that lives in the tests only (never on the site): the platform's optional
moves (Status.optional, issue 29) end to end, since no game on the site has them yet.

The seat on turn turns the stock's top card onto the pile; any other seat holding a card of the
same rank may snap it out of turn (one snap per card, a point each). `conftest.py` installs its
web app for these tests alone.
"""
