"""A Dask cluster runs a simulation through its ``concurrent.futures`` executor: the serial summary.

Runs when ``distributed`` is installed (the ``dask`` extra; the ``test`` extra pulls it in).
"""

from __future__ import annotations

import pytest

import brawl

distributed = pytest.importorskip("distributed")


def duel() -> brawl.Encounter:
    kira = brawl.Creature(
        id="kira", side="heroes", hero=True, stamina_max=20, pos=(1, 1),
        characteristics=brawl.Characteristics(might=2),
    )  # fmt: skip
    gob = brawl.Creature(id="gob", stamina_max=24, pos=(5, 4), characteristics=brawl.Characteristics(might=2))
    return brawl.Encounter.create(brawl.Terrain.flat(8, 8), [kira, gob], seed=4)


def test_a_local_dask_cluster_gives_the_serial_summary() -> None:
    """``executor=client.get_executor()`` on a local cluster of 2 worker processes."""
    start = duel()
    serial = brawl.simulate(start, runs=8, seed=2)
    seen: list[int] = []
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = brawl.simulate(
            start,
            runs=8,
            seed=2,
            executor=client.get_executor(),
            batch=3,
            progress=lambda d, n: seen.append(d),
        )
    assert on_dask == serial
    assert on_dask.to_dict() == serial.to_dict()
    assert seen[-1] == 8
