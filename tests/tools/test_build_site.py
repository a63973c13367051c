"""tools/build_site.py: the wheels' bytecode layout and the start-up snapshot's key."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from build_site import check_links, stage_dir_of, with_bytecode, write_boot_config  # noqa: E402

BUILD_ID = "ab" * 32


def test_bytecode_takes_the_place_of_each_source(tmp_path: Path) -> None:
    """zipimport reads a sourceless ``x.pyc`` where ``x.py`` would be: the wheels carry bytecode only."""
    (tmp_path / "pkg").mkdir()
    for name in ("pkg/__init__", "pkg/mod"):
        (tmp_path / f"{name}.py").write_text("x = 1\n")
        (tmp_path / f"{name}.pyc").write_bytes(b"bytecode")
    (tmp_path / "pkg" / "data.json").write_text("{}")
    files = {p.relative_to(tmp_path).as_posix(): p for p in tmp_path.rglob("*") if p.suffix in (".py", ".json")}
    out = with_bytecode(files)
    assert sorted(out) == ["pkg/__init__.pyc", "pkg/data.json", "pkg/mod.pyc"]
    assert out["pkg/mod.pyc"] == tmp_path / "pkg" / "mod.pyc"


def test_a_source_without_bytecode_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "mod.py").write_text("x = 1\n")
    with pytest.raises(SystemExit, match="no bytecode for .*mod.py"):
        with_bytecode({"mod.py": tmp_path / "mod.py"})


def _site(out: Path, worker: str = "worker", wheels: str = "wheels", wheel_sha: str = "1" * 64) -> dict[str, object]:
    """A minimal built site; returns the ``SITE`` that write_boot_config puts into boot.js."""
    (out / "pyodide").mkdir(parents=True, exist_ok=True)
    (out / "pyodide" / "pyodide.mjs").write_text(f'x={{BUILD_ID:"{BUILD_ID}"}}')
    (out / "pyodide" / "stdlib.zip.gz").write_bytes(b"zip")
    (out / "snapshot-worker.js").write_text(worker)
    (out / "wheels.js").write_text(wheels)
    (out / "boot.js").write_text("const SITE = __SITE__;\n")
    packages = {name: {"file_name": f"{name}.whl", "sha256": wheel_sha} for name in ("pygames-core", "pygames-ui")}
    write_boot_config(out, {"info": {}, "packages": packages})
    text = (out / "boot.js").read_text()
    return json.loads(text.removeprefix("const SITE = ").removesuffix(";\n"))


def test_the_snapshot_key_follows_everything_the_heap_depends_on(tmp_path: Path) -> None:
    """A new worker, wheel loader or wheel never restores an old heap: each changes the key."""
    base = _site(tmp_path / "a")
    assert base["packages"] == ["pygames-core", "pygames-ui"]
    assert str(base["snapshotKey"]).startswith(BUILD_ID[:12] + "-")
    assert _site(tmp_path / "b")["snapshotKey"] == base["snapshotKey"], "the key is reproducible"
    for changed in ({"worker": "worker 2"}, {"wheels": "wheels 2"}, {"wheel_sha": "2" * 64}):
        assert _site(tmp_path / "c", **changed)["snapshotKey"] != base["snapshotKey"], changed


def test_a_preload_of_a_file_not_shipped_stops_the_build(tmp_path: Path) -> None:
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "stdlib.zip.gz").write_bytes(b"gz")
    head = '<html><head><link rel="preload" href="pyodide/{}" as="fetch"><link rel="icon" href="data:,"></head>'
    (tmp_path / "index.html").write_text(head.format("stdlib.zip.gz") + "<body></body></html>")
    check_links(tmp_path)
    (tmp_path / "index.html").write_text(head.format("stdlib.zip") + "<body></body></html>")
    with pytest.raises(SystemExit, match=r"pyodide/stdlib\.zip'\]"):
        check_links(tmp_path)


def test_a_kept_gzip_is_reused_only_while_it_inflates_to_its_input(tmp_path: Path) -> None:
    """tools/gzip_files.mjs keeps Zopfli's output for every clone on the machine: a damaged entry
    (a build stopped, a disk's fault) is never shipped, it is made again."""
    import gzip
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "@gfx" / "zopfli").is_dir():
        pytest.skip("needs Node and the build's npm packages (make test installs them)")
    data = b"pygames " * 5000
    (tmp_path / "f.bin").write_bytes(data)
    cache = tmp_path / "cache"

    def gz() -> bytes:
        subprocess.run([node, str(ROOT / "tools" / "gzip_files.mjs"), str(cache), str(tmp_path / "f.bin")], check=True, cwd=ROOT)
        return (tmp_path / "f.bin.gz").read_bytes()

    first = gz()
    assert gzip.decompress(first) == data
    [entry] = cache.iterdir()
    entry.write_bytes(first[: len(first) // 2])  # damaged
    assert gz() == first and entry.read_bytes() == first  # made again, and kept whole
    assert gz() == first  # reused


def test_the_kept_gzips_live_once_per_machine_else_in_the_clone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from build_site import machine_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert machine_cache("gz") == tmp_path / "pygames" / "gz" and (tmp_path / "pygames" / "gz").is_dir()
    (tmp_path / "file").write_text("")  # a cache home that cannot hold a folder
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    assert machine_cache("gz") == ROOT / ".cache" / "gz"


def test_two_output_folders_of_the_same_name_stage_apart(tmp_path: Path) -> None:
    """/tmp/a/dist and the project's dist/ are built at once (a helper's copy, make serve's):
    each stages its sources in its own folder, or one build deletes the other's files."""
    ours = stage_dir_of(ROOT / "dist")
    assert ours == ROOT / "build" / "py"
    theirs = {stage_dir_of(tmp_path / "a" / "dist"), stage_dir_of(tmp_path / "b" / "dist"), stage_dir_of(tmp_path / "site")}
    assert len(theirs) == 3 and ours not in theirs
    assert stage_dir_of(tmp_path / "site") == stage_dir_of(tmp_path / "site" / ".." / "site")
