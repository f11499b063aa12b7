#!/usr/bin/env python3
"""handstat serve's page, the board analysis and equity distribution tabs, in headless Chromium:
every-flop shares of QQ+,AKs at the range level equal the command line's exact counts (the sum of
the hits over the sum of the boards per category, from `holdem hits QQ+,AKs --flops --csv`), the
categories that never occur are hidden until asked for, clicking a category shows exactly the
classes that make it on the range grid (their shares the CLI's), the hand-against-range heat map's
cells equal `holdem equity CLASS VILLAIN --board ...`'s exact equity, classes outside the hero's
range are greyed, with a folded player (card removal) they are `holdem equity CLASS VILLAIN
--folded RANGE`'s and the one-board shares `holdem hits --folded`'s (a reload keeps the folded
rows), and at 390 px neither tab scrolls sideways. Exits 77 (skipped) without chromium,
chromedriver or python3-selenium.

usage: test_browser_board.py PATH/TO/handstat [--screenshots DIR]
"""
import sys
from collections import defaultdict
from fractions import Fraction

import browser_harness as h
from browser_harness import By, check, cli_csv, wait


def exact(text):
    return Fraction(text) if text else None


def rows_of(d, kind):
    return d.find_elements(By.CSS_SELECTOR, f'#hits-result .hits-view[data-street="flop"] .hv-row[data-kind="{kind}"]')


def compute(d, prefix):
    """Click the tab's compute button and wait for its answer (the status says 'done in ...'; it
    says 'sending...' from the click on, so an earlier answer does not count)."""
    d.find_element(By.ID, prefix + "-compute").click()
    wait(d, f"the {prefix} answer", lambda: d.find_element(By.ID, prefix + "-status").text.startswith("done"))


def hit_cells(d):
    return {c.get_attribute("data-class"): c.get_attribute("data-hit-exact") for c in d.find_elements(
        By.CSS_SELECTOR, '.grid[data-for="hits-range"] .cell.hit')}


