"""What the browser tests of handstat serve's page share (tests/test_browser_*.py and
test_serve_browser.py): the server (test_serve_api's harness), headless Chromium through Selenium,
waiting, typing, screenshots. A test exits 77 (skipped, told to ctest) without chromium,
chromedriver or python3-selenium.

A test module:
    import browser_harness as h
    def main():
        with h.session() as (s, d, url):     # the server, the driver, "http://127.0.0.1:PORT/"
            h.open_tab(d, url, "equity")
            ...
            h.check(cond, "what it shows")
        return h.finish()
"""
import contextlib
import os
import shutil
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_serve_api as api  # noqa: E402 - the same server harness

SKIP = 77


def skip(why):
    print(f"skipped: {why} (apt-get install chromium chromium-driver python3-selenium; "
          "scripts/setup.sh installs them)", flush=True)
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.common.exceptions import TimeoutException, WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    skip("python3-selenium is not installed")

BROWSER = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome")
                if shutil.which(b)), None)
DRIVER = shutil.which("chromedriver") or (
    "/usr/bin/chromedriver" if os.access("/usr/bin/chromedriver", os.X_OK) else None)

api.HANDSTAT = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") \
    else "build/release/handstat"
SHOTS = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
check = api.check
cli_csv = api.cli_csv
T0 = time.time()


def browser(width=1300, height=1400):
    if BROWSER is None:
        skip("no chromium")
    if DRIVER is None:
        skip("no chromedriver")
    o = webdriver.ChromeOptions()
    o.binary_location = BROWSER
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--no-proxy-server", f"--window-size={width},{height}", "--hide-scrollbars"):
        o.add_argument(a)
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        return webdriver.Chrome(service=Service(DRIVER), options=o)
    except WebDriverException as e:
        skip(f"chromium does not start headless here: {str(e).splitlines()[0]}")


@contextlib.contextmanager
def session(*server_args, width=1300, height=1400):
    """A server and a browser; at the end the page must have logged no error (a
    Content-Security-Policy violation would be one) and the server must stop cleanly."""
    s = api.Server("--quiet", *server_args)
    d = None
    try:
        d = browser(width, height)
        yield s, d, f"http://127.0.0.1:{s.port}/"
        errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
        check(not errors, f"the page logged errors: {errors}")
    finally:
        if d is not None:
            d.quit()
        rc = s.stop(signal.SIGINT)
    check(rc == 0, f"SIGINT: exit {rc}")


def finish():
    print(f"{len(api.FAILURES)} failure(s), {time.time() - T0:.1f} s", flush=True)
    return 1 if api.FAILURES else 0


def wait(d, what, cond, seconds=20):
    # A bound on a failure, never a speed asserted: a loaded machine (the test suite runs two
    # browsers at once on two cores) gets at least 20 s whatever the call asks.
    seconds = max(seconds, 20)
    try:
        return WebDriverWait(d, seconds, poll_frequency=0.05).until(lambda _: cond())
    except TimeoutException:
        check(False, f"timed out waiting for {what}")
        return None


def ready(d):
    return "ready" in d.find_element(By.TAG_NAME, "body").get_attribute("class")


def open_tab(d, url, tab):
    """Load the page at #tab and wait until its modules have started."""
    d.get(url + "#" + tab)
    wait(d, "the page", lambda: ready(d))


def selected(d, grid_for):
    return sorted(c.get_attribute("data-class") for c in d.find_elements(
        By.CSS_SELECTOR, f'.grid[data-for="{grid_for}"] .cell.sel'))


def cell(d, grid_for, name):
    return d.find_element(By.CSS_SELECTOR, f'.grid[data-for="{grid_for}"] .cell[data-class="{name}"]')


def type_into(d, element_id, text):
    e = d.find_element(By.ID, element_id)
    e.clear()
    e.send_keys(text)
    return e


def texts(d, css):
    return [e.text for e in d.find_elements(By.CSS_SELECTOR, css)]


def no_sideways_scroll(d):
    """True when the page is no wider than the window (nothing scrolls sideways)."""
    return d.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth")


PHONE = None  # the (width, height) phone() set, until desktop()


def shot(d, name, width=1300):
    """With --screenshots DIR: the whole page, results included, as DIR/name (at the phone's
    width after phone())."""
    if SHOTS is None:
        return
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name)
    height = d.execute_script("return document.documentElement.scrollHeight")
    if PHONE is not None:
        # the emulated viewport as tall as the page, then back
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": PHONE[0], "height": min(height, 6000), "deviceScaleFactor": 1,
                           "mobile": True})
        time.sleep(0.3)
        d.save_screenshot(path)
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1,
                           "mobile": True})
    else:
        size = d.get_window_size()
        d.set_window_size(width, min(max(height + 60, 900), 3000))
        time.sleep(0.3)
        d.save_screenshot(path)
        d.set_window_size(size["width"], size["height"])
    print("screenshot:", path, flush=True)


def phone(d, width=390, height=844):
    """A phone's viewport (390 x 844 by default) through the DevTools protocol: headless Chromium
    keeps its window at least 500 px wide, so a window size alone would not make the page narrower.
    Checks that the page is then that wide."""
    global PHONE
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    PHONE = (width, height)
    check(d.execute_script("return innerWidth") == width,
          f"the page is {width} px wide: {d.execute_script('return innerWidth')}")


def desktop(d):
    """Back to the window's own size after phone()."""
    global PHONE
    d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    PHONE = None
