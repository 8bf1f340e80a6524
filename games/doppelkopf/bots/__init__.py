"""placeholder"""

BOTS = None
