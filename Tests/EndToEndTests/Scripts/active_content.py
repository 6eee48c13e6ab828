import http.server, json, sys, tempfile, threading, time
import headless_chromium

base, packs = sys.argv[1], json.loads(sys.argv[2])
problems, hits = [], []
hit = threading.Condition()
bodies = {pack["id"]: pack for pack in packs}

class Control(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path.startswith("/ran/"):
            with hit:
                hits.append(self.path[len("/ran/"):])
                hit.notify_all()
            self.send_response(204)
            self.end_headers()
            return
        pack = bodies[self.path[len("/control/"):]]
        body = pack["body"].encode()
        self.send_response(200)
        self.send_header("Content-Type", pack["type"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args):
        pass

control = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Control)
threading.Thread(target=control.serve_forever, daemon=True).start()
control_base = f"http://127.0.0.1:{control.server_address[1]}"

downloads = tempfile.mkdtemp(prefix="packserve-active-")
driver = headless_chromium.start(downloads=downloads)

def title_after_opening(url):
    driver.get("about:blank")
    driver.get(url)
    # Time for whatever the page would run to run: Chromium gives no event for "no script will run", and
    # runs on its own clock, so this is a chance given to a defect, not a wait for a condition.
    time.sleep(1.0)
    return driver.title

try:
    for pack in packs:
        title = title_after_opening(f"{control_base}/control/{pack['id']}")
        with hit:  # the hit comes from Chromium, another process, through the control server's thread
            ran = hit.wait_for(lambda: pack["id"] in hits, timeout=5)
        if not ran:
            problems.append(f"control: {pack['id']} ({pack['type']}) did not run even without PackServe's fields (title {title!r})")
        for path in pack["paths"]:
            title = title_after_opening(base + path)
            if title == "ran":
                problems.append(f"{path} ({pack['type']}): its script ran on PackServe's origin")
finally:
    driver.quit()

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"OK controls ran: {sorted(hits)}")
