#!/usr/bin/env python3
"""The equity tab answers every question: the exact table's Equity %, Win % and Tie % of QQ+,AKs
against JJ-99,AQs+ on Kh7d2c equal the command line's exact counts (rounded half up from the exact
fractions), with no exponent anywhere and no bar label cut; before a long exact query runs the page
shows its time on this server, and while it runs the time left; six random hands are out of reach
at once (in player words), and the estimate runs in rounds that refine live, Stop keeping the last
pooled estimate, which lies within 5 standard errors of 1/6; an error names the field on screen
and dims the old result. Folded players (card removal): AhAd against KsKc with QQ+ and 99+,AQs
folded shows each Equity % and its equity without the folds, both the CLI's exact fractions, and
the difference in percentage points from them; a folded range is in the plan asked before the
query (its error named "Folded 2"); a reload brings the folded rows back, their remove buttons
take them out again. Exits 77 (skipped) without chromium, chromedriver or python3-selenium.

usage: test_browser_equity.py PATH/TO/handstat [--screenshots DIR]
"""
import sys
import time
from fractions import Fraction

import browser_harness as h
from browser_harness import By


def pct_exact(f):
    """A share as the page's pctExact writes it: two decimals rounded half up from the exact
    value (the shares here are all above 0.01%)."""
    if f == 0:
        return "0%"
    q = (f.numerator * 20000 + f.denominator) // (2 * f.denominator)
    s = str(q).rjust(3, "0")
    return f"{s[:-2]}.{s[-2:]}%"


def cells(d, col):
    """The column's texts, read at once (the estimate redraws the table as rounds come)."""
    return d.execute_script(
        "return [...document.querySelectorAll(`#eq-result td[data-col='${arguments[0]}']`)]"
        ".map((td) => td.textContent)", col)


def text(d, element_id):
    return d.find_element(By.ID, element_id).text


