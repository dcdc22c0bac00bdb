"""A real HTTP server on loopback that answers as NZBMount's API would, from canned answers,
and records every request it got. Routes are ``(method, path)`` -> (status, body) or a
callable taking the request record; a body that is a list of bytes is streamed chunk by chunk."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


class Request:
    def __init__(self, method, path, query, headers, body):
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body

    def json(self):
        return json.loads(self.body.decode("utf-8"))


class FakeServer:
    def __init__(self):
        self.routes = {}
        self.requests = []
        self.lock = threading.Lock()
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.base = "http://127.0.0.1:%d" % self.httpd.server_address[1]

    def start(self):
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def answer(self, method, path, status=200, body=None):
        self.routes[(method, path)] = (status, body)

    def got(self, method, path):
        with self.lock:
            return [r for r in self.requests if r.method == method and r.path == path]

    def _handler(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def _any(self):
                parts = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                record = Request(self.command, parts.path, parse_qs(parts.query), self.headers, body)
                with server.lock:
                    server.requests.append(record)
                route = server.routes.get((self.command, parts.path))
                if route is None:
                    status, payload = 404, {"error": "no such path"}
                else:
                    status, payload = route
                    if callable(payload):
                        status, payload = payload(record)
                if isinstance(payload, list):
                    self.send_response(status)
                    self.send_header("Content-Type", "text/event-stream")
                    self.send_header("Connection", "close")
                    self.end_headers()
                    self.close_connection = True
                    try:
                        for chunk in payload:
                            self.wfile.write(chunk)
                            self.wfile.flush()
                    except (BrokenPipeError, ConnectionResetError):
                        pass  # the reader was closed: a stopped watch
                    return
                data = b"" if payload is None else json.dumps(payload).encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = _any

        return Handler
