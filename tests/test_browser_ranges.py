#!/usr/bin/env python3
"""The range grid as players build it (web/range.js), against the command line: the top-15% slider
selects the CLI's "15%" and counts what 'holdem hits 15% --board ... --csv' counts; a range painted
with the weight brush (a 12.5% weight among them, shown on its cell) plus single combinations picked
in a class's suit panel counts, with the board and dead cards, what 'holdem hits' counts (weights
exact to 0.01%: AKs@50 counts 2, 76s@12.5 0.5) and gives the CLI's exact equity; the grid works
from the keyboard (one tab stop, arrows, Space/Enter, S for the suits); a saved range survives a
reload; the handstat, PioSOLVER and Equilab exports are 'holdem range TEXT --to ...' of the CLI and
import back to the same range; a Pio range with 0.125 weights imports as typed, counts and computes
what the CLI does with the same text, and a weight finer than 0.01% is refused; at 390 px the page
does not scroll sideways, the cells are at least 28 px and the controls 40 px. Exits 77 (skipped)
without chromium, chromedriver or python3-selenium.

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


def cli_range(text, to):
    """The text 'holdem range TEXT --to TO' writes."""
    header, rows = h.cli_csv("holdem", "range", text, "--to", to)
    return rows[0][header.index("range")]


def decimal(f):
    """A Fraction with a power-of-ten denominator as its exact decimal text: 6.375, 2."""
    whole, rest = divmod(f.numerator, f.denominator)
    if rest == 0:
        return str(whole)
    digits = ""
    while rest:
        rest *= 10
        q, rest = divmod(rest, f.denominator)
        digits += str(q)
    return f"{whole}.{digits}"


def brush(d, percent):
    d.find_element(By.XPATH, f'//div[contains(@class,"range-panel")][.//input[@id="eq-range-1"]]'
                             f'//button[contains(@class,"weight-button")][.="{percent}"]').click()


def equity_page(d):
    return [td.text for td in d.find_elements(By.CSS_SELECTOR, '#eq-result td[data-col="equity_exact"]')]


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

        # 2. the brush: AA at 100, AKs at 50 (button), T9s at 7 and 76s at 12.5 (number box)
        d.find_element(By.CSS_SELECTOR, p1 + ' [data-range-set=""]').click()
        wait(d, "an empty range", lambda: value(d, "eq-range-1") == "" and not h.selected(d, "eq-range-1"))
        h.cell(d, "eq-range-1", "AA").click()
        brush(d, "50")
        h.cell(d, "eq-range-1", "AKs").click()
        box = d.find_element(By.ID, "eq-range-1-weight")
        box.clear()
        box.send_keys("7")
        h.cell(d, "eq-range-1", "T9s").click()
        box.clear()
        box.send_keys("12.5")
        h.cell(d, "eq-range-1", "76s").click()
        brushed = "AA,AKs@50,76s@12.5,T9s@7"
        wait(d, "the painted text", lambda: value(d, "eq-range-1") == brushed)
        check(value(d, "eq-range-1") == brushed, f"painted: {value(d, 'eq-range-1')!r}")
        title = h.cell(d, "eq-range-1", "AKs").get_attribute("title")
        check("weight 50%" in title, f"AKs shows its weight on hover: {title!r}")
        c76 = h.cell(d, "eq-range-1", "76s")
        title = c76.get_attribute("title")
        check("weight 12.5%" in title, f"76s shows its weight 12.5% on hover: {title!r}")
        shown = d.execute_script("return getComputedStyle(arguments[0], '::before').content", c76)
        check(shown == '"12.5%"' and c76.text == "76s", f"76s's cell shows 12.5%: {shown!r}, {c76.text!r}")
        box.clear()
        box.send_keys("12.345")
        check("invalid" in box.get_attribute("class"), "a brush weight finer than 0.01% is marked invalid")
        box.clear()
        box.send_keys("0.01")
        check("invalid" not in box.get_attribute("class"), "0.01% is a brush weight")

        # 3. the suits of KQs (right-click): KsQs and KhQh at the brush's 25
        brush(d, "25")
        ActionChains(d).context_click(h.cell(d, "eq-range-1", "KQs")).perform()
        suits = d.find_element(By.CSS_SELECTOR, p1 + " .suit-panel")
        wait(d, "the suit panel", lambda: suits.is_displayed())
        combos = suits.find_elements(By.CSS_SELECTOR, ".combo")
        check(len(combos) == 4, f"KQs has 4 combinations in its panel: {len(combos)}")
        suits.find_element(By.CSS_SELECTOR, '.combo[data-combo="KsQs"]').click()
        suits.find_element(By.CSS_SELECTOR, '.combo[data-combo="KhQh"]').click()
        painted = brushed + ",KsQs@25,KhQh@25"
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
            check(n == 20, f"20 combinations in all: {n}")
            check((left, w) == (live, weighted),
                  f"dead '{dead}': the grid counts {left} ({w}), holdem hits {live} ({weighted}): {text!r}")
            check(w.denominator > 1, f"a fractional weighted count: {w}")
            check(f"{left} of {n} combinations" in text and f"weighted {decimal(w)})" in text,
                  f"the count line says it: {text!r}")
            print("count:", text, flush=True)
        kh = h.cell(d, "eq-range-1", "AKs")
        check("blocked" in kh.get_attribute("class"), "AKs shows that the board takes part of it")

        # 5. the exact equity of the painted range against JJ-99,AQs+ is the CLI's
        h.type_into(d, "eq-range-2", "JJ-99,AQs+")
        d.find_element(By.ID, "eq-compute").click()
        wait(d, "the equity table", lambda: d.find_elements(By.CSS_SELECTOR, '#eq-result td[data-col="equity_exact"]'))
        page = equity_page(d)
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

        # 8. export by the server's 'holdem range' (the CLI's text in each notation), import back
        io = d.find_element(By.CSS_SELECTOR, p1 + " .range-io")
        msg = d.find_element(By.CSS_SELECTOR, p1 + " .range-io-msg")
        exported = {}
        for kind in ("handstat", "pio", "equilab"):
            io.clear()
            d.find_element(By.CSS_SELECTOR, p1 + f" .export-{kind}").click()
            want = cli_range(painted, kind)
            wait(d, f"the {kind} export", lambda: io.get_attribute("value") == want, 5)
            exported[kind] = io.get_attribute("value")
            check(exported[kind] == want, f"{kind} export {exported[kind]!r} = holdem range --to {kind}: {want!r}")
        print("exports:", exported, flush=True)
        check(exported["pio"] == "AA,AKs:0.5,KhQh:0.25,KsQs:0.25,T9s:0.07,76s:0.125",
              f"the Pio export: {exported['pio']!r}")
        check("[12.5]76s[/12.5]" in exported["equilab"], f"Equilab brackets: {exported['equilab']!r}")
        for kind in ("pio", "equilab"):
            d.find_element(By.CSS_SELECTOR, p1 + ' [data-range-set=""]').click()
            wait(d, "an empty range", lambda: value(d, "eq-range-1") == "")
            io.clear()
            io.send_keys(exported[kind])
            d.find_element(By.CSS_SELECTOR, p1 + " .import-range").click()
            wait(d, f"the imported {kind} text", lambda: value(d, "eq-range-1") == exported[kind])
            wait(d, f"the {kind} grid", lambda: count(d, p1)[1] == 20)
            back = cli_range(value(d, "eq-range-1"), "handstat")
            check(back == exported["handstat"], f"{kind} round trip: {exported[kind]!r} is {painted!r}: {back!r}")
            cell76 = h.cell(d, "eq-range-1", "76s").get_attribute("title")
            check("weight 12.5%" in cell76, f"after the {kind} import 76s is at 12.5%: {cell76!r}")

        # 8b. a Pio range with 0.125 weights, imported as typed: the CLI's count and equity of it
        pio = "QQ+:1,AKs:0.125,AQs:0.5,KhQh:0.125,AhKd:0.0625"
        io.clear()
        io.send_keys(pio)
        d.find_element(By.CSS_SELECTOR, p1 + " .import-range").click()
        wait(d, "the imported Pio range", lambda: value(d, "eq-range-1") == pio)
        check(value(d, "eq-range-1") == pio, f"imported as typed: {value(d, 'eq-range-1')!r}")
        h.type_into(d, "eq-board", BOARD)
        h.type_into(d, "eq-dead", "As")
        live, weighted = cli_hits(pio, "--dead", "As")
        wait(d, "the Pio range's count", lambda: count(d, p1)[2:] == (live, weighted), 5)
        text, n, left, w = count(d, p1)
        check((left, w) == (live, weighted) and w.denominator > 1,
              f"the Pio range on {BOARD}, dead As: the grid {left} ({w}), holdem hits {live} ({weighted}): {text!r}")
        print("pio count:", text, flush=True)
        h.type_into(d, "eq-range-2", "JJ-99,AQs+")
        header, rows = h.cli_csv("holdem", "equity", pio, "JJ-99,AQs+", "--board", BOARD, "--dead", "As")
        cli = [r[header.index("equity_exact")] for r in rows]
        d.find_element(By.ID, "eq-compute").click()
        wait(d, "the Pio range's equity", lambda: equity_page(d) == cli)
        check(equity_page(d) == cli, f"the Pio range's exact equity {equity_page(d)} = the CLI's {cli}")
        print("pio equity:", cli, flush=True)

        # 8c. a weight finer than 0.01% is refused by the server, the range kept
        io.clear()
        io.send_keys("QQ+,AKs:0.00005")
        d.find_element(By.CSS_SELECTOR, p1 + " .import-range").click()
        wait(d, "the refusal", lambda: "bad" in msg.get_attribute("class") and "AKs" in msg.text, 5)
        check("AKs:0.00005" in msg.text and "finer" in msg.text and value(d, "eq-range-1") == pio,
              f"AKs:0.00005 refused, the range kept: {msg.text!r}")
        # the browser logs the refusal asked for as a failed load: that one, and only that, is expected
        logged = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
        other = [e for e in logged if not ("/api/query" in e.get("message", "")
                                           and "status of 400" in e.get("message", ""))]
        check(len(logged) == 1 and not other, f"only the refused import logged: {logged}")

        # 8d. a range typed in the box that the grammar refuses says why, naming the item
        h.type_into(d, "eq-range-1", "QQ+,AKs:1.5")
        err = lambda: d.find_element(By.CSS_SELECTOR, p1 + " .range-error").text
        wait(d, "the text box's refusal", lambda: "a weight over 1" in err())
        check("'AKs:1.5'" in err() and "a weight over 1" in err(), f"the box's error says why: {err()!r}")
        # the plan above Compute asks the server too (POST /api/estimate, a 400 that names the
        # field): wait for it, so that both refusals are in the log before it is read
        plan = lambda: d.find_element(By.ID, "eq-plan").text
        wait(d, "the plan's refusal", lambda: plan().startswith("Player 1") and "AKs:1.5" in plan())
        logged = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
        refused = lambda e, path: path in e.get("message", "") and "status of 400" in e.get("message", "")
        check(any(refused(e, "/api/range") for e in logged) and any(refused(e, "/api/estimate") for e in logged)
              and all(refused(e, "/api/range") or refused(e, "/api/estimate") for e in logged),
              f"only the refused range logged, by the box and by the plan: {logged}")
        h.type_into(d, "eq-range-1", pio)
        wait(d, "the plan without the error", lambda: not plan().startswith("Player 1"))

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
