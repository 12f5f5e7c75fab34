"""The arena's deals as Ray tasks give the figures of a local run (a local Ray instance)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from paizhuo.arena.duplicate import make_spec, run_arena
from paizhuo.engine.errors import MalformedError

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'paizhuo[ray]'; "
                                         "the test extra brings it)")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_tasks_give_the_local_numbers(local_ray: Any) -> None:
    spec = make_spec("gouji", ["greedy", "random"], 4)
    seen: list[int] = []
    on_ray = run_arena(spec, 6, ray="auto", progress=seen.append)
    local = run_arena(spec, 6, workers=1)
    assert json.dumps(on_ray.summary) == json.dumps(local.summary)
    assert seen[-1] == 6 and seen == sorted(seen)
    assert on_ray.to_json()["run"]["ray"] == "auto"


def test_an_address_nobody_listens_on_is_refused_quickly() -> None:
    from paizhuo.arena.cluster import check_reachable

    with pytest.raises(MalformedError, match=r"cannot reach a Ray cluster at 127\.0\.0\.1:1"):
        check_reachable("127.0.0.1:1", timeout=2.0)
