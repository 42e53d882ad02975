#!/usr/bin/env python3
"""Plays a `shapeturns play` game in headless Chromium (selenium + chromium-driver) as a person
would, and prints what the page showed, as JSON on stdout, for the Swift tests to check:

  {"errors": [...],          # script errors and CSP violations the browser logged
   "scores": [...],          # the "Score: N" text after each answer
   "finalScore": "...", "accuracy": "...", "csv": "..."}

PLAN is one letter per turn: r to click the larger shape, w the smaller, k to press the arrow
key of the larger. The larger shape of each turn comes from ANSWERS (generate's answers.jsonl
with the same options and seed).

Usage: play-in-browser.py URL ANSWERS.jsonl PLAN [SCREENSHOT_DIR]
"""
import json
import sys
from pathlib import Path

from play_browser import browser, errors
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

url, answers_path, plan = sys.argv[1], sys.argv[2], sys.argv[3]
shots = Path(sys.argv[4]) if len(sys.argv) > 4 else None
larger = {}
for line in Path(answers_path).read_text().splitlines():
    if line.strip():
        key = json.loads(line)
        larger[key["turn"]] = key["larger"]


def play(driver, name, plan, shot=None):
    driver.get(url)
    driver.find_element(By.ID, "name").send_keys(name)
    driver.find_element(By.ID, "start-button").click()
    wait = WebDriverWait(driver, 30)
    scores = []
    for index, step in enumerate(plan):
        number = index + 1
        wait.until(lambda d: d.execute_script("return document.body.dataset.turn") == str(number))
        if shot is not None and index == 1:
            driver.save_screenshot(str(shot))
        right = larger[number]
        if step == "k":
            key = Keys.ARROW_LEFT if right == "a" else Keys.ARROW_RIGHT
            driver.find_element(By.TAG_NAME, "body").send_keys(key)
        else:
            label = right if step == "r" else ("b" if right == "a" else "a")
            driver.find_element(By.ID, "shape-" + label).click()
        if number < len(plan):
            wait.until(lambda d: d.execute_script("return document.body.dataset.turn") == str(number + 1))
        else:
            wait.until(lambda d: d.execute_script("return document.body.dataset.finished") == "true")
        scores.append(driver.find_element(By.ID, "score").get_attribute("textContent"))
    return scores


driver = browser(1280, 800, False)
try:
    scores = play(driver, "Selenium", plan, shots / "play-desktop.png" if shots else None)
    if shots:
        driver.save_screenshot(str(shots / "play-end-desktop.png"))
    result = {
        "scores": scores,
        "finalScore": driver.find_element(By.ID, "final-score").text,
        "accuracy": driver.find_element(By.ID, "final-accuracy").text,
        "csv": driver.find_element(By.ID, "csv").get_attribute("href"),
        "errors": errors(driver),
    }
finally:
    driver.quit()
if shots:
    phone = browser(390, 844, True)
    try:
        play(phone, "Phone", plan, shots / "play-phone.png")
    finally:
        phone.quit()
print(json.dumps(result))
