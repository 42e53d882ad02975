"""Opening a `shapeturns compare --report` page in headless Chromium (selenium + chromium-driver),
shared by the checks that read the report: one window of 1280x1000 at scale 1 in sRGB, with every
script error and failed load recorded from the first line of script on."""
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait


def open_report(index_html):
    """A driver showing `index_html` once its script has built the page (`data-ready`)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000",
                     "--allow-file-access-from-files", "--force-device-scale-factor=1",
                     "--force-color-profile=srgb"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__errors = [];
            window.addEventListener('error', function (e) {
              window.__errors.push(e.message ? e.message : 'failed to load ' + (e.target && (e.target.src || e.target.href)));
            }, true);
        """})
        driver.get(Path(index_html).resolve().as_uri())
        WebDriverWait(driver, 20).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    except Exception:
        driver.quit()
        raise
    return driver


def errors(driver):
    """The script errors and failed loads recorded, and the browser log's severe entries."""
    recorded = driver.execute_script("return window.__errors")
    return recorded + [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
