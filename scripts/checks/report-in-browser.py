#!/usr/bin/env python3
"""Opens a `shapeturns compare --report` page in headless Chromium (selenium + chromium-driver)
and prints what a person would see, as JSON on stdout, for the Swift tests to check:

  {"errors": [...],            # script errors and failed loads the browser logged
   "listed": [{"path", "status"}, ...],   # the rows shown with the default filter
   "all": [...],                # the rows shown after clicking "All"
   "brokenImages": [...],       # <img> of visible rows that did not load
   "modes": {"swipe": n, "blink": n, "onion": n,    # stacks built in each view
             "diff": n, "zoom8": x,              # diff-only pictures, and their scale at 8x
             "pictures": n,                      # pictures of the failing rows, side by side,
             "sizes": n, "rawLinks": n,          #   captions giving a size, links to a raw file
             "actual": bool, "search": n}}

Usage: report-in-browser.py REPORT_DIR/index.html [SCREENSHOT.png]
"""
import json
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from report_browser import errors, open_report

driver = open_report(sys.argv[1])
try:

    def rows():
        return driver.execute_script("""
            return Array.from(document.querySelectorAll('section.card'))
              .filter(function (c) { return !c.hidden && c.offsetParent !== null; })
              .map(function (c) { return {path: c.querySelector('.path').textContent,
                                          status: c.querySelector('.badge').textContent}; });""")

    def settle():
        # Lazy pictures: scroll through the page so every row's view is built, then wait for loads.
        height = driver.execute_script("return document.body.scrollHeight")
        for y in range(0, height + 1000, 600):
            driver.execute_script("window.scrollTo(0, arguments[0])", y)
            time.sleep(0.02)
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(
            "return Array.from(document.images).every(function (i) { return i.complete; })"))

    listed = rows()
    settle()
    broken = driver.execute_script("""
        return Array.from(document.querySelectorAll('section.card:not([hidden]) img'))
          .filter(function (i) { return i.naturalWidth === 0; })
          .map(function (i) { return i.getAttribute('src'); });""")
    modes = {}
    driver.execute_script("window.scrollTo(0, 0)")
    driver.find_element(By.CSS_SELECTOR, "[data-mode=swipe]").click()
    settle()
    modes["swipe"] = len(driver.find_elements(By.CSS_SELECTOR, "section.card input[type=range]"))
    driver.find_element(By.CSS_SELECTOR, "[data-mode=blink]").click()
    modes["blink"] = len(driver.find_elements(By.CSS_SELECTOR, ".stack.blink"))
    driver.find_element(By.CSS_SELECTOR, "[data-mode=onion]").click()
    settle()
    modes["onion"] = len(driver.find_elements(By.CSS_SELECTOR, ".stack.onion"))
    driver.find_element(By.CSS_SELECTOR, "[data-mode=diff]").click()
    settle()
    modes["diff"] = len(driver.find_elements(By.CSS_SELECTOR, ".diff-only img"))
    driver.find_element(By.CSS_SELECTOR, "[data-zoom='8']").click()
    modes["zoom8"] = driver.execute_script(
        "var i = document.querySelector('.diff-only img'); return i.getBoundingClientRect().width / i.naturalWidth")
    driver.find_element(By.CSS_SELECTOR, "[data-mode=side]").click()
    settle()
    modes["sizes"] = driver.execute_script(
        "return Array.from(document.querySelectorAll('section.card:not([hidden]) .size'))"
        ".filter(function (s) { return /^[0-9]+\u00d7[0-9]+ px$/.test(s.textContent); }).length")
    modes["rawLinks"] = len(driver.find_elements(By.CSS_SELECTOR, "section.card:not([hidden]) a.raw"))
    modes["pictures"] = len(driver.find_elements(By.CSS_SELECTOR, "section.card:not([hidden]) figure img"))
    driver.find_element(By.CSS_SELECTOR, "[data-zoom=actual]").click()
    modes["actual"] = "fit" not in driver.find_element(By.TAG_NAME, "body").get_attribute("class")
    driver.find_element(By.CSS_SELECTOR, "[data-mode=side]").click()
    driver.find_element(By.CSS_SELECTOR, "[data-zoom=fit]").click()
    driver.find_element(By.CSS_SELECTOR, "[data-filter=all]").click()
    everything = rows()
    search = driver.find_element(By.ID, "search")
    search.send_keys(listed[0]["path"] if listed else "no such image")
    modes["search"] = len(rows())
    search.clear()
    search.send_keys(" ")
    if len(sys.argv) > 2:
        driver.execute_script("window.scrollTo(0, 0)")
        driver.find_element(By.CSS_SELECTOR, "[data-filter=failing]").click()
        driver.save_screenshot(sys.argv[2])
    print(json.dumps({"errors": errors(driver), "listed": listed, "all": everything, "brokenImages": broken, "modes": modes}))
finally:
    driver.quit()
