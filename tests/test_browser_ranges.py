#!/usr/bin/env python3
"""The range grid as players build it (web/range.js), against the command line: the top-15% slider
selects the CLI's "15%" and counts what 'holdem hits 15% --board ... --csv' counts; a range painted
with the weight brush plus single combinations picked in a class's suit panel counts, with the board
and dead cards, what 'holdem hits' counts (weights: AKs@50 counts 2) and gives the CLI's exact
equity; the grid works from the keyboard (one tab stop, arrows, Space/Enter, S for the suits); a
saved range survives a reload; PioSOLVER text exports and imports back to the same range, and a
weight the grammar cannot hold is refused; at 390 px the page does not scroll sideways, the cells
are at least 28 px and the controls 40 px. Exits 77 (skipped) without chromium, chromedriver or
python3-selenium.

usage: test_browser_ranges.py PATH/TO/handstat [--screenshots DIR]
"""
import json
import sys
import urllib.parse
from fractions import Fraction

import browser_harness as h
from browser_harness import By, check, wait
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

BOARD = "Kh7d2c"


def value(d, element_id):
    return d.find_element(By.ID, element_id).get_attribute("value")


def count(d, panel_css):
    """The panel's count line and its numbers (combinations, those left, weighted)."""
    e = d.find_element(By.CSS_SELECTOR, panel_css + " .range-count")
    return (e.text, int(e.get_attribute("data-combos")), int(e.get_attribute("data-live")),
            Fraction(e.get_attribute("data-weighted")))


def cli_hits(text, *extra):
    """What 'holdem hits' counts: every combination that avoids the board and the dead cards has
    exactly one made-hand category, so the made rows' combos add up to the (weighted) range."""
    header, rows = h.cli_csv("holdem", "hits", text, "--board", BOARD, *extra)
    k, c = header.index("kind"), header.index("combos")
    weighted = sum((Fraction(r[c]) for r in rows if r[k] == "made"), Fraction(0))
    header, rows = h.cli_csv("holdem", "hits", text, "--board", BOARD, "--by-combo", *extra)
    return len(rows), weighted


def api_range(s, text):
    _, _, j = s.request("GET", "/api/range?text=" + urllib.parse.quote(text))
    return j


def panel(grid_for):
    return f'.range-panel:has(.grid[data-for="{grid_for}"])'


