"""Serve a built site on loopback, optionally under a sub-path (as GitHub Pages does).

    python tools/serve.py [--dir dist] [--port 8000] [--base /pygames/]

Only GET/HEAD of files inside ``--dir`` are answered; correct MIME types for
``.wasm``/``.mjs``/``.whl``; everything outside ``--base`` is 404.
"""

from __future__ import annotations

import argparse
import errno
import functools
import http.server
import sys
import threading
from pathlib import Path

EXTRA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".gz": "application/gzip",  # (as GitHub Pages: the page inflates these itself, web/wheels.js)
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    base = "/"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **EXTRA_TYPES}

    def _outside_base(self) -> bool:
        return not self.path.split("?", 1)[0].split("#", 1)[0].startswith(self.base)

    def translate_path(self, path: str) -> str:
        clean = path.split("?", 1)[0].split("#", 1)[0]
        return super().translate_path("/" + clean[len(self.base):])

    def do_GET(self) -> None:
        if self.path.rstrip("/") + "/" == self.base and not self.path.endswith("/"):
            self.send_response(301)
            self.send_header("Location", self.base)
            self.end_headers()
            return
        if self._outside_base():
            self.send_error(404, "outside the site's base path")
            return
        super().do_GET()

    def do_HEAD(self) -> None:
        if self._outside_base():
            self.send_error(404, "outside the site's base path")
            return
        super().do_HEAD()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if getattr(self.server, "verbose", True):
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that leaves in the middle of a download (a tab closed, a test's page gone) is
        not an error of the server's: nothing is printed; anything else is, as usual."""
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(directory: Path, port: int = 0, base: str = "/", verbose: bool = True) -> http.server.ThreadingHTTPServer:
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = functools.partial(type("H", (Handler,), {"base": base}), directory=str(directory))
    server = Server(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.verbose = verbose  # type: ignore[attr-defined]
    return server


def serve_in_thread(directory: Path, base: str = "/") -> tuple[http.server.ThreadingHTTPServer, str]:
    server = make_server(directory, 0, base, verbose=False)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = str(server.server_address[0]), int(server.server_address[1])  # AF_INET: (str, int)
    return server, f"http://{host}:{port}{base if base.startswith('/') else '/' + base}"


def port_number(text: str) -> int:
    """An ``argparse`` type: a TCP port, 0 (any free port) to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535, not {port}")
    return port


def port_problem(error: OSError, port: int) -> str:
    """One line for the player when the server cannot listen on ``port``, naming a way out."""
    other = 8080 if port != 8080 else 8081
    how = f"choose another one: make serve PORT={other}"
    if error.errno == errno.EADDRINUSE:
        return f"Port {port} is already taken (is the site already being served?): {how}"
    if error.errno == errno.EACCES:
        return f"Port {port} needs administrator rights: {how}"
    return f"Cannot serve on port {port} ({error.strerror or error}): {how}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path("dist"))
    parser.add_argument("--port", type=port_number, default=8000)
    parser.add_argument("--base", default="/")
    args = parser.parse_args()
    if not (args.dir / "index.html").is_file():
        raise SystemExit(f"{args.dir}/index.html not found: run `make build` first")
    try:
        server = make_server(args.dir.resolve(), args.port, args.base)
    except OSError as error:
        raise SystemExit(port_problem(error, args.port)) from None
    host, port = str(server.server_address[0]), int(server.server_address[1])  # AF_INET: (str, int)
    base = "/" + args.base.strip("/") + "/" if args.base.strip("/") else "/"
    print(f"pygames is served at http://{host}:{port}{base}  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
