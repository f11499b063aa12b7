#!/usr/bin/env python3
"""handstat serve's "Other games" tab in headless Chromium: the form made from the registry (GET
/api/commands). Every command of the menu computes from its worked example (but holdem preflop,
whose full table takes minutes, past the server's 30 s cap); short-deck, Omaha and stud equity
give the command line's exact fractions (and the equity column reads as a percent); a choice is a
dropdown (lowball rank's kind, and a5 gives the CLI's --a5 answer); "+ add a player" and the
remove buttons keep 2..9 hands, and the deck fills the focused hand (greying the cards of the
other hands); Omaha ranges typed into the hands give the CLI's exact equities; an error names the field on screen ("Player 2 hand") and marks it; a query with an
error on line 2 shows that line with the spot marked and selects it in the editor; at 390 px wide
the tab does not scroll sideways, its tap targets are 40 px high and the deck fits. Exits 77
(skipped) without chromium, chromedriver or python3-selenium.

usage: test_browser_games.py PATH/TO/handstat [--screenshots DIR]
"""
import csv
import io
import shlex
import subprocess
import sys
import time

import browser_harness as h
from browser_harness import By, check, cli_csv, wait
from selenium.webdriver.support.ui import Select

# The long table jobs the loop leaves out: the full table of every pair of classes runs past the
# server's cap (30 s); the two tables of every cribbage deal take 4-5 s each on two idle cores
# (three times that on a busy machine), which the 40 s of this test cannot spare. Their API
# answers are checked by test_serve_api and their numbers by the CLI tests.
LONG = {"holdem preflop": "its 169 x 169 table runs for minutes, past the server's 30 s cap",
        "crib deals": "every deal of cribbage: 4-5 s on two idle cores",
        "crib peg-table": "every deal of cribbage with pegging: 4-5 s on two idle cores"}


def js(d, script, *args):
    return d.execute_script(script, *args)


def choose(d, name):
    """The form of command `name`, made afresh (its example in it)."""
    menu = Select(d.find_element(By.ID, "games-command"))
    if menu.first_selected_option.get_attribute("value") == name:
        menu.select_by_index(0 if menu.options[0].get_attribute("value") != name else 1)
    menu.select_by_value(name)
    wait(d, f"the form of {name}", lambda: js(
        d, "return document.getElementById('games-help').textContent !== ''"))


def compute(d, what, seconds=20):
    """Click Compute; True when the job is done (False with the error shown)."""
    d.find_element(By.ID, "games-compute").click()
    status = lambda: d.find_element(By.ID, "games-status").text
    error = lambda: d.find_element(By.ID, "games-error")
    wait(d, what, lambda: status().startswith("done") or error().is_displayed(), seconds)
    return status().startswith("done")


def column(d, name):
    return [td.text for td in d.find_elements(By.CSS_SELECTOR, f'#games-result td[data-col="{name}"]')]


def cli_of(command):
    """The registry's example command line ("handstat omaha equity ..."), as the CLI's arguments."""
    return shlex.split(command["cli"])[1:]


def equals_cli(d, command):
    """The example computed on the page: its exact equities are the CLI's."""
    choose(d, command["name"])
    check(compute(d, command["name"]), f"{command['name']} computes from its example")
    header, rows = cli_csv(*cli_of(command))
    want = [r[header.index("equity_exact")] for r in rows]
    page = column(d, "equity_exact")
    check(page == want, f"{command['name']}: the page's exact equities {page} = the CLI's {want}")
    shares = column(d, "equity")
    check(len(shares) == len(want) and all(s.endswith("%") for s in shares),
          f"{command['name']}: the equity column reads as percents: {shares}")
    print(f"{command['name']}: {page}", flush=True)


def every_command(d, commands):
    """Each command of the menu from its worked example: done, with a table. One script per
    command (choose it, Compute, wait for the answer) keeps the loop to the jobs' own time."""
    names = [o.get_attribute("value") for o in
             Select(d.find_element(By.ID, "games-command")).options]
    check(sorted(names) == sorted(c["name"] for c in commands),
          f"the menu holds every command of the registry: {names}")
    d.set_script_timeout(30)
    for name in names:
        if name in LONG:
            print(f"  skipped {name}: {LONG[name]}", flush=True)
            continue
        status, error, rows, ms = d.execute_async_script("""
            const [name, done] = arguments;
            const menu = document.getElementById('games-command');
            menu.value = name;
            menu.dispatchEvent(new Event('change'));
            document.getElementById('games-compute').click();
            const t0 = performance.now();
            const poll = () => {
              const status = document.getElementById('games-status').textContent;
              const error = document.getElementById('games-error');
              if (status.startsWith('done') || !error.classList.contains('hidden'))
                done([status, error.classList.contains('hidden') ? '' : error.textContent,
                      document.querySelectorAll('#games-result tbody tr').length, performance.now() - t0]);
              else setTimeout(poll, 10);
            };
            poll();""", name)
        check(status.startswith("done") and not error, f"{name} computes from its example: {error!r}")
        check(rows > 0, f"{name}: a table of {rows} rows")
        print(f"  {name}: {rows} rows, {ms / 1000:.2f} s", flush=True)


