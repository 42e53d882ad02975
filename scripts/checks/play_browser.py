"""Headless Chromium (selenium + chromium-driver) for the checks that drive `shapeturns play`'s
pages, shared so they open the browser alike: every script error and Content-Security-Policy
violation recorded in `window.__errors` from the first line of script on."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def browser(width, height, mobile=False, network_log=False):
    """A driver with a `width` x `height` window; `mobile` emulates a touch screen at pixel ratio
    2; `network_log` keeps DevTools' Network events for `driver.get_log("performance")`."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}"]:
        options.add_argument(argument)
    if mobile:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": True}})
    logs = {"browser": "ALL"}
    if network_log:
        logs["performance"] = "ALL"
    options.set_capability("goog:loggingPrefs", logs)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.__errors = [];
        window.addEventListener('error', function (e) { window.__errors.push(String(e.message || e.type)); }, true);
        document.addEventListener('securitypolicyviolation', function (e) {
          window.__errors.push('CSP ' + e.violatedDirective + ' ' + e.blockedURI); });
    """})
    return driver


def errors(driver):
    """The script errors and CSP violations recorded, and the browser log's severe entries."""
    return driver.execute_script("return window.__errors") + [
        entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
