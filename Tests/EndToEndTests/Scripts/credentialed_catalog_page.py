import hashlib, os, sys, tempfile
import headless_chromium
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

base, token, count, name, sha256 = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
problems = []
downloads = tempfile.mkdtemp(prefix="packserve-catalog-downloads")

driver = headless_chromium.start(downloads=downloads, browser_log=True)
status = lambda: driver.find_element(By.ID, "signature-status").text

def wait(condition, what):
    try:
        WebDriverWait(driver, 30).until(condition)
    except TimeoutException:
        console = [entry.get("message", "") for entry in driver.get_log("browser")]
        raise SystemExit(f"timed out waiting for {what}: status {status()!r}, console {console}")

def submit(value):
    field = driver.find_element(By.ID, "token")
    field.clear()
    field.send_keys(value)
    driver.find_element(By.CSS_SELECTOR, "#token-form button").click()

try:
    driver.get(base + "/")
    wait(lambda d: status() not in ("", "checking…"), "the first answer")
    if status() != "needs a download token" or not driver.find_element(By.ID, "token-form").is_displayed():
        problems.append(f"without a token: status {status()!r}, form shown {driver.find_element(By.ID, 'token-form').is_displayed()}")

    submit("not-a-token")
    wait(lambda d: d.find_element(By.ID, "token-status").text != "", "the wrong token's refusal")
    if driver.find_element(By.ID, "token-status").text != "That token was not accepted.":
        problems.append(f"a wrong token: {driver.find_element(By.ID, 'token-status').text!r}")

    submit(token)
    wait(lambda d: status() not in ("", "checking…", "needs a download token"), "the catalog with the token")
    if status() != "verified":
        problems.append(f"with the token: status {status()!r}")
    if not driver.find_element(By.ID, "token-form").get_attribute("hidden"):
        problems.append("the token form is still shown once the token works")
    rows = driver.find_elements(By.CSS_SELECTOR, "#packs tbody tr")
    if len(rows) != count:
        problems.append(f"{len(rows)} packs shown, expected {count}")
    else:
        row = next(row for row in rows if row.get_attribute("data-id") == name)
        row.find_element(By.TAG_NAME, "a").click()
        path = os.path.join(downloads, name)
        try:  # Chromium (another process) writes the download, under another name until it is whole
            WebDriverWait(driver, 30).until(lambda _: os.path.exists(path))
        except TimeoutException:
            pass
        if not os.path.exists(path):
            problems.append(f"clicking {name} downloaded nothing: {os.listdir(downloads)} {driver.find_element(By.ID, 'packs-status').text!r}")
        elif hashlib.sha256(open(path, "rb").read()).hexdigest() != sha256:
            problems.append(f"the downloaded {name} does not hash to its SHA-256")
finally:
    driver.quit()

if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"OK packs={count}")