def main():
    with h.session() as (s, d, url):
        h.open_tab(d, url, "equity")
        p1, p2 = panel("eq-range-1"), panel("eq-range-2")
        h.type_into(d, "eq-board", BOARD)
        h.type_into(d, "eq-dead", "")

        # 1. the slider: keyboard steps of 0.5% up to 15% give the text "15%", parsed by the server
        slider = d.find_element(By.ID, "eq-range-1-top")
        slider.send_keys(Keys.HOME)
        slider.send_keys(*([Keys.ARROW_RIGHT] * 30))
        wait(d, "the text 15%", lambda: value(d, "eq-range-1") == "15%")
        want = api_range(s, "15%")
        live, weighted = cli_hits("15%")
        wait(d, "the count of 15%", lambda: count(d, p1)[1] == want["combos"])
        text, n, left, w = count(d, p1)
        check(value(d, "eq-range-1") == "15%", f"the slider at 15% writes 15%: {value(d, 'eq-range-1')!r}")
        check(n == want["combos"], f"the grid's 15% holds {n} combinations, /api/range {want['combos']}")
        check(left == live and w == weighted,
              f"15% on {BOARD}: the grid counts {left} ({w}), holdem hits {live} ({weighted}): {text!r}")
        classes = sorted(c.get_attribute("data-class") for c in
                         d.find_elements(By.CSS_SELECTOR, '.grid[data-for="eq-range-1"] .cell.sel'))
        check(len(classes) == sum(1 for c in want["classes"] if c), f"15%: {len(classes)} classes selected")
        print("top 15%:", text, flush=True)

        # 2. the brush: AA at 100, AKs at 50 (button), T9s at 7 (number box)
        d.find_element(By.CSS_SELECTOR, p1 + ' [data-range-set=""]').click()
        wait(d, "an empty range", lambda: value(d, "eq-range-1") == "" and not h.selected(d, "eq-range-1"))
        h.cell(d, "eq-range-1", "AA").click()
        d.find_element(By.XPATH, f'//div[contains(@class,"range-panel")][.//input[@id="eq-range-1"]]'
                                 '//button[contains(@class,"weight-button")][.="50"]').click()
        h.cell(d, "eq-range-1", "AKs").click()
        box = d.find_element(By.ID, "eq-range-1-weight")
        box.clear()
        box.send_keys("7")
        h.cell(d, "eq-range-1", "T9s").click()
        wait(d, "the painted text", lambda: value(d, "eq-range-1") == "AA,AKs@50,T9s@7")
        check(value(d, "eq-range-1") == "AA,AKs@50,T9s@7", f"painted: {value(d, 'eq-range-1')!r}")
        title = h.cell(d, "eq-range-1", "AKs").get_attribute("title")
        check("weight 50%" in title, f"AKs shows its weight on hover: {title!r}")

        # 3. the suits of KQs (right-click): KsQs and KhQh at the brush's 25
        d.find_element(By.XPATH, f'//div[contains(@class,"range-panel")][.//input[@id="eq-range-1"]]'
                                 '//button[contains(@class,"weight-button")][.="25"]').click()
        ActionChains(d).context_click(h.cell(d, "eq-range-1", "KQs")).perform()
        suits = d.find_element(By.CSS_SELECTOR, p1 + " .suit-panel")
        wait(d, "the suit panel", lambda: suits.is_displayed())
        combos = suits.find_elements(By.CSS_SELECTOR, ".combo")
        check(len(combos) == 4, f"KQs has 4 combinations in its panel: {len(combos)}")
        suits.find_element(By.CSS_SELECTOR, '.combo[data-combo="KsQs"]').click()
        suits.find_element(By.CSS_SELECTOR, '.combo[data-combo="KhQh"]').click()
        painted = "AA,AKs@50,T9s@7,KsQs@25,KhQh@25"
        wait(d, "the suited combinations in the text", lambda: value(d, "eq-range-1") == painted)
        check(value(d, "eq-range-1") == painted, f"with the suits: {value(d, 'eq-range-1')!r}")
        kq = h.cell(d, "eq-range-1", "KQs")
        check("part" in kq.get_attribute("class") and kq.get_attribute("aria-pressed") == "mixed",
              "KQs shows a part of the class")
        suits.find_element(By.CSS_SELECTOR, ".suits-done").click()
        check(not suits.is_displayed(), "Done closes the suit panel")

        # 4. the count with the board, then with a dead card, equals holdem hits'
        for dead in ("", "As"):
            h.type_into(d, "eq-dead", dead)
            extra = ("--dead", dead) if dead else ()
            live, weighted = cli_hits(painted, *extra)
            wait(d, f"the count with dead '{dead}'", lambda: count(d, p1)[2:] == (live, weighted), 5)
            text, n, left, w = count(d, p1)
            check(n == 16, f"16 combinations in all: {n}")
            check((left, w) == (live, weighted),
                  f"dead '{dead}': the grid counts {left} ({w}), holdem hits {live} ({weighted}): {text!r}")
            check(f"{left} of {n} combinations" in text and f"weighted {w.numerator / w.denominator:g}" in text,
                  f"the count line says it: {text!r}")
            print("count:", text, flush=True)
        kh = h.cell(d, "eq-range-1", "AKs")
        check("blocked" in kh.get_attribute("class"), "AKs shows that the board takes part of it")

        # 5. the exact equity of the painted range against JJ-99,AQs+ is the CLI's
        h.type_into(d, "eq-range-2", "JJ-99,AQs+")
        d.find_element(By.ID, "eq-compute").click()
        wait(d, "the equity table", lambda: d.find_elements(By.CSS_SELECTOR, '#eq-result td[data-col="equity_exact"]'))
        page = [td.text for td in d.find_elements(By.CSS_SELECTOR, '#eq-result td[data-col="equity_exact"]')]
        header, rows = h.cli_csv("holdem", "equity", painted, "JJ-99,AQs+", "--board", BOARD, "--dead", "As")
        cli = [r[header.index("equity_exact")] for r in rows]
        check(page == cli, f"the painted range's exact equity {page} = the CLI's {cli}")
        print("equity:", page, flush=True)
        h.shot(d, "ranges-painted.png")

        # 6. the keyboard: one tab stop, arrows, Space and Enter toggle, S opens the suits
        stops = d.find_elements(By.CSS_SELECTOR, '.grid[data-for="eq-range-2"] .cell[tabindex="0"]')
        check(len(stops) == 1, f"the grid is one tab stop: {len(stops)}")
        d.find_element(By.ID, "eq-range-2").click()
        ActionChains(d).send_keys(Keys.TAB).perform()
        active = lambda: d.switch_to.active_element.get_attribute("data-class")
        check(active() == "AA", f"Tab from the text box lands on the grid: {active()}")
        ActionChains(d).send_keys(Keys.ARROW_RIGHT).perform()
        check(active() == "AKs", f"ArrowRight moves to AKs: {active()}")
        ActionChains(d).send_keys(Keys.SPACE).perform()
        wait(d, "AKs out by Space", lambda: value(d, "eq-range-2") == "JJ-99,AQs")
        check(value(d, "eq-range-2") == "JJ-99,AQs", f"Space takes AKs out: {value(d, 'eq-range-2')!r}")
        label = h.cell(d, "eq-range-2", "AKs").get_attribute("aria-label")
        check(label.startswith("AKs, 0 of 4 combinations selected"), f"AKs's label: {label!r}")
        ActionChains(d).send_keys(Keys.ARROW_DOWN).perform()
        ActionChains(d).send_keys(Keys.ENTER).perform()
        wait(d, "KK in by Enter", lambda: value(d, "eq-range-2") == "KK,JJ-99,AQs")
        check(value(d, "eq-range-2") == "KK,JJ-99,AQs", f"ArrowDown, Enter adds KK: {value(d, 'eq-range-2')!r}")
        label = h.cell(d, "eq-range-2", "KK").get_attribute("aria-label")
        check(label.startswith("KK, 6 of 6 combinations selected"), f"KK's label: {label!r}")
        ActionChains(d).send_keys("s").perform()
        suits2 = d.find_element(By.CSS_SELECTOR, p2 + " .suit-panel")
        check(suits2.is_displayed() and len(suits2.find_elements(By.CSS_SELECTOR, ".combo")) == 6,
              "S opens KK's six combinations")
        ActionChains(d).send_keys(Keys.ENTER).perform()  # the first combination: KsKh out
        wait(d, "KsKh out", lambda: "KK" not in value(d, "eq-range-2").split(","))
        check(api_range(s, value(d, "eq-range-2"))["combos"] == 5 + 18 + 4,
              f"KK less one combination: {value(d, 'eq-range-2')!r}")
        ActionChains(d).send_keys(Keys.ESCAPE).perform()
        check(not suits2.is_displayed() and active() == "KK", "Escape closes the suits, back on KK")

        # 7. a saved range survives a reload
        more = d.find_element(By.CSS_SELECTOR, p1 + " .range-more summary")
        more.click()
        d.find_element(By.CSS_SELECTOR, p1 + " .save-name").send_keys("painted")
        d.find_element(By.CSS_SELECTOR, p1 + " .save-range").click()
        d.refresh()
        h.wait(d, "the page again", lambda: h.ready(d))
        d.find_element(By.CSS_SELECTOR, p1 + " .range-more summary").click()
        names = [o.text for o in d.find_elements(By.CSS_SELECTOR, p1 + " .saved-list option")]
        check(names == ["painted"], f"after a reload the saved list holds 'painted': {names}")
        d.find_element(By.CSS_SELECTOR, p1 + " .load-range").click()
        wait(d, "the loaded range", lambda: value(d, "eq-range-1") == painted)
        check(value(d, "eq-range-1") == painted, f"Load gives the saved text: {value(d, 'eq-range-1')!r}")
        stored = json.loads(d.execute_script("return localStorage.getItem('handstat.savedRanges')"))
        check(stored == {"painted": painted}, f"kept in localStorage: {stored}")

        # 8. Pio text: export, import back (the same range), a weight it cannot hold is refused
        wait(d, "the painted grid", lambda: count(d, p1)[1] == 16)
        d.find_element(By.CSS_SELECTOR, p1 + " .export-pio").click()
        io = d.find_element(By.CSS_SELECTOR, p1 + " .range-io")
        pio = io.get_attribute("value")
        check(pio == "AA,AKs:0.5,T9s:0.07,KsQs:0.25,KhQh:0.25", f"Pio export: {pio!r}")
        d.find_element(By.CSS_SELECTOR, p1 + ' [data-range-set=""]').click()
        wait(d, "an empty range", lambda: value(d, "eq-range-1") == "")
        d.find_element(By.CSS_SELECTOR, p1 + " .import-range").click()
        wait(d, "the imported range", lambda: value(d, "eq-range-1") != "")
        back = value(d, "eq-range-1")
        check(api_range(s, back)["classes"] == api_range(s, painted)["classes"],
              f"Pio round trip: {back!r} is {painted!r}")
        d.find_element(By.CSS_SELECTOR, p1 + " .export-handstat").click()
        check(io.get_attribute("value") == back, "handstat export is the text")
        io.clear()
        io.send_keys("QQ+:1,AKs:0.125")
        d.find_element(By.CSS_SELECTOR, p1 + " .import-range").click()
        msg = d.find_element(By.CSS_SELECTOR, p1 + " .range-io-msg")
        wait(d, "the refusal", lambda: "cannot be represented" in msg.text, 5)
        check("12.5%" in msg.text and value(d, "eq-range-1") == back,
              f"AKs:0.125 refused, the range kept: {msg.text!r}")

        # 9. a phone: 390 px wide
        h.phone(d)
        wait(d, "the narrow layout", lambda: d.execute_script("return window.innerWidth") <= 400, 5)
        check(h.no_sideways_scroll(d), "no sideways scroll at 390 px")
        widths = d.execute_script(
            "return [...document.querySelectorAll('#tab-equity .grid .cell')].map(c => c.getBoundingClientRect().width)")
        check(min(widths) >= 28, f"cells at least 28 px at 390 px: {min(widths):.1f}")
        small = d.execute_script("""return [...document.querySelectorAll(
            '#tab-equity .range-tools button, #tab-equity .range-buttons button, #tab-equity .range-tools input, #tab-equity .range-tools select')]
            .filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect())
            .filter(r => r.height < 40 || r.width < 40).length""")
        check(small == 0, f"controls at least 40 px: {small} smaller")
        right = d.execute_script("return Math.max(...[...document.querySelectorAll('#tab-equity .range-panel *')]"
                                 ".map(e => e.getBoundingClientRect().right))")
        check(right <= 390, f"nothing of the panels beyond 390 px: {right}")
        h.shot(d, "ranges-phone.png", width=390)
    return h.finish()


if __name__ == "__main__":
    sys.exit(main())
