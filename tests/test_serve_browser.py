#!/usr/bin/env python3
"""handstat serve's page in headless Chromium (Selenium): the hold'em equity of QQ+,AKs against
JJ-99,AQs+ on Kh7d2c computed from the page equals the command line's exact fraction; the
cribbage hand 5h 5d 5s Jc with the 5c cut scores 29; the range grid and its text box agree both
ways (typing selects the cells, clicking and dragging rewrites the text); the page logs no error
(a Content-Security-Policy violation would be one). Exits 77 (skipped) without chromium,
chromedriver or python3-selenium.

usage: test_serve_browser.py PATH/TO/handstat [--screenshots DIR]
"""
import signal
import sys
import time

from browser_harness import (By, api, browser, cell, check, selected, shot, type_into,  # noqa: F401
                             wait)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import Select


def main():
    t0 = time.time()
    s = api.Server("--quiet")
    d = browser()
    try:
        url = f"http://127.0.0.1:{s.port}/"
        d.get(url + "#equity")
        wait(d, "the page", lambda: "ready" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))

        # typing updates the grid
        type_into(d, "eq-range-1", "QQ+,AKs")
        wait(d, "the grid of QQ+,AKs", lambda: selected(d, "eq-range-1") == ["AA", "AKs", "KK", "QQ"])
        check(selected(d, "eq-range-1") == ["AA", "AKs", "KK", "QQ"],
              f"typing QQ+,AKs selects AA KK QQ AKs: {selected(d, 'eq-range-1')}")
        type_into(d, "eq-range-2", "JJ-99,AQs+")
        wait(d, "the grid of JJ-99,AQs+",
             lambda: selected(d, "eq-range-2") == ["99", "AKs", "AQs", "JJ", "TT"])
        type_into(d, "eq-dead", "")
        type_into(d, "eq-board", "Kh7d2c")

        # compute: the exact fractions are the command line's
        d.find_element(By.ID, "eq-compute").click()
        wait(d, "the equity table", lambda: d.find_elements(
            By.CSS_SELECTOR, '#eq-result td[data-col="equity_exact"]'))
        page = [td.text for td in d.find_elements(By.CSS_SELECTOR, '#eq-result td[data-col="equity_exact"]')]
        header, rows = api.cli_csv("holdem", "equity", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c")
        want = [r[header.index("equity_exact")] for r in rows]
        check(page == want, f"the page's exact equity {page} = the CLI's {want}")
        print("equity on the page:", page, flush=True)
        shot(d, "serve-equity.png")

        # a long query shows its progress, and Stop cancels its job on the server
        type_into(d, "eq-board", "")
        type_into(d, "eq-range-1", "random")
        type_into(d, "eq-range-2", "random")
        d.find_element(By.ID, "eq-compute").click()
        wait(d, "the progress of a long query",
             lambda: "running" in d.find_element(By.ID, "eq-status").text and
             "%" in d.find_element(By.ID, "eq-status").text)
        shot(d, "serve-progress.png")
        d.find_element(By.ID, "eq-stop").click()
        wait(d, "the stop", lambda: d.find_element(By.ID, "eq-status").text == "stopped")
        _, _, jobs = s.request("GET", "/api/jobs")
        check(jobs["running"] == 0 and jobs["jobs"][0]["status"] == "cancelled",
              f"Stop cancelled the job: {jobs['jobs'][0]}")
        check(d.find_element(By.ID, "eq-compute").is_enabled(), "Compute is enabled again")
        type_into(d, "eq-range-2", "JJ-99,AQs+")
        type_into(d, "eq-board", "Kh7d2c")
        type_into(d, "eq-range-1", "QQ+,AKs")
        wait(d, "the grid of QQ+,AKs again", lambda: selected(d, "eq-range-1") == ["AA", "AKs", "KK", "QQ"])

        # clicking a cell changes the text; dragging selects a run of cells
        cell(d, "eq-range-1", "JJ").click()
        text = lambda: d.find_element(By.ID, "eq-range-1").get_attribute("value")
        wait(d, "the text after a click", lambda: text() == "JJ+,AKs")
        check(text() == "JJ+,AKs", f"clicking JJ: the text is {text()!r}")
        cell(d, "eq-range-1", "AKs").click()
        wait(d, "the text after a second click", lambda: text() == "JJ+")
        check(text() == "JJ+", f"clicking AKs again takes it out: {text()!r}")
        ActionChains(d).click_and_hold(cell(d, "eq-range-1", "AKs")).move_to_element(
            cell(d, "eq-range-1", "AQs")).move_to_element(cell(d, "eq-range-1", "AJs")).release().perform()
        wait(d, "the text after a drag", lambda: text() == "JJ+,AJs+")
        check(text() == "JJ+,AJs+", f"dragging AKs..AJs: {text()!r}")
        check(selected(d, "eq-range-1") == ["AA", "AJs", "AKs", "AQs", "JJ", "KK", "QQ"],
              f"the grid after the drag: {selected(d, 'eq-range-1')}")
        # the rewritten text parses back to the same grid
        type_into(d, "eq-range-1", text() + " ")
        time.sleep(0.6)
        check(selected(d, "eq-range-1") == ["AA", "AJs", "AKs", "AQs", "JJ", "KK", "QQ"],
              "the text written by the grid parses back to it")
        type_into(d, "eq-range-1", "QQ+,AKs")

        # the cribbage scorer
        d.get(url + "#crib")
        wait(d, "the crib tab", lambda: d.find_element(By.ID, "crib-hand").is_displayed())
        type_into(d, "crib-hand", "5h 5d 5s Jc")
        type_into(d, "crib-starter", "5c")
        d.find_element(By.ID, "crib-compute").click()
        wait(d, "the crib total", lambda: d.find_element(By.ID, "crib-total").text != "")
        total = d.find_element(By.ID, "crib-total").text
        check(total == "29", f"5h 5d 5s Jc with the 5c cut scores {total}, not 29")
        items = d.find_elements(By.CSS_SELECTOR, "#crib-result tbody tr")
        check(len(items) == 15, f"15 scoring items listed: {len(items)}")
        shot(d, "serve-crib.png")

        # board analysis and the equity graph (screenshots; the tables are checked by the API test)
        d.get(url + "#board")
        d.find_element(By.ID, "hits-compute").click()
        wait(d, "the board analysis", lambda: d.find_elements(By.CSS_SELECTOR, "#hits-result table"))
        shot(d, "serve-board.png")
        d.get(url + "#dist")
        d.find_element(By.ID, "dist-compute").click()
        wait(d, "the equity graph", lambda: d.find_elements(By.CSS_SELECTOR, "#dist-chart svg polyline"))
        check(len(d.find_elements(By.CSS_SELECTOR, "#dist-chart svg polyline")) == 1, "the equity graph")
        shot(d, "serve-dist.png")

        # the query language through the form made from /api/commands (its example query)
        d.get(url + "#games")
        wait(d, "the games tab", lambda: d.find_element(By.ID, "games-command").is_displayed())
        Select(d.find_element(By.ID, "games-command")).select_by_value("query")
        wait(d, "the query form", lambda: d.find_elements(By.ID, "games-arg-query"))
        check("select" in d.find_element(By.ID, "games-arg-query").get_attribute("value"),
              "the query form holds its example")
        d.find_element(By.ID, "games-compute").click()
        wait(d, "the query's table", lambda: d.find_elements(By.CSS_SELECTOR, "#games-result tbody tr"))
        rows = d.find_elements(By.CSS_SELECTOR, "#games-result tbody tr")
        check(len(rows) == 1 + 1 + 9, f"the example query answers 11 rows: {len(rows)}")
        shot(d, "serve-query.png")

        # holdem vs-random through the same form: its example (4 opponents, estimated)
        Select(d.find_element(By.ID, "games-command")).select_by_value("holdem vs-random")
        wait(d, "the vs-random form", lambda: d.find_elements(By.ID, "games-arg-opponents"))
        d.find_element(By.ID, "games-compute").click()
        wait(d, "the vs-random table",
             lambda: len(d.find_elements(By.CSS_SELECTOR, "#games-result tbody tr")) == 169)
        cells = d.find_elements(By.CSS_SELECTOR, "#games-result tbody tr:first-child td")
        check([c.text for c in cells[:2]] == ["AA", "4"], f"vs-random's first row: {[c.text for c in cells]}")

        # short-deck equity through the same form: its fields and example come from the registry
        Select(d.find_element(By.ID, "games-command")).select_by_value("shortdeck equity")
        wait(d, "the short-deck form", lambda: d.find_elements(By.CSS_SELECTOR, '#games-form [data-arg="hand"] input'))
        hands = [i.get_attribute("value") for i in
                 d.find_elements(By.CSS_SELECTOR, '#games-form [data-arg="hand"] input')]
        check(hands == ["AhKh", "QsQd"], f"the short-deck form holds its example hands: {hands}")
        check(d.find_elements(By.ID, "games-arg-straight-beats-trips"),
              "the short-deck form has its straight-beats-trips flag")
        d.find_element(By.ID, "games-compute").click()
        wait(d, "the short-deck table",
             lambda: d.find_elements(By.CSS_SELECTOR, '#games-result td[data-col="equity_exact"]'))
        page = [td.text for td in d.find_elements(By.CSS_SELECTOR, '#games-result td[data-col="equity_exact"]')]
        header, rows = api.cli_csv("shortdeck", "equity", "AhKh", "QsQd", "--board", "Jh Th 6c")
        want = [r[header.index("equity_exact")] for r in rows]
        check(page == want, f"the page's short-deck equity {page} = the CLI's {want}")
        shot(d, "serve-shortdeck.png")

        errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
        check(not errors, f"the page logged errors: {errors}")
    finally:
        d.quit()
        rc = s.stop(signal.SIGINT)
    check(rc == 0, f"SIGINT: exit {rc}")
    print(f"{len(api.FAILURES)} failure(s), {time.time() - t0:.1f} s", flush=True)
    return 1 if api.FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
