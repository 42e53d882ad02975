#!/usr/bin/env python3
"""Opens a `shapeturns play` class page in headless Chromium (selenium + chromium-driver) as a
teacher would, and prints what the browser saw, as JSON on stdout, for the Swift tests to check:
the class paths without the token and with a wrong one (status of each navigation, and whether
the player's name showed), then the printed address (the redirect's status, the address left in
the bar, the cookie the browser kept, what a script can read of it), the live list over the
cookie (a player who joins after the page opened must appear), the gradebook link fetched by the
page, and the class page again once the browser's cookies are cleared.

Statuses come from the browser's own network log (Chrome DevTools' Network events), not from a
separate client.

Usage: class-token-in-browser.py PRINTED_CLASS_ADDRESS PLAYER_NAME LATE_PLAYER_NAME
"""
import json
import sys
import urllib.request

from play_browser import browser, errors
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

printed, player, late_player = sys.argv[1], sys.argv[2], sys.argv[3]
base = printed.split("/class", 1)[0]
token = printed.split("token=", 1)[1]


def documents(driver):
    """The server's document responses since the last call: [(url, status)], redirects
    included (the browser's own start page left out)."""
    seen = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message.get("params", {})
        if message["method"] == "Network.requestWillBeSent" and "redirectResponse" in params:
            seen.append((params["redirectResponse"]["url"], params["redirectResponse"]["status"]))
        elif message["method"] == "Network.responseReceived" and params.get("type") == "Document":
            seen.append((params["response"]["url"], params["response"]["status"]))
    return [(url, status) for url, status in seen if url.startswith(base + "/")]


def visit(driver, url):
    driver.get(url)
    loads = documents(driver)
    return {
        "url": url,
        "loads": [status for _, status in loads],
        "shownName": player in driver.page_source,
    }


def join(name):
    request = urllib.request.Request(
        base + "/api/sessions", data=json.dumps({"name": name}).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=30) as reply:
        return reply.status


driver = browser(1280, 800, network_log=True)
result = {}
try:
    wrong = token[::-1] if token[::-1] != token else token + "x"
    result["refused"] = [
        visit(driver, base + "/class"),
        visit(driver, base + "/class/events"),
        visit(driver, base + "/class/gradebook.csv"),
        visit(driver, base + "/class?token=" + wrong),
        visit(driver, base + "/class/gradebook.csv?token=" + wrong),
    ]
    result["cookiesBefore"] = driver.get_cookies()
    driver.get_log("browser")

    driver.get(printed)
    result["printedLoads"] = [[url.replace(token, "TOKEN"), status] for url, status in documents(driver)]
    result["address"] = driver.current_url
    result["cookies"] = [
        {key: cookie.get(key) for key in ["name", "path", "httpOnly", "sameSite", "secure"]}
        | {"isToken": cookie.get("value") == token}
        for cookie in driver.get_cookies()]
    result["documentCookie"] = driver.execute_script("return document.cookie")
    wait = WebDriverWait(driver, 30)
    wait.until(lambda d: player in d.find_element(By.ID, "rows").text)
    result["joinStatus"] = join(late_player)
    wait.until(lambda d: late_player in d.find_element(By.ID, "rows").text)
    result["rows"] = driver.find_element(By.ID, "rows").text
    href = driver.find_element(By.ID, "gradebook").get_attribute("href")
    result["gradebookLink"] = href.replace(base, "")
    result["gradebook"] = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0]).then(r => r.text().then(t => done([r.status, t]))).catch(e => done([0, String(e)]));
    """, href)
    result["errors"] = errors(driver)

    driver.delete_all_cookies()
    documents(driver)
    result["afterClearing"] = visit(driver, base + "/class")
finally:
    driver.quit()
print(json.dumps(result))