def exact_percentages(d):
    h.type_into(d, "eq-range-1", "QQ+,AKs")
    h.type_into(d, "eq-range-2", "JJ-99,AQs+")
    h.type_into(d, "eq-dead", "")
    h.type_into(d, "eq-board", "Kh7d2c")
    d.find_element(By.ID, "eq-compute").click()
    h.wait(d, "the exact table", lambda: cells(d, "equity_pct"))
    header, rows = h.cli_csv("holdem", "equity", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c")
    col = header.index
    want_eq, want_win, want_tie = [], [], []
    for r in rows:
        deals = int(r[col("wins")]) + int(r[col("ties")]) + int(r[col("losses")])
        want_eq.append(pct_exact(Fraction(r[col("equity_exact")])))
        want_win.append(pct_exact(Fraction(int(r[col("wins")]), deals)))
        want_tie.append(pct_exact(Fraction(int(r[col("ties")]), deals)))
    page = (cells(d, "equity_pct"), cells(d, "win_pct"), cells(d, "tie_pct"))
    h.check(page == (want_eq, want_win, want_tie),
            f"Equity/Win/Tie % {page} = the CLI's {(want_eq, want_win, want_tie)}")
    print("percentages on the page:", page, flush=True)
    exact = [r[col("equity_exact")] for r in rows]
    h.check(cells(d, "equity_exact") == exact, f"the exact fractions {cells(d, 'equity_exact')} = {exact}")
    titles = [td.get_attribute("title") for td in d.find_elements(
        By.CSS_SELECTOR, '#eq-result td[data-col="equity_pct"]')]
    h.check(all(f in t for f, t in zip(exact, titles)), f"each Equity % has its fraction as a tooltip: {titles}")
    result = text(d, "eq-result")
    h.check("e-" not in result and "e+" not in result, f"no exponent in the result: {result!r}")
    # the bar's labels: each fits its segment or is hidden (never cut); every segment has a tooltip
    fits = d.execute_script("""
        return [...document.querySelectorAll('#eq-result .equity-stack .seg')].map((s) =>
          (s.classList.contains('tight') || s.firstChild.offsetWidth <= s.clientWidth) && !!s.title);""")
    h.check(fits and all(fits), f"every bar label fits or is hidden, with a tooltip: {fits}")
    h.shot(d, "equity-exact.png")


def pp_exact(f):
    """A difference of shares in percentage points as the page's ppExact writes it."""
    if f == 0:
        return "0.00 pp"
    a = abs(f)
    q = (a.numerator * 20000 + a.denominator) // (2 * a.denominator)
    s = str(q).rjust(3, "0")
    return f"{'-' if f < 0 else '+'}{s[:-2]}.{s[-2:]} pp"


FOLDED = ("QQ+", "99+,AQs")


def folded_values(d):
    return [e.get_attribute("value") for e in d.find_elements(By.CSS_SELECTOR, "#eq-folded input")]


def folded(d):
    """Two folded players: the exact equities with and without the folds are the CLI's."""
    h.type_into(d, "eq-range-1", "AhAd")
    h.type_into(d, "eq-range-2", "KsKc")
    h.type_into(d, "eq-board", "")
    for k, r in enumerate(FOLDED, 1):
        d.find_element(By.ID, "eq-add-folded").click()
        h.type_into(d, f"eq-folded-{k}", r)
    # the plan before the query carries the folded ranges: a bad one is named by its row
    h.type_into(d, "eq-folded-2", "XX")
    h.wait(d, "the folded range's error in the plan", lambda: text(d, "eq-plan").startswith("Folded 2"), 5)
    print("plan:", text(d, "eq-plan"), flush=True)
    h.type_into(d, "eq-folded-2", FOLDED[1])
    h.wait(d, "the plan without the error", lambda: not text(d, "eq-plan").startswith("Folded"), 5)
    d.find_element(By.ID, "eq-compute").click()
    h.wait(d, "the folded table", lambda: cells(d, "fold_move"))
    args = ["holdem", "equity", "AhAd", "KsKc"]
    for r in FOLDED:
        args += ["--folded", r]
    header, rows = h.cli_csv(*args)
    col = header.index
    eq = [Fraction(r[col("equity_exact")]) for r in rows]
    un = [Fraction(r[col("equity_unfolded_exact")]) for r in rows]
    h.check(cells(d, "equity_exact") == [r[col("equity_exact")] for r in rows],
            f"equity (exact) {cells(d, 'equity_exact')} = the CLI's equity_exact")
    h.check(cells(d, "equity_unfolded_exact") == [r[col("equity_unfolded_exact")] for r in rows],
            f"without the folds (exact) {cells(d, 'equity_unfolded_exact')} = the CLI's equity_unfolded_exact")
    want = ([pct_exact(f) for f in eq], [pct_exact(f) for f in un], [pp_exact(a - b) for a, b in zip(eq, un)])
    page = (cells(d, "equity_pct"), cells(d, "unfolded_pct"), cells(d, "fold_move"))
    h.check(page == want, f"Equity %, without the folds %, the move {page} = from the CLI's fractions {want}")
    h.check(eq != un and all(m != "0.00 pp" for m in page[2]), f"the folds move it: {page[2]}")
    heads = h.texts(d, "#eq-result table.equity th")
    h.check("without the folds %" in heads and "the folds move it" in heads and "Equity % (folds out)" in heads,
            f"the columns say what they are: {heads}")
    head = d.find_element(By.CSS_SELECTOR, "#eq-result .folded-head").text
    h.check("QQ+ | 99+,AQs" in head and "percentage points" in head, f"the folded line: {head!r}")
    titles = [td.get_attribute("title") for td in d.find_elements(By.CSS_SELECTOR, '#eq-result td[data-col="fold_move"]')]
    h.check(all(str(a - b) in t for a, b, t in zip(eq, un, titles)), f"the move's exact fraction is its tooltip: {titles}")
    print("folded:", page, flush=True)
    h.shot(d, "equity-folded.png")
    # the address keeps the folded rows: a reload brings them back, their buttons remove them
    h.wait(d, "the address", lambda: "eq-folded-2=" in d.execute_script("return location.hash"))
    d.refresh()
    h.wait(d, "the page again", lambda: h.ready(d))
    h.wait(d, "the folded rows back", lambda: folded_values(d) == list(FOLDED), 5)
    h.check(folded_values(d) == list(FOLDED), f"the reload restores the folded rows: {folded_values(d)}")
    for b in reversed(d.find_elements(By.CSS_SELECTOR, "#eq-folded button")):
        b.click()
    h.wait(d, "the folded rows gone from the address",
           lambda: "eq-folded" not in d.execute_script("return location.hash") and not folded_values(d), 5)


def long_exact(d):
    """Two random hands preflop: the time on this server before it starts, the time left as it runs."""
    h.type_into(d, "eq-board", "")
    h.type_into(d, "eq-range-1", "random")
    h.type_into(d, "eq-range-2", "random")
    h.wait(d, "the time of the exact query before it starts", lambda: "Exact: about" in text(d, "eq-plan"), 10)
    plan = text(d, "eq-plan")
    print("before the start:", plan, flush=True)
    h.check("about" in plan and ("s" in plan or "min" in plan), f"the plan gives a time: {plan!r}")
    d.find_element(By.ID, "eq-compute").click()
    h.wait(d, "the time left", lambda: "left" in text(d, "eq-status"), 15)
    status = text(d, "eq-status")
    print("while running:", status, flush=True)
    h.check("left" in status and "%" in status, f"the progress gives the time left: {status!r}")
    d.find_element(By.ID, "eq-stop").click()
    h.wait(d, "the stop", lambda: text(d, "eq-status") == "stopped")


def six_random(d):
    t = time.time()
    for _ in range(4):
        d.find_element(By.ID, "eq-add-player").click()
    h.wait(d, "out of reach said before Compute", lambda: "out of reach" in text(d, "eq-plan"))
    plan = text(d, "eq-plan")
    print(f"six random hands, after {time.time() - t:.1f} s:", plan, flush=True)
    h.check("128 bits" in plan and "samples" not in plan and "--" not in plan,
            f"out of reach in player words: {plan!r}")
    h.check(d.find_element(By.ID, "eq-auto").is_selected(), "estimating automatically is the default")
    t = time.time()
    d.find_element(By.ID, "eq-compute").click()
    rounds = lambda: d.execute_script(
        "return document.querySelectorAll('#eq-result table.rounds tbody tr').length")
    h.wait(d, "two estimate rounds", lambda: rounds() >= 2, 30)
    # how soon is measured, not asserted: a loaded test machine may take longer
    print(f"two rounds after {time.time() - t:.1f} s", flush=True)
    n, first = d.execute_script(
        "return [document.querySelectorAll('#eq-result table.rounds tbody tr').length,"
        " [...document.querySelectorAll(`#eq-result td[data-col='equity_pct']`)].map((td) => td.textContent)]")
    h.wait(d, "one more round", lambda: rounds() > n, 30)
    h.check(cells(d, "equity_pct") != first, f"the pooled estimate refines: {first} -> {cells(d, 'equity_pct')}")
    head = d.execute_script("return document.querySelector('#eq-result .estimate-head').textContent")
    h.check("Estimate" in head and "not exact" in head, f"labelled an estimate: {head!r}")
    h.shot(d, "equity-estimate.png")
    d.find_element(By.ID, "eq-stop").click()
    h.wait(d, "the stop", lambda: "stopped" in text(d, "eq-status") and
           not d.find_element(By.ID, "eq-compute").get_attribute("disabled"), 10)
    status = text(d, "eq-status")
    h.check("keeping the estimate" in status, f"Stop keeps the estimate: {status!r}")
    n = rounds()
    h.check(n >= 3 and len(cells(d, "equity_pct")) == 6, f"the estimate stays: {n} rounds, 6 rows")
    stale = "stale" in d.find_element(By.ID, "eq-result").get_attribute("class")
    h.check(not stale, "the kept estimate is not dimmed")
    pooled = d.execute_script(
        "return [...document.querySelectorAll(`#eq-result td[data-col='equity_pct']`)]"
        ".map((td) => [td.dataset.equity, td.dataset.se])")
    for i, (e, se) in enumerate(pooled):
        e, se = float(e), float(se)
        h.check(se > 0 and abs(e - 1 / 6) < 5 * se, f"player {i + 1}: {e} ± {se} within 5 se of 1/6")
    print("pooled:", cells(d, "equity_pct"), flush=True)
    result = text(d, "eq-result")
    h.check("e-" not in result, f"no exponent in the estimate: {result!r}")


def errors(d):
    h.type_into(d, "eq-range-1", "XX")
    h.wait(d, "the error named by its field", lambda: "Player 1" in text(d, "eq-plan"), 5)
    d.find_element(By.ID, "eq-compute").click()
    h.wait(d, "the error box", lambda: text(d, "eq-error"), 5)
    err = text(d, "eq-error")
    h.check(err.startswith("Player 1") and "hand 1" not in err, f"the error names the field: {err!r}")
    stale = "stale" in d.find_element(By.ID, "eq-result").get_attribute("class")
    h.check(stale, "the old result is dimmed beside the error")
    h.type_into(d, "eq-range-1", "random")
    h.type_into(d, "eq-board", "Kh Kh 2c")
    h.wait(d, "the board's error", lambda: text(d, "eq-plan").startswith("Board"), 5)
    print("errors:", err, "/", text(d, "eq-plan"), flush=True)
    # the refusals asked for here are logged by the browser as failed loads: those, and only
    # those, are expected (the session fails on any other error the page logged)
    logged = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
    other = [e for e in logged if "status of 400" not in e.get("message", "") or not any(
        p in e.get("message", "") for p in ("/api/range?text=XX", "/api/estimate", "/api/jobs"))]
    h.check(not other, f"no other error logged: {other}")


def main():
    with h.session() as (s, d, url):
        h.open_tab(d, url, "equity")
        exact_percentages(d)
        folded(d)
        long_exact(d)
        six_random(d)
        errors(d)
        h.check(h.no_sideways_scroll(d), "nothing scrolls sideways")
    return h.finish()


if __name__ == "__main__":
    sys.exit(main())
