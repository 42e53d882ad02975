#!/usr/bin/env python3
"""Opens a `shapeturns scan --review` page in headless Chromium (selenium + chromium-driver) from
file://, as a teacher would, and prints what they see and what the page saves, as JSON on stdout
for the Swift tests:

  {"errors": [...],                 # script errors, failed loads, the browser log's severe entries
   "csp": "...",                    # the page's Content-Security-Policy
   "resources": [url, ...],         # every resource the page refers to (each must be file:)
   "summary": "...",
   "flagged": [{"student", "sheet", "turn", "why", "read", "where",
                "crops": [naturalWidth, ...], "captions": [text, ...],  # a page's two copies
                "choices": [value, ...]}, ...],
   "unread": [{"source", "why", "thumbs": [naturalWidth, ...]}, ...],
   "missing": [text, ...],
   "pages": [[cell, ...], ...],     # the table of every page, without its header
   "initial": "csv",                # what the save link holds before any choice
   "progress": "...",               # the line beside the link after the choices
   "linked": "csv",                 # what the save link holds after the choices
   "downloaded": "csv" | null}      # the file Chromium saved on clicking the link

Usage: review-in-browser.py REVIEW_DIR/index.html DECISIONS.json [SCREENSHOT.png]
DECISIONS maps "SHEET/TURN" to "a", "b" or "" (blank): the choice clicked for that flagged turn.
"""
import json
import os
import sys
import tempfile
import time
import urllib.parse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from report_browser import errors, open_report

with open(sys.argv[2], encoding="utf-8") as file:
    decisions = json.load(file)
driver = open_report(sys.argv[1])
downloads = tempfile.mkdtemp(prefix="review-downloads-")


def linked():
    href = driver.find_element(By.ID, "save").get_attribute("href")
    prefix = "data:text/csv;charset=utf-8,"
    return urllib.parse.unquote(href[len(prefix):]) if href.startswith(prefix) else "not a CSV data URL: " + href


try:
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return Array.from(document.images).every(function (i) { return i.complete; })"))
    page = driver.execute_script("""
        function text(root, selector) { var e = root.querySelector(selector); return e ? e.textContent.trim() : null; }
        function widths(root) { return Array.from(root.querySelectorAll('img')).map(function (i) { return i.naturalWidth; }); }
        var csp = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
        return {
          csp: csp ? csp.getAttribute('content') : null,
          resources: Array.from(document.querySelectorAll('[src], link[href]')).map(function (e) {
            return e.src || e.href; }),
          summary: text(document, '#summary'),
          flagged: Array.from(document.querySelectorAll('article.flagged')).map(function (a) {
            return {student: text(a, '.student'), sheet: a.dataset.sheet, turn: Number(a.dataset.turn),
                    why: text(a, '.why'), read: text(a, '.read'), where: text(a, '.where'), crops: widths(a),
                    captions: Array.from(a.querySelectorAll('figcaption')).map(function (c) { return c.textContent.trim(); }),
                    choices: Array.from(a.querySelectorAll('input[type=radio]')).map(function (i) { return i.value; })};
          }),
          unread: Array.from(document.querySelectorAll('article.unread')).map(function (a) {
            return {source: a.dataset.source, why: text(a, '.why'), thumbs: widths(a)};
          }),
          missing: Array.from(document.querySelectorAll('#missing li')).map(function (l) { return l.textContent.trim(); }),
          pages: Array.from(document.querySelectorAll('#pages tbody tr')).map(function (r) {
            return Array.from(r.cells).map(function (c) { return c.textContent.trim(); });
          })
        };""")
    page["initial"] = linked()
    for article in driver.find_elements(By.CSS_SELECTOR, "article.flagged"):
        key = article.get_attribute("data-sheet") + "/" + article.get_attribute("data-turn")
        if key in decisions:
            radio = article.find_element(By.CSS_SELECTOR, "input[value='%s']" % decisions[key])
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", radio)
            radio.find_element(By.XPATH, "..").click()  # the label, as a person clicks it
    page["progress"] = driver.find_element(By.ID, "progress").text
    page["linked"] = linked()

    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    save = driver.find_element(By.ID, "save")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
    save.click()
    saved = os.path.join(downloads, save.get_attribute("download"))
    deadline = time.time() + 20
    while time.time() < deadline and not os.path.exists(saved):
        time.sleep(0.1)
    page["downloaded"] = open(saved, encoding="utf-8").read() if os.path.exists(saved) else None

    if len(sys.argv) > 3:
        driver.execute_script("window.scrollTo(0, 0); document.activeElement.blur();")
        time.sleep(0.3)
        driver.save_screenshot(sys.argv[3])
    page["errors"] = errors(driver)
    print(json.dumps(page))
finally:
    driver.quit()
