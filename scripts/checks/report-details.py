#!/usr/bin/env python3
"""Opens a `shapeturns compare --report` page in headless Chromium (selenium + chromium-driver)
and measures what a person sees of one changed image, as JSON on stdout for the Swift tests:

  {"errors": [...],
   "meta": "Made ... by ShapeTurns ...",        # the header's line on the run
   "swipe": {"width", "height",                 # the swipe view of TRANSPARENT at 1:1, screenshotted:
             "leftRed",                          #   share of the left part that is pure red
             "rightRed",                         #   red pixels in the right part (the actual side)
             "rightCheckerboard"},               #   share of the right part showing pixelmatch 7's background
   "regions": [[x, y, w, h], ...],              # the boxes drawn over REGIONS' expected image at 1:1
   "visible": {"actualBlack", "diffRed"},       # REGIONS' actual and diff at 1:1 WITH the boxes on,
                                                #   screenshotted: pure black and pure red pixels seen
   "thumbs": n,                                 # thumbnails in the overview
   "steps": [path, ...]}                        # the current row after n, n, n, p, ArrowRight

Usage: report-details.py REPORT_DIR/index.html TRANSPARENT REGIONS [SCREENSHOT.png]
(TRANSPARENT's actual side must be transparent right of x = 36 except where it is blue.)
"""
import io
import json
import sys
import time

from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from report_browser import errors, open_report

transparent, regions_path = sys.argv[2], sys.argv[3]
driver = open_report(sys.argv[1])


def pixelmatch_background(index):
    """pixelmatch 7's background under pixel `index` (its blend onto a checkerboard)."""
    offset = index * 4
    return (48 + 159 * (offset % 2), 48 + 159 * (int(offset / 1.618033988749895) % 2),
            48 + 159 * (int(offset / 2.618033988749895) % 2))


def card(path):
    return driver.execute_script(
        "var path = arguments[0];"
        " return Array.from(document.querySelectorAll('section.card')).find(function (c) {"
        " return c.dataset.path === path; })", path)


def settled(script_condition):
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(script_condition))


def view_built(path):
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "var path = arguments[0];"
        " var c = Array.from(document.querySelectorAll('section.card')).find(function (c) {"
        " return c.dataset.path === path; });"
        " return !c.querySelector('.view').classList.contains('pending');", path))


try:
    meta = driver.find_element(By.ID, "meta").text
    driver.find_element(By.CSS_SELECTOR, "[data-zoom=actual]").click()

    # The swipe view of the transparent image, at 1:1.
    target = card(transparent)
    driver.execute_script("arguments[0].scrollIntoView()", target)
    view_built(transparent)
    target.find_element(By.CSS_SELECTOR, "[data-card-mode=swipe]").click()
    driver.find_element(By.ID, "regions").click()  # boxes off, to see the pixels under them
    stack = target.find_element(By.CSS_SELECTOR, ".stack.swipe")
    settled("""return Array.from(document.querySelectorAll('.stack.swipe img')).every(function (i) {
                 return i.complete && i.naturalWidth > 0 && (i.style.backgroundImage || i.style.backgroundColor); })""")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); document.activeElement.blur();", stack)
    time.sleep(0.2)
    shot = Image.open(io.BytesIO(stack.screenshot_as_png)).convert("RGB")
    width, height = shot.size
    left = [shot.getpixel((x, y)) for y in range(height) for x in range(0, min(28, width))]
    right_points = [(x, y) for y in range(height) for x in range(36, width)
                    if not (38 <= x <= 52 and 38 <= y <= 52)]
    right = [shot.getpixel(point) for point in right_points]
    swipe = {
        "width": width, "height": height,
        "leftRed": sum(1 for p in left if p == (255, 0, 0)) / max(len(left), 1),
        "rightRed": sum(1 for p in right if p[0] > 200 and p[1] < 80 and p[2] < 80),
        "rightCheckerboard": sum(1 for (x, y), p in zip(right_points, right)
                                 if p == pixelmatch_background(y * width + x)) / max(len(right), 1),
    }

    driver.find_element(By.ID, "regions").click()

    # The boxes over the expected image of the regions pair, side by side at 1:1.
    target = card(regions_path)
    driver.execute_script("arguments[0].scrollIntoView()", target)
    view_built(regions_path)
    target.find_element(By.CSS_SELECTOR, "[data-card-mode=side]").click()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target.find_element(By.CSS_SELECTOR, ".pic"))
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "var i = arguments[0].querySelector('.pic img'); return i.complete && i.naturalWidth > 0;", target))
    boxes = driver.execute_script("""
        var pic = arguments[0].querySelector('.pic');
        var origin = pic.querySelector('img').getBoundingClientRect();
        return Array.from(pic.querySelectorAll('.region')).map(function (r) {
          var b = r.getBoundingClientRect();
          return [Math.round(b.left - origin.left), Math.round(b.top - origin.top), Math.round(b.width), Math.round(b.height)];
        });""", target)

    # With the boxes on, every changed pixel must still be seen: count them in screenshots.
    pictures = target.find_elements(By.CSS_SELECTOR, ".side .pic")
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        "return Array.from(arguments[0].querySelectorAll('.side .pic img')).every(function (i) {"
        " return i.complete && i.naturalWidth > 0; })", target))
    time.sleep(0.2)

    def seen(picture, colour):
        shot = Image.open(io.BytesIO(picture.screenshot_as_png)).convert("RGB")
        return sum(1 for pixel in shot.getdata() if pixel == colour)

    visible = {"actualBlack": seen(pictures[1], (0, 0, 0)), "diffRed": seen(pictures[2], (255, 0, 0))}

    thumbs = driver.execute_script(
        "return Array.from(document.querySelectorAll('#overview .thumb')).filter(function (t) { return !t.hidden; }).length")
    steps = []
    body = driver.find_element(By.TAG_NAME, "body")
    driver.execute_script("window.scrollTo(0, 0)")
    for key in ["n", "n", "n", "p", "\ue014"]:  # \ue014 is ArrowRight
        body.send_keys(key)
        steps.append(driver.execute_script(
            "var c = document.querySelector('section.card.current'); return c ? c.dataset.path : null"))
    if len(sys.argv) > 4:
        driver.find_element(By.CSS_SELECTOR, "[data-mode=swipe]").click()
        target = card(transparent)
        driver.execute_script("arguments[0].scrollIntoView()", target)
        time.sleep(0.5)
        driver.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.3)
        driver.save_screenshot(sys.argv[4])
    print(json.dumps({"errors": errors(driver), "meta": meta, "swipe": swipe, "regions": boxes, "visible": visible,
                      "thumbs": thumbs, "steps": steps}))
finally:
    driver.quit()