def choice_is_dropdown(d):
    choose(d, "lowball rank")
    kind = d.find_element(By.ID, "games-arg-kind")
    check(kind.tag_name == "select", f"lowball rank's kind is a dropdown: <{kind.tag_name}>")
    options = [o.get_attribute("value") for o in Select(kind).options]
    check(options == ["a5", "27"], f"its options are the registry's choices: {options}")
    check(kind.get_attribute("value") == "27", "the example's 27 is chosen")
    Select(kind).select_by_value("a5")
    check(compute(d, "lowball rank a5"), "lowball rank a5 computes")
    header, rows = cli_csv("lowball", "rank", "--a5", "7H", "5D", "4C", "3S", "2H", "KD")
    want = rows[0][header.index("description")]
    page = column(d, "description")
    check(page == [want], f"the a5 low on the page {page} = the CLI's {want!r}")


def hands_and_deck(d):
    """Omaha: add a third player, fill the hand from the deck, compute; remove it again."""
    choose(d, "omaha equity")
    hands = lambda: d.find_elements(By.CSS_SELECTOR, '#games-form [data-arg="hand"] input')
    removes = lambda: [b.is_displayed() for b in d.find_elements(By.CSS_SELECTOR, "#games-form .remove-value")]
    check(len(hands()) == 2 and removes() == [False, False], "two hands, none removable (2 at least)")
    d.find_element(By.CSS_SELECTOR, "#games-form .add-value").click()
    check(len(hands()) == 3 and removes() == [False, False, True], f"+ add a player: {len(hands())} hands, remove {removes()}")
    third = d.find_element(By.ID, "games-arg-hand-3")
    third.click()
    labels = [lb.text for lb in d.find_elements(By.CSS_SELECTOR, "#games-form .value-row label")]
    check(labels == ["Player 1 hand", "Player 2 hand", "Player 3 hand"], f"the rows' labels: {labels}")
    check(d.find_element(By.CSS_SELECTOR, "#games-picker .picker-target").text == "Player 3 hand",
          "the deck fills the focused field (Player 3 hand)")
    check("used" in d.find_element(By.CSS_SELECTOR, '#games-picker [data-card="Ah"]').get_attribute("class"),
          "the cards of the other hands are greyed")
    for card in ("Ts", "Tc", "Js", "Jc"):
        d.find_element(By.CSS_SELECTOR, f'#games-picker [data-card="{card}"]').click()
    value = third.get_attribute("value")
    check(value == "Ts Tc Js Jc", f"the deck filled Player 3 hand: {value!r}")
    check(compute(d, "three-way Omaha"), "three-way Omaha computes")
    header, rows = cli_csv("omaha", "equity", "AhAdKsQs", "9h8h7c6c", "Ts Tc Js Jc")
    want = [r[header.index("equity_exact")] for r in rows]
    check(column(d, "equity_exact") == want, f"three-way Omaha = the CLI's {want}")
    h.shot(d, "games-omaha3.png")
    d.find_elements(By.CSS_SELECTOR, "#games-form .remove-value")[2].click()
    check(len(hands()) == 2 and removes() == [False, False], f"removed: {len(hands())} hands")
    for _ in range(7):
        d.find_element(By.CSS_SELECTOR, "#games-form .add-value").click()
    check(len(hands()) == 9, f"9 hands at most: {len(hands())}")
    check(not d.find_element(By.CSS_SELECTOR, "#games-form .add-value").is_displayed(),
          "no + add a player at 9 hands")

    # an error names the field on screen and marks it
    choose(d, "omaha equity")
    h.type_into(d, "games-arg-hand-2", "9h8h?")
    check(not compute(d, "a malformed Omaha hand"), "a malformed Omaha hand is refused")
    msg = d.find_element(By.ID, "games-error").text
    check(msg.startswith("Player 2 hand: '?'"), f"the error names the field and the token: {msg!r}")
    rows = d.find_elements(By.CSS_SELECTOR, "#games-form .value-row")
    check(["invalid" in r.get_attribute("class") for r in rows] == [False, True],
          "Player 2 hand is marked invalid, Player 1 hand is not")


