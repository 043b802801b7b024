#!/usr/bin/env python3
"""The browser test of the web page (issue 39), standard library only.

Serves the built page (build-web/page) on 127.0.0.1 with web/selftest.js injected, opens it in
headless Chromium (SwiftShader) at 1280x720, and checks what the page reports: a lesson's slide
is drawn (many colours, not one), the picture holds still and changes when the step moves,
Copy link makes the page's address the link to the slide, and the page's emulator gives the
same trace as the native program's `warpscope trace` (web/trace_digest.py), exports become
downloads, the settings are kept in localStorage and come back when the page is opened again.
Then a 1024-thread block stepped a step a frame: frames per second. Prints the figures; exit 0 when every check passes.

usage: web/test-page.py PAGE_DIR NATIVE_WARPSCOPE [--screenshot FILE]
"""
import base64
import http.server
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse

from trace_digest import digest

HERE = pathlib.Path(__file__).resolve().parent
# Requests at the lessons' sizes, run on the page's emulator and natively.
REQUESTS = [
    "--algo reduce-sequential --n 4096 --block 256 --pattern random",
    "--algo reduce-warp-shuffle --n 1024 --block 1024 --type float --pattern random",
    "--algo scan-kogge-stone --n 1024 --block 1024",
]
LESSON = "?lesson=01-reduction-ladder&slide=2&presentation"
BLOCK_1024 = "?algo=reduce-sequential&n=1024&block=1024"
# A link with a key no link may carry, written with an escape sequence: refused, on the page.
REFUSED = "?lab-fits&%1B%5B2Jnope=1"
TIMEOUT_S = 120