def every_flop(d, url):
    h.open_tab(d, url, "board")
    h.type_into(d, "hits-range", "QQ+,AKs")
    wait(d, "the grid of QQ+,AKs", lambda: h.selected(d, "hits-range") == ["AA", "AKs", "KK", "QQ"])
    d.find_element(By.CSS_SELECTOR, 'input[name="hits-mode"][value="streets"]').click()
    for street, on in (("flop", True), ("turn", False), ("river", False)):
        box = d.find_element(By.ID, "hits-" + street)
        if box.is_selected() != on:
            box.click()
    # over every flop the one-board field plays no part: the grid counts all 22 combinations
    count = lambda: d.find_element(By.CSS_SELECTOR, '.range-panel[data-board="hits-board"] .range-count').text
    wait(d, "the count without the board", lambda: count().startswith("22 combinations"))
    check(count().startswith("22 combinations"), f"every flop: the count ignores the board: {count()!r}")
    compute(d, "hits")
    wait(d, "the every-flop view", lambda: rows_of(d, "made"))

    # the range's shares: the sum of the hits over the sum of the boards, per category (the CLI's)
    head, rows = cli_csv("holdem", "hits", "QQ+,AKs", "--flops")
    ix = {n: head.index(n) for n in head}
    hits, boards, kind = defaultdict(Fraction), defaultdict(Fraction), {}
    by_class = defaultdict(dict)
    for r in rows:
        cat = r[ix["category"]]
        hits[cat] += Fraction(r[ix["hits"]])
        boards[cat] += Fraction(r[ix["boards"]])
        kind[cat] = r[ix["kind"]]
        by_class[cat][r[ix["class"]]] = Fraction(r[ix["share_exact"]])
    want = {cat: hits[cat] / boards[cat] for cat in hits}
    page = {}
    for k in ("made", "flag"):
        for row in rows_of(d, k):
            page[row.get_attribute("data-category")] = (exact(row.get_attribute("data-exact")), row)
    for cat, share in want.items():
        got = page.get(cat, (None,))[0]
        check(got == share, f"every flop, {cat}: the page's {got} = the CLI's {share}")
    made = [c for c in want if kind[c] == "made"]
    check(sum(want[c] for c in made) == 1, "the made hands sum to one")
    pair = sum(want[c] for c in made if c not in ("ace_high", "nothing"))
    check(page["pair_or_better"][0] == pair, f"pair or better {page['pair_or_better'][0]} = {pair}")
    head_pair = d.find_element(By.CSS_SELECTOR, '#hits-result .hv-head-item[data-group="pair_or_better"] b')
    check(exact(head_pair.get_attribute("title")) == pair, f"the headline's pair or better is {pair}")
    print("every flop: set", page["set"][0], "top pair", page["top_pair"][0], flush=True)

    # the categories that never occur are hidden; the toggle shows them
    zero = [c for c, s in want.items() if s == 0]
    check(zero and "second_pair" in zero, f"QQ+,AKs never flops second pair: {zero}")
    check(all(not page[c][1].is_displayed() for c in zero), "the zero rows are hidden")
    check(all(page[c][1].is_displayed() for c, s in want.items() if s > 0), "the other rows show")
    toggle = d.find_element(By.CSS_SELECTOR, '#hits-result .hits-view[data-street="flop"] .hv-show-zero')
    toggle.click()
    check(all(page[c][1].is_displayed() for c in zero), "the toggle shows the zero rows")
    toggle.click()
    check(not page["second_pair"][1].is_displayed(), "and hides them again")

    # a click on a category shows its classes on the grid, each with its share; again clears
    for cat in ("top_pair", "set", "backdoor_flush"):
        page[cat][1].find_element(By.CSS_SELECTOR, "button.hv-name").click()
        expect = {c: f"{s.numerator}/{s.denominator}" for c, s in by_class[cat].items() if s > 0}
        wait(d, f"the classes of {cat}", lambda: hit_cells(d) == expect, seconds=3)
        check(hit_cells(d) == expect, f"{cat}: the grid shows {hit_cells(d)}, the CLI {expect}")
    page["backdoor_flush"][1].find_element(By.CSS_SELECTOR, "button.hv-name").click()
    check(hit_cells(d) == {}, "a second click clears the grid")
    h.shot(d, "board-every-flop.png")

    # the per-class table: human names, no zero row
    table = d.find_elements(By.CSS_SELECTOR, '#hits-result .hits-view[data-street="flop"] details table tbody tr')
    check(len(table) == sum(1 for r in rows if Fraction(r[ix["hits"]]) > 0),
          f"the per-class table has the nonzero rows: {len(table)}")


def one_board(d, url):
    """The one-board mode: the same rows, the CLI's exact shares, the classes from --by-combo."""
    d.find_element(By.CSS_SELECTOR, 'input[name="hits-mode"][value="board"]').click()
    h.type_into(d, "hits-board", "Kh7d2c")
    compute(d, "hits")
    wait(d, "the one-board view", lambda: d.find_elements(By.CSS_SELECTOR, '#hits-result .hv-row[data-category="set"]'))
    head, rows = cli_csv("holdem", "hits", "QQ+,AKs", "--board", "Kh7d2c")
    for r in rows:
        cat, want = r[head.index("category")], r[head.index("share_exact")]
        got = d.find_element(By.CSS_SELECTOR, f'#hits-result .hv-row[data-category="{cat}"]').get_attribute("data-exact")
        check(Fraction(got) == Fraction(want), f"on Kh7d2c, {cat}: the page's {got} = the CLI's {want}")
    # the per-combination table arrives from a second query; then a click shows the classes
    wait(d, "the per-combination table", lambda: d.find_elements(By.CSS_SELECTOR, "#hits-result details table"))
    d.find_element(By.CSS_SELECTOR, '#hits-result .hv-row[data-category="one_pair"] button').click()
    expect = {"AA": "1/1", "AKs": "1/1", "QQ": "1/1"}
    wait(d, "the one-pair classes on Kh7d2c", lambda: hit_cells(d) == expect, seconds=3)
    check(hit_cells(d) == expect, f"one pair on Kh7d2c: {hit_cells(d)}")
    h.shot(d, "board-one-board.png")
    d.find_element(By.CSS_SELECTOR, '#hits-result .hv-row[data-category="one_pair"] button').click()


