"""The engine's exceptions. An illegal action names the rule it breaks (RULES.md section)."""


class KorsarenError(Exception):
    pass


class MalformedAction(KorsarenError, ValueError):
    """The action is not an action at all: wrong shape, unknown card or colour name."""


class IllegalAction(KorsarenError):
    """A well-formed action that the rules forbid in this state. The state is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
