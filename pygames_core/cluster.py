"""Simulations on a Dask cluster (``simulate --scheduler ADDRESS``).

Needs ``dask.distributed`` (``pip install 'pygames-core[cluster]'``); the engine
itself stays standard-library only and imports this module only when asked.
The engine is shipped to the workers as a wheel built here from the installed
package (a wheel is a zip archive, which workers put on ``sys.path``), so the
workers need nothing but Python and Dask.  Games are the same as in a local run
(:func:`pygames_core.simulate.play_game`), so the results are too.
"""

from __future__ import annotations

import base64
import hashlib
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from . import __version__
from .simulate import GameResult, Progress, Setup, chunks, play_games

PACKAGE_ROOT = Path(__file__).resolve().parent
#: Games per task: large enough that scheduling costs little, small enough to spread the load.
GAMES_PER_TASK = 10


class ClusterError(RuntimeError):
    """The cluster could not be used (Dask missing, scheduler unreachable, a worker failed)."""


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def engine_wheel(out_dir: Path) -> Path:
    """Write the running engine as ``pygames_core-<version>-py3-none-any`` wheel, named ``.zip``.

    ``Client.upload_file`` puts ``.zip`` files on the workers' ``sys.path`` (it
    does not know the ``.whl`` suffix); the content is a regular wheel.
    """
    files = sorted(
        p for p in PACKAGE_ROOT.rglob("*")
        if p.is_file() and p.suffix in (".py", ".json", ".typed") and "__pycache__" not in p.parts
    )
    info = f"pygames_core-{__version__}.dist-info"
    entries = [(f"pygames_core/{p.relative_to(PACKAGE_ROOT).as_posix()}", p.read_bytes()) for p in files]
    entries.append((f"{info}/METADATA", f"Metadata-Version: 2.1\nName: pygames-core\nVersion: {__version__}\n".encode()))
    entries.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: pygames_core.cluster\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    record = "".join(f"{name},{_digest(data)},{len(data)}\n" for name, data in entries) + f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    path = out_dir / f"pygames_core-{__version__}-py3-none-any.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            archive.writestr(zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0)), data)
    return path


def run_on_dask(
    setup: Setup, count: int, seed: int, address: str, progress: Progress | None = None, timeout_s: float = 20.0
) -> list[GameResult]:
    """Play games ``0 .. count-1`` on the cluster whose scheduler is at ``address``."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError("--scheduler needs dask.distributed: pip install 'pygames-core[cluster]'") from None
    try:
        client: Any = Client(address, timeout=timeout_s)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    results: list[GameResult] = []
    try:
        with tempfile.TemporaryDirectory() as tmp:
            client.upload_file(str(engine_wheel(Path(tmp))))
        futures = [client.submit(play_games, setup, seed, list(r), pure=False) for r in chunks(count, GAMES_PER_TASK)]
        for future in as_completed(futures):
            try:
                batch = future.result()
            except Exception as exc:  # a worker's exception, re-raised here by Dask
                raise ClusterError(f"a worker failed: {type(exc).__name__}: {exc}") from exc
            results.extend(batch)
            if progress is not None:
                for _ in batch:
                    progress()
    finally:
        client.close()
    results.sort(key=lambda r: r.index)
    return results