def hits_folded(d, url):
    """After one_board: a folded player on the board analysis tab (its button from the registry's
    'folded' argument of holdem hits): the one-board shares are `holdem hits --folded`'s exactly,
    not the plain ones, the answer names the folded range, and a reload keeps the row."""
    fold = "AA,KK@50"
    button = d.find_element(By.ID, "hits-add-folded")
    wait(d, "the folded button's help from the registry", lambda: "folded" in (button.get_attribute("title") or ""))
    button.click()
    h.type_into(d, "hits-folded-1", fold)
    compute(d, "hits")
    wait(d, "the folded one-board view", lambda: d.find_elements(By.CSS_SELECTOR, "#hits-result .folded-head"))
    head, rows = cli_csv("holdem", "hits", "QQ+,AKs", "--board", "Kh7d2c", "--folded", fold)
    plain_head, plain_rows = cli_csv("holdem", "hits", "QQ+,AKs", "--board", "Kh7d2c")
    plain = {r[plain_head.index("category")]: r[plain_head.index("share_exact")] for r in plain_rows}
    moved = 0
    for r in rows:
        cat, want = r[head.index("category")], r[head.index("share_exact")]
        got = d.find_element(By.CSS_SELECTOR, f'#hits-result .hv-row[data-category="{cat}"]').get_attribute("data-exact")
        check(Fraction(got) == Fraction(want), f"on Kh7d2c, folded {fold}, {cat}: the page's {got} = the CLI's {want}")
        moved += Fraction(want) != Fraction(plain.get(cat, "0"))
    check(moved > 0, f"the folded range moves some share ({moved} categories)")
    line = d.find_element(By.CSS_SELECTOR, "#hits-result .folded-head").text
    check(fold in line, f"the answer names the folded range: {line!r}")
    # the counts are sums over the folded hands, not combinations: the page gives the shares only
    check(not d.find_elements(By.CSS_SELECTOR, "#hits-result .hv-count"), "no combination counts with folded players")
    h.shot(d, "board-folded.png")
    # the address keeps the folded row: a reload brings it back, its button removes it
    wait(d, "the address", lambda: "hits-folded-1=" in d.execute_script("return location.hash"))
    d.refresh()
    wait(d, "the page again", lambda: h.ready(d))
    value = lambda: [e.get_attribute("value") for e in d.find_elements(By.CSS_SELECTOR, "#hits-folded input")]
    wait(d, "the folded row back", lambda: value() == [fold])
    check(value() == [fold], f"the reload restores the folded row: {value()}")
    d.find_element(By.CSS_SELECTOR, "#hits-folded button").click()  # remove it again
    wait(d, "the folded row gone from the address",
         lambda: "hits-folded" not in d.execute_script("return location.hash") and not value())


def heat_map(d, url):
    hero, villain, board = "22+,A2s+,KTo+", "QQ+", "Kh7d2c"
    h.open_tab(d, url, "dist")
    h.type_into(d, "dist-range-1", hero)
    h.type_into(d, "dist-range-2", villain)
    h.type_into(d, "dist-board", board)
    h.type_into(d, "dist-bins", "")
    compute(d, "dist")
    cell = lambda name: d.find_element(By.CSS_SELECTOR, f'#dist-heat .heat-cell[data-class="{name}"]')
    wait(d, "the heat map", lambda: d.find_elements(By.CSS_SELECTOR, '#dist-heat .heat-cell[data-class="AKs"][data-exact]'))
    for name in ("AKs", "22", "KQo", "A5s"):
        head, rows = cli_csv("holdem", "equity", name, villain, "--board", board)
        want = rows[0][head.index("equity_exact")]
        got = cell(name).get_attribute("data-exact")
        check(got == want, f"the heat map's {name}: {got} = holdem equity's {want}")
        check(want in cell(name).get_attribute("title"), f"{name}'s hover shows its exact equity")
    outside = {c.get_attribute("data-class") for c in d.find_elements(By.CSS_SELECTOR, "#dist-heat .heat-cell.out")}
    check("72o" in outside and "K9o" in outside and "AKs" not in outside and len(outside) == 169 - 13 - 12 - 3,
          f"the classes outside {hero} are greyed: {len(outside)}")
    check(d.find_elements(By.CSS_SELECTOR, "#dist-chart svg polyline"), "the equity graph stays")
    h.shot(d, "board-heat-map.png")


