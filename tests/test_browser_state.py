#!/usr/bin/env python3
"""The page's state in its address, copy and CSV of a result, and the phone layout, in headless
Chromium: fields set on the equity tab (two ranges, the board, a third player) come back on a
reload, the grid showing the restored range, and again from the copied link in a fresh page; the
board analysis tab's radios and the games tab's form (its select first) come back too; the CSV
download of the equity table is byte for byte the command line's --csv of the same query, and Copy
gives the same cells tab-separated; the cribbage discard with pegging shows its sorted column,
total ev, inside 1400 px, its numbers the CLI's; at 390 x 844 no tab scrolls sideways (results
shown on the equity and board tabs), the controls are 40 px tap targets.

usage: test_browser_state.py PATH/TO/handstat [--screenshots DIR]
"""
import csv
import io
import os
import sys
import tempfile
import time
import urllib.parse

import browser_harness as h
from browser_harness import By, api, check, wait
from selenium.webdriver.support.ui import Select

R1, R2, R3, BOARD = "TT+,AQs+", "88-66,KQs", "A5s-A2s", "Qs8d3c"
R1_CLASSES = sorted(["AA", "KK", "QQ", "JJ", "TT", "AKs", "AQs"])


def value(d, element_id):
    return d.find_element(By.ID, element_id).get_attribute("value")


def hash_params(d):
    frag = d.execute_script("return location.hash")
    tab, _, q = frag[1:].partition("?")
    return tab, urllib.parse.parse_qs(q, keep_blank_values=True)


def equity_restored(d, what):
    wait(d, f"the grid of the restored range ({what})", lambda: h.selected(d, "eq-range-1") == R1_CLASSES)
    got = [value(d, i) for i in ("eq-range-1", "eq-range-2", "eq-range-3", "eq-board")] \
        if d.find_elements(By.ID, "eq-range-3") else None
    check(got == [R1, R2, R3, BOARD], f"{what}: the fields are back: {got}")
    check(h.selected(d, "eq-range-1") == R1_CLASSES, f"{what}: the grid shows {R1}: {h.selected(d, 'eq-range-1')}")
    check(h.selected(d, "eq-range-2") == sorted(["88", "77", "66", "KQs"]),
          f"{what}: the second grid: {h.selected(d, 'eq-range-2')}")
    check(len(d.find_elements(By.CSS_SELECTOR, "#eq-more-players input")) == 1,
          f"{what}: one extra player, not more")


def state_and_downloads(d, url, downloads):
    h.open_tab(d, url, "equity")
    h.type_into(d, "eq-range-1", R1)
    h.type_into(d, "eq-range-2", R2)
    h.type_into(d, "eq-board", BOARD)
    d.find_element(By.ID, "eq-add-player").click()
    h.type_into(d, "eq-range-3", R3)
    wait(d, "the address to follow the fields", lambda: hash_params(d)[1].get("eq-range-3") == [R3])
    tab, q = hash_params(d)
    check(tab == "equity" and q.get("eq-range-1") == [R1] and q.get("eq-board") == [BOARD],
          f"the address holds the fields: {tab} {q}")
    history = d.execute_script("return history.length")

    # the result, its CSV download and its copy equal the command line's --csv
    d.find_element(By.ID, "eq-compute").click()
    wait(d, "the equity table", lambda: d.find_elements(By.CSS_SELECTOR, '#eq-result td[data-col="equity_exact"]'))
    rc, want, err = api.cli("holdem", "equity", R1, R2, R3, "--board", BOARD, "--csv")
    check(rc == 0, f"the CLI: {err}")
    link = d.find_element(By.CSS_SELECTOR, "#eq-result .table-tools a.csv")
    check(link.get_attribute("download") == "handstat-holdem-equity.csv",
          f"the CSV's file name: {link.get_attribute('download')}")
    link.click()
    path = os.path.join(downloads, "handstat-holdem-equity.csv")
    wait(d, "the CSV download", lambda: os.path.exists(path) and os.path.getsize(path) > 0, 10)
    got = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    check(got == want, f"the CSV download equals the CLI's --csv:\n{got!r}\n{want!r}")
    check(len(want.splitlines()) == 4, f"three players and a header: {want!r}")
    d.find_element(By.CSS_SELECTOR, "#eq-result .table-tools button.copy").click()
    copied = wait(d, "the copy", lambda: d.find_element(
        By.CSS_SELECTOR, "#eq-result .table-tools button.copy").get_attribute("data-copied"))
    rows = list(csv.reader(io.StringIO(want)))
    check(copied == "".join("\t".join(r) + "\n" for r in rows), f"Copy gives the cells tab-separated: {copied!r}")
    check(d.execute_script("return history.length") == history, "typing did not add history entries")

    # a reload restores every field, the third player included, and the grid
    d.refresh()
    wait(d, "the page again", lambda: h.ready(d))
    equity_restored(d, "after a reload")

    # the link button copies the address; a fresh page opened on it restores the same
    d.find_element(By.ID, "copy-link").click()
    copied = wait(d, "the copied link", lambda: d.find_element(By.ID, "copy-link").get_attribute("data-copied"))
    check(copied and "eq-range-3=" in copied, f"the link holds the third player: {copied}")
    d.switch_to.new_window("tab")
    d.get(copied or url)
    wait(d, "the page from the link", lambda: h.ready(d))
    equity_restored(d, "from the copied link")

    # plain #board is the tab with its defaults; its radios and boxes come back from the address
    d.get("about:blank")
    h.open_tab(d, url, "board")
    check(d.find_element(By.ID, "tab-board").is_displayed() and value(d, "hits-range") == "QQ+,AKs",
          "plain #board opens the tab with its defaults")
    d.find_element(By.ID, "hits-turn").click()
    h.type_into(d, "hits-range", "AKs,QQ")
    wait(d, "the address of the board tab", lambda: hash_params(d)[1].get("hits-range") == ["AKs,QQ"])
    check(hash_params(d)[1].get("hits-mode") == ["streets"], f"the radio in the address: {hash_params(d)}")
    d.refresh()
    wait(d, "the board tab again", lambda: h.ready(d))
    mode = d.find_element(By.CSS_SELECTOR, 'input[name="hits-mode"]:checked').get_attribute("value")
    check(value(d, "hits-range") == "AKs,QQ" and mode == "streets" and
          d.find_element(By.ID, "hits-turn").is_selected() and d.find_element(By.ID, "hits-flop").is_selected(),
          f"the board tab is back: {value(d, 'hits-range')} {mode}")

    # the games form: the select first, then its fields (a list of hands among them)
    d.get(url + "#games")
    wait(d, "the games form", lambda: d.find_elements(By.ID, "games-command"))
    Select(d.find_element(By.ID, "games-command")).select_by_value("shortdeck equity")
    wait(d, "the short-deck form", lambda: len(d.find_elements(By.CSS_SELECTOR, '#games-form [data-arg="hand"] input')) == 2)
    hands = d.find_elements(By.CSS_SELECTOR, '#games-form [data-arg="hand"] input')
    hands[1].clear()
    hands[1].send_keys("9s9c")
    wait(d, "the games address", lambda: hash_params(d)[1].get("games-arg-hand") == ["AhKh", "9s9c"])
    d.refresh()
    wait(d, "the games tab again", lambda: h.ready(d))
    hands = [i.get_attribute("value") for i in d.find_elements(By.CSS_SELECTOR, '#games-form [data-arg="hand"] input')]
    check(value(d, "games-command") == "shortdeck equity" and hands == ["AhKh", "9s9c"],
          f"the games form is back: {value(d, 'games-command')} {hands}")


