"""The request records: each its own checks and its own rule."""

import brawl
from brawl.requests import Action


def test_every_request_defines_verify_and_resolve() -> None:
    """A request never falls back to Action's: its own cheap checks and its own rule."""
    missing = sorted(
        name
        for name, cls in Action.registry.items()
        if cls.verify is Action.verify or cls.resolve is Action.resolve
    )
    assert missing == []


def test_the_base_of_requests_is_no_request() -> None:
    """A shared base class stays out of the registry: JSON never names it."""
    assert "Request" not in Action.registry
    assert "FreeStrike" in Action.registry
    assert brawl.actions.FreeStrike is Action.registry["FreeStrike"]
