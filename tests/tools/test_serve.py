"""``make serve`` (tools/serve.py) on a port it cannot use: one plain line, a way out, a non-zero exit."""

from __future__ import annotations

import errno
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from serve import port_problem, serve_in_thread  # noqa: E402


def run_serve(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "serve.py"), "--dir", str(site), *args],
                          capture_output=True, text=True, timeout=30)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    return tmp_path


def test_a_busy_port_says_so_in_one_line(site: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_serve(site, "--port", str(port))
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert f"Port {port} is already taken" in lines[0]
    assert "make serve PORT=8080" in lines[0]
    assert "Traceback" not in result.stderr


def test_the_suggested_port_is_never_the_busy_one() -> None:
    busy = OSError(errno.EADDRINUSE, "Address already in use")
    assert "PORT=8080" in port_problem(busy, 8000)
    assert "PORT=8081" in port_problem(busy, 8080)


def test_a_privileged_port_is_explained() -> None:
    line = port_problem(OSError(errno.EACCES, "Permission denied"), 80)
    assert line.startswith("Port 80 needs administrator rights") and "make serve PORT=8080" in line


@pytest.mark.parametrize("port", ["99999", "-1", "http"])
def test_a_port_that_cannot_exist_is_refused_by_name(site: Path, port: str) -> None:
    result = run_serve(site, f"--port={port}")
    assert result.returncode == 2
    assert "argument --port" in result.stderr and "Traceback" not in result.stderr


def test_paths_outside_the_base_are_a_plain_404(site: Path) -> None:
    server, url = serve_in_thread(site, "/pygames/")
    try:
        root = url.split("/pygames/")[0]
        for path in ("/favicon.ico", "/index.html", "/pygames-other/x"):
            with pytest.raises(urllib.error.HTTPError) as err:
                urllib.request.urlopen(root + path, timeout=10)
            assert err.value.code == 404, path
        with urllib.request.urlopen(url, timeout=10) as ok:
            assert ok.status == 200
    finally:
        server.shutdown()