def discard_total(d, url):
    d.set_window_size(1400, 1000)
    h.open_tab(d, url, "discard")
    deal = "2C 3H 4D 5D 5S JS"
    h.type_into(d, "discard-hand", deal)
    if not d.find_element(By.ID, "discard-pegging").is_selected():
        d.find_element(By.ID, "discard-pegging").click()
    d.find_element(By.ID, "discard-compute").click()
    wait(d, "the discard table", lambda: d.find_elements(By.CSS_SELECTOR, '#discard-result td[data-col="total_ev"]'), 30)
    th = d.find_elements(By.CSS_SELECTOR, '#discard-result th[data-col="total_ev"]')
    check(th and th[0].is_displayed(), "the total ev column is shown")
    inside = d.execute_script("""
        const th = document.querySelector('#discard-result th[data-col="total_ev"]');
        const box = th.closest('.table-box').getBoundingClientRect(), r = th.getBoundingClientRect();
        return r.width > 0 && r.left >= box.left && r.right <= box.right + 0.5 && r.right <= innerWidth;""")
    check(inside, "total ev is inside the table's box and the window at 1400 px (no scrolling to it)")
    header, rows = api.cli_csv("crib", "discard", *deal.split(), "--pegging")
    page = h.texts(d, '#discard-result td[data-col="total_ev"]')
    want = [r[header.index("total_ev")] for r in rows]
    check(page == want, f"total ev on the page {page} = the CLI's {want}")
    h.shot(d, "state-discard.png", 1400)


def phone(d, url):
    # a phone's viewport through the DevTools protocol (headless Chromium's window is at least 500
    # px wide, so a window size would not make the page 390 px wide)
    h.phone(d)
    for tab in ("equity", "board", "dist", "crib", "discard", "games"):
        d.get("about:blank")
        h.open_tab(d, url, tab)
        if tab in ("equity", "board"):
            prefix = "eq" if tab == "equity" else "hits"
            d.find_element(By.ID, prefix + "-compute").click()
            wait(d, f"the {tab} result", lambda: d.find_elements(By.CSS_SELECTOR, f"#{prefix}-result table"))
        check(h.no_sideways_scroll(d), f"at 390 px the {tab} tab does not scroll sideways: "
              f"{d.execute_script('return document.documentElement.scrollWidth')} px wide")
        check(d.execute_script("return innerWidth") == 390, "the page is 390 px wide")
        if tab == "equity":
            # the equity of each player on the screen, the controls tap-sized, the grid cells large
            eq = d.execute_script("""return [...document.querySelectorAll('#eq-result td[data-col="equity_pct"]')]
                .map((td) => { const r = td.getBoundingClientRect(); return r.width > 0 && r.right <= innerWidth; });""")
            check(eq and all(eq), f"every equity cell is on the screen: {eq}")
            small = d.execute_script("""return [...document.querySelectorAll('#tab-equity button, #tab-equity input[type=text]')]
                .filter((e) => e.offsetParent && e.getBoundingClientRect().height < 40).map((e) => e.id || e.textContent);""")
            check(not small, f"buttons and fields at least 40 px tall: {small}")
            size = d.execute_script("return document.querySelector('.grid[data-for=\"eq-range-1\"] .cell').getBoundingClientRect().width")
            check(size >= 27, f"the grid cells as large as the width allows: {size:.1f} px")
            h.shot(d, "state-phone-equity.png", 390)
        if tab == "board":
            h.shot(d, "state-phone-board.png", 390)


def main():
    downloads = tempfile.mkdtemp(prefix="hs_state_")
    with h.session() as (s, d, url):
        d.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
        state_and_downloads(d, url, downloads)
        discard_total(d, url)
        phone(d, url)
    for f in os.listdir(downloads):
        os.unlink(os.path.join(downloads, f))
    os.rmdir(downloads)
    return h.finish()


if __name__ == "__main__":
    sys.exit(main())
