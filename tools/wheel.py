"""Build pure-Python wheels reproducibly with the standard library only.

The site needs two wheels: the engine (``pygames_core``, described by
``pyproject.toml``) and the web layer (``web/main.py``, its ``web/page_*.py`` parts and ``web/pygames_ui/``).
Both are plain zip files; fixed timestamps and sorted entries make the bytes –
and so the sha256 in the site's lock file – depend only on the sources.
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

EPOCH = (2020, 1, 1, 0, 0, 0)
SKIP_PARTS = {".mypy_cache", ".pytest_cache"}


def _record_hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def build_wheel(
    out_dir: Path,
    dist_name: str,
    version: str,
    files: dict[str, Path],
    summary: str = "",
    requires_python: str = ">=3.11",
    stored: bool = False,
) -> Path:
    """Write ``<dist>-<version>-py3-none-any.whl`` holding ``files`` (archive path -> source).

    ``stored``: entries not compressed one by one, for a wheel that travels gzipped whole."""
    norm = dist_name.replace("-", "_")
    info = f"{norm}-{version}.dist-info"
    entries: list[tuple[str, bytes]] = [(arc, src.read_bytes()) for arc, src in sorted(files.items())]
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {dist_name}\nVersion: {version}\nSummary: {summary}\n"
        f"Requires-Python: {requires_python}\n"
    ).encode()
    wheel_meta = b"Wheel-Version: 1.0\nGenerator: pygames-tools\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries += [(f"{info}/METADATA", metadata), (f"{info}/WHEEL", wheel_meta)]
    record_lines = [f"{arc},{_record_hash(data)},{len(data)}" for arc, data in entries]
    record_lines.append(f"{info}/RECORD,,")
    entries.append((f"{info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{norm}-{version}-py3-none-any.whl"
    method, level = (zipfile.ZIP_STORED, None) if stored else (zipfile.ZIP_DEFLATED, 9)
    with zipfile.ZipFile(path, "w", compression=method, compresslevel=level) as zf:
        for arc, data in entries:
            zi = zipfile.ZipInfo(arc, EPOCH)
            zi.external_attr = 0o644 << 16
            zi.compress_type = method
            zf.writestr(zi, data, compresslevel=level)  # (a ZipInfo's entry: else zlib's default level)
    return path


def package_files(root: Path, package: str, suffixes: tuple[str, ...] = (".py", ".json", ".typed")) -> dict[str, Path]:
    """Every file of ``root/package`` with one of ``suffixes``, keyed by its path in the wheel."""
    base = root / package
    out: dict[str, Path] = {}
    for path in sorted(base.rglob("*")):
        if (path.is_file() and path.suffix in suffixes and not SKIP_PARTS & set(path.parts)
                and (path.suffix != ".pyc" or path.parent.name == "__pycache__")):
            out[path.relative_to(root).as_posix()] = path
    return out