def omaha_ranges(d):
    """Omaha equity with ProPokerTools-style ranges typed into the hand fields: the page's exact
    equities are the CLI's; a malformed range names its field and token."""
    choose(d, "omaha equity")
    h.type_into(d, "games-arg-hand-1", "AA:$ds")
    h.type_into(d, "games-arg-hand-2", "KK:[QT]s[QT]d!KsKd")
    h.type_into(d, "games-arg-board", "Jh7d2c")
    check(compute(d, "Omaha ranges on a flop"), "Omaha equity computes with two ranges")
    header, rows = cli_csv("omaha", "equity", "AA:$ds", "KK:[QT]s[QT]d!KsKd", "--board", "Jh7d2c")
    want = [r[header.index("equity_exact")] for r in rows]
    page = column(d, "equity_exact")
    check(page == want and want == ["1702743/2065088", "362345/2065088"],
          f"Omaha ranges: the page's exact equities {page} = the CLI's {want}")
    print(f"omaha equity with ranges: {page}", flush=True)
    h.type_into(d, "games-arg-hand-2", "KK@")
    check(not compute(d, "a malformed Omaha range"), "a malformed Omaha range is refused")
    msg = d.find_element(By.ID, "games-error").text
    check(msg.startswith("Player 2 hand: '@'"), f"the error names the field and the token: {msg!r}")


def draw_csv(*args):
    """The draw commands write CSV without --csv."""
    r = subprocess.run([h.api.HANDSTAT, *args], capture_output=True, text=True)
    rc, out, err = r.returncode, r.stdout, r.stderr
    check(rc == 0, f"handstat {' '.join(args)}: {err}")
    rows = list(csv.reader(io.StringIO(out)))
    return rows[0], rows[1:]


def draw_policies(d, command):
    """Draw equity from its example (one draw: the CLI's exact fractions); then with two draws
    under a policy: the form has the registry's draws and policy fields, and the page's exact
    fractions are the CLI's."""
    choose(d, "draw equity")
    check(compute(d, "draw equity"), "draw equity computes from its example")
    header, rows = draw_csv(*cli_of(command))
    want = [r[header.index("equity_exact")] for r in rows]
    check(column(d, "equity_exact") == want, f"draw equity: the page's exact equities = {want}")
    for field in ("games-arg-draws", "games-arg-policy", "games-arg-samples", "games-arg-seed"):
        check(len(d.find_elements(By.ID, field)) == 1, f"draw equity's form has {field}")
    h.type_into(d, "games-arg-draws", "2")
    h.type_into(d, "games-arg-policy", "stand:9")
    check(compute(d, "draw equity, two draws"), "draw equity with two draws computes")
    hands = [d.find_element(By.ID, f"games-arg-hand-{i}").get_attribute("value") for i in (1, 2, 3)]
    header, rows = draw_csv("draw", "equity", "--game", "27", *hands, "--draws", "2",
                           "--policy", "stand:9")
    want = [r[header.index("equity_exact")] for r in rows]
    page = column(d, "equity_exact")
    check(page == want, f"draw equity, two draws: the page's {page} = the CLI's {want}")
    check(column(d, "kind") == ["exact"] * 3, f"labelled exact: {column(d, 'kind')}")
    print(f"draw equity, two draws, stand:9: {page}", flush=True)
    h.type_into(d, "games-arg-policy", "keep:9")
    check(not compute(d, "a bad policy"), "a bad policy is refused")
    msg = d.find_element(By.ID, "games-error").text
    check("'keep:9' is not a policy of 27" in msg, f"the error names the policy: {msg!r}")


