"""Headless Chromium through Selenium, started alike by the scripts that drive a page."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def start(downloads=None, browser_log=False, window_size=None):
    """A driver for headless Chromium; `downloads` receives downloads without a prompt, `browser_log` keeps the
    page's console for `driver.get_log("browser")`, `window_size` is "WIDTH,HEIGHT" (for a screenshot)."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"]:
        options.add_argument(argument)
    if window_size is not None:
        options.add_argument(f"--window-size={window_size}")
    if browser_log:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if downloads is not None:
        options.add_experimental_option(
            "prefs", {"download.default_directory": downloads, "download.prompt_for_download": False})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
