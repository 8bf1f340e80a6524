import pytest


@pytest.fixture(autouse=True)
def _isolated(fresh_cache, fast_passwords) -> None:
    """Every test starts with no rate-limit counters, and hashes passwords quickly."""
