"""Changes to a scenario for the runners' malformed-input tests: each returns a function that
changes a scenario (a dict) in place at a path of keys and indexes."""

from __future__ import annotations

from collections.abc import Callable


def set_at(path: tuple, value) -> Callable[[dict], None]:
    def mutate(scenario: dict) -> None:
        target = scenario
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def delete_at(path: tuple) -> Callable[[dict], None]:
    def mutate(scenario: dict) -> None:
        target = scenario
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return mutate