def dist_folded(d, url):
    """After heat_map: a folded player on the dist tab (its button from the registry's 'folded'
    argument): the heat map's cells are holdem equity CLASS VILLAIN --folded's exact equities."""
    hero, villain, board, fold = "AKs,QQ,T9s", "JJ+", "Kh7d2c", "AA,KK@50"
    h.open_tab(d, url, "dist")
    button = d.find_element(By.ID, "dist-add-folded")
    wait(d, "the folded button's help from the registry", lambda: "folded" in (button.get_attribute("title") or ""))
    h.type_into(d, "dist-range-1", hero)
    h.type_into(d, "dist-range-2", villain)
    h.type_into(d, "dist-board", board)
    button.click()
    h.type_into(d, "dist-folded-1", fold)
    compute(d, "dist")
    cell = lambda name: d.find_element(By.CSS_SELECTOR, f'#dist-heat .heat-cell[data-class="{name}"]')
    wait(d, "the folded heat map", lambda: d.find_elements(By.CSS_SELECTOR, '#dist-heat .heat-cell[data-class="T9s"][data-exact]'))
    for name in ("AKs", "QQ", "T9s"):
        head, rows = cli_csv("holdem", "equity", name, villain, "--board", board, "--folded", fold)
        want = rows[0][head.index("equity_exact")]
        plain = rows[0][head.index("equity_unfolded_exact")]
        got = cell(name).get_attribute("data-exact")
        check(got == want and want != plain,
              f"the folded heat map's {name}: {got} = holdem equity --folded's {want} (unfolded {plain})")
    line = d.find_element(By.CSS_SELECTOR, "#dist-result .folded-head").text
    check("AA,KK@50" in line, f"the answer names the folded range: {line!r}")
    # the address keeps the folded row: a reload brings it back, its button removes it
    wait(d, "the address", lambda: "dist-folded-1=" in d.execute_script("return location.hash"))
    d.refresh()
    wait(d, "the page again", lambda: h.ready(d))
    value = lambda: [e.get_attribute("value") for e in d.find_elements(By.CSS_SELECTOR, "#dist-folded input")]
    wait(d, "the folded row back", lambda: value() == [fold], seconds=5)
    check(value() == [fold], f"the reload restores the folded row: {value()}")
    d.find_element(By.CSS_SELECTOR, "#dist-folded button").click()  # remove it again
    wait(d, "the folded row gone from the address",
         lambda: "dist-folded" not in d.execute_script("return location.hash") and not value(), seconds=5)


def phone(d, url):
    """After heat_map (the dist tab's results stay: only the hash changes from here)."""
    h.phone(d)
    d.execute_script("location.hash = '#board'")
    wait(d, "the board tab", lambda: d.find_element(By.ID, "tab-board").is_displayed())
    d.find_element(By.CSS_SELECTOR, 'input[name="hits-mode"][value="streets"]').click()
    compute(d, "hits")
    wait(d, "the every-flop view at 390 px", lambda: rows_of(d, "made"))
    d.find_element(By.CSS_SELECTOR, '#hits-result details summary').click()
    for tab in ("board", "dist"):
        d.execute_script(f"location.hash = '#{tab}'")
        wait(d, f"the {tab} tab", lambda: d.find_element(By.ID, f"tab-{tab}").is_displayed())
        wait(d, f"no sideways scroll on {tab} at 390 px", lambda: h.no_sideways_scroll(d), seconds=3)
        check(h.no_sideways_scroll(d), f"no sideways scroll on the {tab} tab at 390 px")
    d.execute_script("location.hash = '#board'")
    small = [b.text for b in d.find_elements(By.CSS_SELECTOR, "#hits-result button.hv-name, #hits-result .hv-toggle")
             if b.is_displayed() and b.size["height"] < 40]
    check(not small, f"tap targets at least 40 px high: {small}")
    h.shot(d, "board-phone.png", width=390)


def main():
    with h.session() as (s, d, url):
        every_flop(d, url)
        one_board(d, url)
        hits_folded(d, url)
        heat_map(d, url)
        dist_folded(d, url)
        phone(d, url)
    return h.finish()


if __name__ == "__main__":
    sys.exit(main())