def query_errors(d):
    choose(d, "query")
    area = d.find_element(By.ID, "games-arg-query")
    check(area.tag_name == "textarea", f"the query editor is a textarea: <{area.tag_name}>")
    # a worked example from the menu, answered as the CLI answers it
    Select(d.find_element(By.ID, "games-query-examples")).select_by_index(1)
    text = area.get_attribute("value")
    check(text.startswith("select avg(riverEquity(hero))") and "\n" in text, f"the example fills the editor: {text!r}")
    check(compute(d, "the worked example"), "the worked example computes")
    header, rows = cli_csv("query", text)
    want = [r[header.index("exact")] for r in rows]
    check(column(d, "exact") == want, f"the example's answer {column(d, 'exact')} = the CLI's {want}")
    check(all(v.endswith("%") for v in column(d, "value")), f"its equity reads as a percent: {column(d, 'value')}")

    line1 = "select avg(riverEquity(hero))"
    line2 = "from hero=AKs, villain=QQ+ where bogus(hero)"
    area.clear()
    area.send_keys(line1 + "\n" + line2)
    check(not compute(d, "the bad query"), "a query with an unknown function is refused")
    col = line2.index("bogus") + 1
    msg = d.find_element(By.ID, "games-error").text
    check(f"line 2, column {col}: unknown function 'bogus'" in msg, f"the error names line 2, column {col}: {msg!r}")
    view = d.find_element(By.CSS_SELECTOR, "#games-error .query-error-line")
    check(view.get_attribute("data-line") == "2", "the line shown is line 2")
    check(d.find_element(By.CSS_SELECTOR, "#games-error .query-error-line mark").text == "bogus",
          "the mark is on 'bogus'")
    caret = d.find_element(By.CSS_SELECTOR, "#games-error .query-error-line .caret").text
    gutter = d.find_element(By.CSS_SELECTOR, "#games-error .query-error-line .gutter").text
    check(caret.strip() == "^^^^^" and len(caret) - 5 == len("2 | ") + col - 1,
          f"the caret is under column {col}: {caret!r} (gutter {gutter!r})")
    sel = js(d, "const a = document.getElementById('games-arg-query'); return [a.selectionStart, a.selectionEnd]")
    start = len(line1) + 1 + col - 1
    check(sel == [start, start + 5], f"the editor selects 'bogus': {sel}, not {[start, start + 5]}")
    check("invalid" in d.find_element(By.CSS_SELECTOR, "#games-form .field.kind-text").get_attribute("class"),
          "the query field is marked invalid")
    h.shot(d, "games-query-error.png")


def phone(d):
    h.phone(d)
    for name in ("omaha equity", "query", "holdem hits"):
        choose(d, name)
        time.sleep(0.1)
        check(h.no_sideways_scroll(d), f"{name} at 390 px: no sideways scroll")
        small = js(d, """
            const out = [];
            for (const e of document.querySelectorAll('#tab-games button, #tab-games select, #tab-games input, #tab-games label.check')) {
              if (e.type === 'checkbox') continue;           // its label is the target
              const r = e.getBoundingClientRect();
              if (r.width && r.height < 39.5) out.push((e.id || e.className || e.tagName) + ' ' + r.height);
            }
            return out;""")
        check(not small, f"{name} at 390 px: tap targets 40 px high: {small}")
    choose(d, "omaha equity")
    fits = js(d, """
        const deck = document.querySelector('#games-picker .deck').getBoundingClientRect();
        const tab = document.getElementById('tab-games').getBoundingClientRect();
        return deck.right <= tab.right && deck.left >= tab.left;""")
    check(fits, "the deck fits the tab at 390 px")
    check(compute(d, "Omaha on a phone"), "Omaha computes on a phone")
    check(h.no_sideways_scroll(d), "the result at 390 px: no sideways scroll")
    h.shot(d, "games-phone.png", width=390)
    d.set_window_size(1300, 1400)


def main():
    with h.session() as (s, d, url):
        _, _, reg = s.request("GET", "/api/commands")
        commands = {c["name"]: c for c in reg["commands"]}
        h.open_tab(d, url, "games")
        wait(d, "the menu", lambda: len(Select(d.find_element(By.ID, "games-command")).options) > 1)
        for part in (lambda: [equals_cli(d, commands[n]) for n in ("shortdeck equity", "omaha equity", "stud equity")],
                     lambda: choice_is_dropdown(d), lambda: hands_and_deck(d), lambda: omaha_ranges(d),
                     lambda: query_errors(d),


                     lambda: draw_policies(d, commands["draw equity"]),
                     lambda: choice_is_dropdown(d), lambda: hands_and_deck(d), lambda: query_errors(d),
                     lambda: phone(d), lambda: every_command(d, list(commands.values()))):
            part()
            print(f"-- {time.time() - h.T0:.1f} s", flush=True)
    return h.finish()


if __name__ == "__main__":
    sys.exit(main())
