import pytest


@pytest.fixture(autouse=True)
def _isolated(fresh_cache) -> None:
    """Every test starts with an empty cache."""
