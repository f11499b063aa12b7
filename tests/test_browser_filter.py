#!/usr/bin/env python3
"""handstat serve's page, the equity filter on the equity-distribution tab, in headless Chromium:
the part of `random` with at least 50% against QQ+,AKs on Kh7d2c, and its best 25%, are the
command line's (`holdem filter ... --csv`: the same range text and exact equity); "Use as the
hero's range" puts that text in the hero's box and grid; a bound the command refuses is named by
its field on screen; at 390 px the tab does not scroll sideways with the answer shown. Exits 77
(skipped) without chromium, chromedriver or python3-selenium.

usage: test_browser_filter.py PATH/TO/handstat [--screenshots DIR]
"""
import sys

import browser_harness as h
from browser_harness import By, check, cli_csv, wait

HERO, VILLAIN, BOARD = "random", "QQ+,AKs", "Kh7d2c"


def filtered(d, extra):
    """Run the filter from the page; answer (range text, exact equity) shown."""
    for k, v in extra.items():
        h.type_into(d, k, v)
    d.find_element(By.ID, "filter-compute").click()
    wait(d, "the filter's answer", lambda: d.find_element(By.ID, "filter-status").text.startswith("done"))
    return (d.find_element(By.ID, "filter-range").text, d.find_element(By.ID, "filter-exact").text)


def cli(*args):
    head, rows = cli_csv("holdem", "filter", HERO, "--vs", VILLAIN, "--board", BOARD, *args)
    return rows[0][head.index("range")], rows[0][head.index("equity_exact")]


def main():
    with h.session() as (s, d, url):
        h.open_tab(d, url, "dist")
        h.type_into(d, "dist-range-1", HERO)
        h.type_into(d, "dist-range-2", VILLAIN)
        h.type_into(d, "dist-board", BOARD)

        page = filtered(d, {"filter-min": "50", "filter-max": "", "filter-top": ""})
        want = cli("--min-equity", "0.5")
        check(page == want, f"at least 50%: the page's {page} = the CLI's {want}")
        cells = h.texts(d, '#filter-result td[data-col="equity"], #filter-result td[data-col="share"]')
        check(cells and all(c.endswith("%") and "e-" not in c for c in cells),
              f"the table's shares read as percentages: {cells}")
        h.shot(d, "filter-min.png")

        page = filtered(d, {"filter-top": "25"})
        want = cli("--top", "25%")
        check(page == want, f"the best 25%: the page's {page} = the CLI's {want}")

        # the answer becomes the hero's range (its box and its grid)
        d.find_element(By.XPATH, "//button[text()=\"Use as the hero's range\"]").click()
        hero = lambda: d.find_element(By.ID, "dist-range-1").get_attribute("value")
        wait(d, "the hero's range from the filter", lambda: hero() == want[0])
        check(hero() == want[0], f"the hero's box holds the filtered range: {hero()!r}")
        wait(d, "the hero's grid", lambda: h.selected(d, "dist-range-1"))
        check("AA" in h.selected(d, "dist-range-1") and "32o" not in h.selected(d, "dist-range-1"),
              f"the hero's grid shows it: {h.selected(d, 'dist-range-1')[:8]}...")

        # a bound the command refuses is named by its field
        h.type_into(d, "dist-range-1", HERO)
        h.type_into(d, "filter-top", "")
        h.type_into(d, "filter-min", "150")
        d.find_element(By.ID, "filter-compute").click()
        err = lambda: d.find_element(By.ID, "filter-error").text
        wait(d, "the refusal", lambda: err() != "")
        check(err().startswith("At least"), f"the error names the field on screen: {err()!r}")
        check("stale" in d.find_element(By.ID, "filter-result").get_attribute("class"),
              "the previous answer is dimmed beside the error")

        # a phone: the answer (a long range text) does not widen the page
        h.type_into(d, "filter-min", "50")
        h.phone(d)
        filtered(d, {})
        check(h.no_sideways_scroll(d), "at 390 px the tab with the filter's answer does not scroll sideways")
        h.shot(d, "filter-phone.png", width=390)
    return h.finish()


if __name__ == "__main__":
    sys.exit(main())
