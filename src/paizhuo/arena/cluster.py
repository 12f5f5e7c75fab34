"""The arena's deals as Ray tasks (``paizhuo arena --ray ADDRESS``), past one machine.

Ray is optional: it is imported only here, and only when ``--ray`` is given (``pip install
'paizhuo[ray]'``). Every node of the cluster needs paizhuo installed (the tasks import it
and find the bots by name). A task plays one chunk of deals with the function the arena
gives (:func:`paizhuo.arena.duplicate.play_deals`), exactly as a local worker would, so the
figures are the same as a local run's. This module knows nothing of deals: the arena
imports it, not the reverse.
"""

from __future__ import annotations

import importlib
import socket
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from paizhuo.engine.errors import MalformedError

Spec = TypeVar("Spec")
Result = TypeVar("Result")

CONNECT_TIMEOUT = 5.0
"""Seconds to wait for a Ray head given as ``host:port`` before saying it cannot be reached."""


def ray_module() -> Any:
    """Ray, imported (it is optional), or a clear error where it is not installed."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise MalformedError("ray", "--ray needs Ray, which is not installed: "
                             "pip install 'paizhuo[ray]'") from None


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Refuse a ``host:port`` (or ``ray://host:port``) address nothing listens on, quickly
    and in one line (Ray itself would retry for a long time)."""
    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise MalformedError("ray", f"cannot reach a Ray cluster at {address}: "
                             f"{exc.strerror or exc}") from None


def connect(address: str) -> bool:
    """Connect to Ray at ``address`` (``auto``: the running cluster; ``local``: a new
    instance on this machine); returns whether this call started the connection (and so
    should shut it down). An already initialised Ray is used as it is."""
    ray = ray_module()
    if ray.is_initialized():
        return False
    if address == "local":
        ray.init(include_dashboard=False, log_to_driver=False)
        return True
    check_reachable(address)
    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise MalformedError("ray", f"cannot connect to Ray at {address}: "
                             f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"
                             ) from None
    return True


def run_on_ray(play: Callable[[Spec, list[int]], Result], spec: Spec,
               parts: Sequence[list[int]], address: str,
               collect: Callable[[Result], None]) -> None:
    """Run ``play(spec, part)`` for every chunk of ``parts`` as a Ray task, passing each
    result to ``collect`` as it comes in (``play`` must be a module's function: the nodes
    import it by name)."""
    ray = ray_module()
    started = connect(address)
    try:
        task = ray.remote(play)
        pending = [task.remote(spec, part) for part in parts]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                collect(ray.get(ref))
    finally:
        if started:
            ray.shutdown()
