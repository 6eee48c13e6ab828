import base64, hashlib, http.server, json, sys, threading, urllib.error, urllib.request
import headless_chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

base, expected, screenshot = sys.argv[1], sys.argv[2], sys.argv[3]
# Optional: the page's query naming a view (`?channel=beta&build=1.10`) and the prefix of that view's documents.
query, prefix = (sys.argv[4], sys.argv[5]) if len(sys.argv) > 5 else ("", "")
problems = []

def get(path):
    with urllib.request.urlopen(base + path, timeout=30) as response:
        return response.read()

page_base = base
if expected == "tampered":
    class Tamper(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = get(self.path)
            if self.path == "/manifest":
                text = body.decode()
                body = (text[:-2] + ("A" if text[-2] != "A" else "B") + text[-1]).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def log_message(self, *args):
            pass
    proxy = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Tamper)
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    # "localhost" is a secure context, as the server's own address is: WebCrypto is available there.
    page_base = f"http://localhost:{proxy.server_address[1]}"

def human(n):
    if n < 1024:
        return f"{n} B"
    value, units = float(n), ["KiB", "MiB", "GiB", "TiB"]
    unit = -1
    while value >= 1024 and unit < len(units) - 1:
        value /= 1024
        unit += 1
    return f"{value:.1f} {units[unit]}"

# The console, to see whether the page's Content-Security-Policy refused anything the page needs.
driver = headless_chromium.start(browser_log=True, window_size="1280,1600")
try:
    driver.get(page_base + "/" + query)
    WebDriverWait(driver, 30).until(
        lambda d: d.find_element(By.ID, "signature-status").text not in ("", "checking…"))
    status = driver.find_element(By.ID, "signature-status").text
    version = driver.capabilities.get("browserVersion", "?")
    if expected == "verified" and status != "verified":
        problems.append(f"signature status {status!r}, expected 'verified'")
    if expected == "tampered" and (status == "verified" or "does not verify" not in status):
        problems.append(f"a tampered signature shows {status!r}")

    payload = json.loads(get(prefix + "/manifest.json"))
    rows = {row.get_attribute("data-id"): row for row in driver.find_elements(By.CSS_SELECTOR, "#packs tbody tr")}
    if sorted(rows) != sorted(p["id"] for p in payload["packs"]):
        problems.append(f"packs listed {sorted(rows)}, manifest has {sorted(p['id'] for p in payload['packs'])}")
    apple = {p["id"]: p["version"] for p in json.loads(get(prefix + "/download-manifest.json"))["assetPacks"]}
    for pack in payload["packs"]:
        row = rows.get(pack["id"])
        if row is None:
            continue
        cells = [td.text for td in row.find_elements(By.TAG_NAME, "td")]
        link = row.find_element(By.TAG_NAME, "a").get_attribute("href")
        if cells[3] != human(pack["size"]):
            problems.append(f"{pack['id']}: size {cells[3]!r}, expected {human(pack['size'])!r}")
        if cells[5] != pack["sha256"] or cells[4] != str(apple[pack["id"]]):
            problems.append(f"{pack['id']}: digest or Apple version cells {cells[4:6]}")
        private = pack.get("access") == "private"
        if private != ("private" in cells[0]):
            problems.append(f"{pack['id']}: name cell {cells[0]!r} for access {pack.get('access', 'public')}")
        if link != pack["url"]:
            problems.append(f"{pack['id']}: link {link}, manifest says {pack['url']}")
        elif private:
            try:
                urllib.request.urlopen(link, timeout=30)
                problems.append(f"{pack['id']}: a private pack's bytes came without credentials")
            except urllib.error.HTTPError as error:
                if error.code != 403:
                    problems.append(f"{pack['id']}: its link answers {error.code}, expected 403")
        elif hashlib.sha256(urllib.request.urlopen(link, timeout=30).read()).hexdigest() != pack["sha256"]:
            problems.append(f"{pack['id']}: the bytes behind its link do not hash to its SHA-256")
    tags = driver.find_element(By.ID, "tags").text
    for tag, ids in payload["tags"].items():
        if f"{tag} ({len(ids)})" not in tags:
            problems.append(f"tag {tag} missing from {tags!r}")
    releases = json.loads(get("/releases"))
    shown = driver.find_elements(By.CSS_SELECTOR, "#releases tbody tr")
    if len(shown) != len(releases):
        problems.append(f"{len(shown)} releases shown, /releases has {len(releases)}")
    facts = driver.find_element(By.ID, "manifest-facts").text
    for needle in [str(payload["version"]), str(payload["release"]), payload["channel"]]:
        if needle not in facts:
            problems.append(f"{needle!r} missing from the manifest facts {facts!r}")
    picked = driver.find_element(By.ID, "channel").get_attribute("value")
    if picked != payload["channel"]:
        problems.append(f"the channel picker shows {picked!r}, the manifest is {payload['channel']!r}'s")
    header = json.loads(base64.urlsafe_b64decode(get(prefix + "/manifest").split(b".")[0] + b"==="))
    if header["kid"] not in facts:
        problems.append(f"key id {header['kid']} missing from {facts!r}")
    for entry in driver.get_log("browser"):
        if "Content Security Policy" in entry.get("message", ""):
            problems.append(f"the page's policy refused something: {entry['message']}")
    if screenshot != "-":
        driver.save_screenshot(screenshot)
    # A phone held upright: nothing may widen the page past the window (the tables scroll in their boxes).
    driver.set_window_size(420, 900)
    width, overflow = driver.execute_script(
        "return [window.innerWidth, document.documentElement.scrollWidth - document.documentElement.clientWidth]")
    if width > 420:
        problems.append(f"the window did not narrow to 420 px (it is {width} px): the width check proves nothing")
    elif overflow > 0:
        problems.append(f"at 420 px wide the page scrolls sideways by {overflow} px")
finally:
    driver.quit()

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"OK status={status!r} packs={len(rows)} chromium={version}")