def native_answer(warpscope, flags, tmp):
    out = os.path.join(tmp, "native.wstrace")
    subprocess.run([warpscope, "trace", *flags.split(), "--backend", "cpu", "-o", out],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return digest(pathlib.Path(out).read_bytes())


class Server(http.server.ThreadingHTTPServer):
    page_dir = None
    results = None  # {"report": dict, "screenshot": bytes}
    done = None


class Handler(http.server.SimpleHTTPRequestHandler):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=args[2].page_dir, **kwargs)

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = urllib.parse.urlparse(self.path).path
        if path in ("/", "/index.html"):
            html = (pathlib.Path(self.server.page_dir) / "index.html").read_text()
            html = html.replace("<body>", '<body><script src="/selftest.js"></script>', 1)
            return self.send(200, "text/html", html.encode())
        if path == "/selftest.js":
            return self.send(200, "text/javascript", (HERE / "selftest.js").read_bytes())
        return super().do_GET()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path == "/screenshot":
            self.server.results["screenshot"] = base64.b64decode(body.split(b",", 1)[1])
        elif self.path == "/report":
            self.server.results["report"] = json.loads(body)
            self.server.done.set()
        self.send(200, "text/plain", b"ok")

    def send(self, code, kind, data):
        self.send_response(code)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def open_in_chromium(page_dir, query, config):
    """Loads the page with the query, waits for the self-test's report."""
    server = Server(("127.0.0.1", 0), Handler)
    server.page_dir, server.results, server.done = str(page_dir), {}, threading.Event()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/index.html%s#%s" % (
        server.server_address[1], query, urllib.parse.quote(json.dumps(config)))
    profile = tempfile.mkdtemp(prefix="ws-chromium-")
    browser = subprocess.Popen(
        ["chromium", "--headless=new", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
         "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--user-data-dir=" + profile,
         "--window-size=1280,720", "--disable-renderer-backgrounding",
         "--disable-background-timer-throttling", url],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not server.done.wait(TIMEOUT_S):
            raise SystemExit("test-page: no report from the page within %d s (%s)" % (TIMEOUT_S, url))
    finally:
        browser.terminate()
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            browser.kill()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    if "error" in server.results["report"]:
        raise SystemExit("test-page: the page failed: " + server.results["report"]["error"])
    return server.results


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    page_dir, warpscope = pathlib.Path(sys.argv[1]), sys.argv[2]
    shot = sys.argv[sys.argv.index("--screenshot") + 1] if "--screenshot" in sys.argv else None
    shot = shot or os.environ.get("WS_PAGE_SCREENSHOT")  # web/check.sh --screenshot, via ctest
    failures = []

    def check(ok, what):
        print(("ok    " if ok else "FAIL  ") + what)
        if not ok:
            failures.append(what)

    # The lesson's page, then the same page opened again at a request's link without
    # presentation mode: the settings the page keeps bring it back.
    config = {"settleFrames": 30, "stepFrames": 30, "stepBy": 1, "requests": REQUESTS,
              "fpsSeconds": 1, "reopen": "?algo=reduce-sequential&n=1024", "roundTrip": True}
    got = open_in_chromium(page_dir, LESSON, config)
    r = got["report"]
    pics = r["pictures"]
    check(pics["slide"]["width"] == 1280 and pics["slide"]["height"] == 720,
          "the page draws at 1280x720 (%dx%d)" % (pics["slide"]["width"], pics["slide"]["height"]))
    check(pics["slide"]["colours"] >= 16,
          "the lesson's slide is drawn: %d colours" % pics["slide"]["colours"])
    check(pics["slide"]["light"] > 160,
          "the link's presentation mode is on show (its light theme: background brightness %.0f)"
          % pics["slide"]["light"])
    check(pics["still"]["hash"] == pics["slide"]["hash"], "the picture holds still between frames")
    check(pics["stepped"]["hash"] != pics["still"]["hash"],
          "stepping (to step %s) changes the picture" % r["stepTo"])
    check("lesson=01-reduction-ladder" in r["link"] and "slide=2" in r["link"],
          "Copy link makes the page's address the link: " + r["link"])
    check(r["roundTrip"].endswith("every one reopened"),
          "every flag a link carries, opened, Copy link, reopened in the page: " + r["roundTrip"])
    with tempfile.TemporaryDirectory() as tmp:
        for flags in REQUESTS:
            native, page = native_answer(warpscope, flags, tmp), r["emulator"][flags]
            check(native == page, "emulator %s: page %s, native %s" % (flags, page, native))
    wanted = ["warpscope-trace.csv", "quiz-scores.csv", ".png"]
    for said, name in zip(r["exports"], wanted):
        check(said.startswith("downloaded ") and said.endswith(name),
              "an export becomes a download: " + said)
    check(len(r["downloads"]) == 3, "three downloads offered: %s" % r["downloads"])
    kept = json.loads(r["settings"] or "{}")
    check(kept.get("presentation") is True and "quiz" in kept,
          "the settings (presentation mode, quiz scores) kept in localStorage")
    again = json.loads(r["reopened"]["settings"] or "{}")
    check(again.get("presentation") is True,
          "the page opened again at %s keeps presentation mode" % r["reopened"]["query"])
    t = r["times"]
    print("time to first frame: %.0f ms from navigation start (runtime ready %.0f ms, the session "
          "made %.0f ms, the window opened %.0f ms, main returned %.0f ms, the first frame's "
          "function %.0f ms)" % (r["firstFrameMs"], t["runtime"], t["session"], t["window"],
                                 t["main"], t["firstFrame"]))
    if shot and "screenshot" in got:
        pathlib.Path(shot).write_bytes(got["screenshot"])
        print("screenshot: " + shot)

    config.update(settleFrames=10, stepFrames=1, requests=[], fpsSeconds=5, reopen="")
    r = open_in_chromium(page_dir, BLOCK_1024, config)["report"]
    print("frames per second, stepping a 1024-thread block a step a frame: %.1f (the frame's "
          "function %.1f ms a frame; the last frame %s)"
          % (r["fps"], r["frameFunctionMs"], r["drawCounts"]))
    check(r["fps"] > 0, "the 1024-thread block steps")

    config.update(settleFrames=5, fpsSeconds=0, roundTrip=False)
    r = open_in_chromium(page_dir, REFUSED, config)["report"]
    banner = r.get("banner", "")
    check(banner.startswith("not a warpscope link: \\x1b[2Jnope is not something a link may set")
          and r["pictures"]["slide"]["colours"] >= 16,
          "a link with a key no link carries is refused in one printable line on the page, which "
          "draws on: " + banner)
    if failures:
        raise SystemExit("test-page: %d check(s) failed" % len(failures))
    print("test-page: every check passed")


if __name__ == "__main__":
    main()
