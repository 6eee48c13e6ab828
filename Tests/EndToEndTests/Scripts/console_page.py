"""Drives /console/ in headless Chromium: signs in with a token, checks that the page shows what
GET /admin/stats answers (the rollout's numbers and each release's adoption totals), raises the rollout to
25 % with the page's own form, and sees the page show it. Prints `OK …` or the problems, one per line.
Arguments: base URL, token, screenshot path (or -)."""
import json, sys, urllib.request
import headless_chromium
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

base, token, screenshot = sys.argv[1], sys.argv[2], sys.argv[3]
problems = []


def stats():
    request = urllib.request.Request(base + "/admin/stats?channel=production&hours=168",
                                     headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


driver = headless_chromium.start(browser_log=True, window_size="1100,1300")
try:
    driver.get(base + "/console/")
    driver.find_element(By.ID, "token").send_keys(token)
    driver.find_element(By.CSS_SELECTOR, "#token-form button").click()
    wait = WebDriverWait(driver, 30)
    wait.until(lambda d: d.find_element(By.ID, "console").is_displayed()
               and d.find_element(By.ID, "rollout-percent").text != "")
    text = lambda id: driver.find_element(By.ID, id).text
    if driver.find_element(By.ID, "token-form").is_displayed():
        problems.append("the sign-in form is still shown")

    answer = stats()
    rollout = answer["rollout"]
    shown = {
        "release": text("rollout-release"), "control": text("rollout-control"), "percent": text("rollout-percent"),
        "state": text("rollout-state"), "candidate": text("candidate-outcomes"), "failed": text("candidate-failures"),
        "control outcomes": text("control-outcomes"),
    }
    expected = {
        "release": str(rollout["release"]), "control": str(rollout["previousRelease"]),
        "percent": f"{rollout['percent']:g}", "state": rollout["state"],
        "candidate": str(rollout["candidate"]["outcomes"]), "failed": str(rollout["candidate"]["failures"]),
        "control outcomes": str(rollout["control"]["outcomes"]),
    }
    for key in expected:
        if shown[key] != expected[key]:
            problems.append(f"the page shows {key} {shown[key]!r}, /admin/stats says {expected[key]!r}")
    releases = sorted({entry["release"] for entry in answer["series"]})
    for release in releases:
        entries = [entry for entry in answer["series"] if entry["release"] == release]
        row = driver.find_element(By.CSS_SELECTOR, f"#adoption tr[data-release='{release}']")
        cells = [td.text for td in row.find_elements(By.TAG_NAME, "td")]
        totals = [str(release)] + [str(sum(entry[field] for entry in entries))
                                   for field in ("manifestRequests", "completedDownloads", "installed", "failed")]
        if cells != totals:
            problems.append(f"release {release}: the page shows {cells}, /admin/stats sums to {totals}")
    lines = driver.find_elements(By.CSS_SELECTOR, "#chart polyline")
    if len(lines) != len(releases) or not releases:
        problems.append(f"the chart has {len(lines)} lines for releases {releases}")

    driver.find_element(By.ID, "percent").send_keys("25")
    driver.find_element(By.ID, "raise").click()
    wait.until(lambda d: d.find_element(By.ID, "rollout-percent").text == "25")
    if stats()["rollout"]["percent"] != 25:
        problems.append("the raise did not reach the server")
    # The browser asks for /favicon.ico on its own; the server has none.
    errors = [entry for entry in driver.get_log("browser")
              if entry["level"] == "SEVERE" and "favicon.ico" not in entry["message"]]
    if errors:
        problems.append(f"browser errors: {errors}")
    if screenshot != "-":
        driver.save_screenshot(screenshot)
finally:
    driver.quit()

print("\n".join(problems) if problems else f"OK releases={len(releases)} percent=25")
