#!/usr/bin/env python3
"""Screenshots of a running `shapeturns play` game at device sizes, in headless Chromium
(selenium + chromium-driver, mobile emulation with touch), for looking at: it types a name,
answers turn 1, and saves the screen of turn 2 as OUT_DIR/play-<size>.png, then plays on and
saves the end screen as play-<size>-end.png. For each size it prints, as JSON, whether the
score and both shapes lie wholly inside the viewport, and the end screen's last link or button.

Usage: play-screenshots.py URL OUT_DIR WIDTHxHEIGHT[:name] ...
  e.g. play-screenshots.py http://127.0.0.1:8080/ shots 844x390:landscape 820x1180:tablet
"""
import json
import sys
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

url, out = sys.argv[1], Path(sys.argv[2])
out.mkdir(parents=True, exist_ok=True)
report = {}
for spec in sys.argv[3:]:
    size, _, name = spec.partition(":")
    width, height = (int(value) for value in size.split("x"))
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}"]:
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": True}})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        driver.get(url)
        driver.find_element(By.ID, "name").send_keys(name or size)
        driver.find_element(By.ID, "start-button").click()
        wait = WebDriverWait(driver, 30)
        wait.until(lambda d: d.execute_script("return document.body.dataset.turn") == "1")
        driver.find_element(By.ID, "shape-a").click()
        wait.until(lambda d: d.execute_script("return document.body.dataset.turn") == "2")
        wait.until(lambda d: d.execute_script(
            "return [...document.querySelectorAll('.shape img')].every(i => i.complete && i.naturalWidth > 0)"))
        inside = driver.execute_script("""
            const fits = (e) => { const r = e.getBoundingClientRect();
              return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight; };
            return {viewport: [innerWidth, innerHeight], score: fits(document.getElementById('score')),
                    a: fits(document.getElementById('shape-a')), b: fits(document.getElementById('shape-b'))};""")
        driver.save_screenshot(str(out / f"play-{name or size}.png"))
        # Then to the end screen: every answer a, until the game says it is finished.
        while driver.execute_script("return document.body.dataset.finished") != "true":
            number = driver.execute_script("return document.body.dataset.turn")
            driver.find_element(By.ID, "shape-a").click()
            wait.until(lambda d: d.execute_script("return document.body.dataset.turn") != number
                       or d.execute_script("return document.body.dataset.finished") == "true")
        last = driver.find_elements(By.CSS_SELECTOR, "#end a, #end button")[-1]
        inside["endLastControl"] = driver.execute_script("""
            const r = arguments[0].getBoundingClientRect();
            return r.width > 0 && r.bottom <= innerHeight && r.right <= innerWidth;""", last)
        driver.save_screenshot(str(out / f"play-{name or size}-end.png"))
        report[name or size] = inside
    finally:
        driver.quit()
print(json.dumps(report))
