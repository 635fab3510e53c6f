#!/usr/bin/env python3
"""The web page driven in headless Chromium (Debian's chromium and
chromium-driver, through python3-selenium), against `trainflops serve`.

Each tab's form is filled as a user would (including a file upload), and the
headline the page shows is checked against the command line's --json for the
same inputs, or against a value worked out by hand in the comment. The charts
must be drawn (SVG elements, as many bars or points as the data has), and the
copy buttons must put the right text on the clipboard. A screenshot of each
tab is saved under the directory given as --screenshots.

Run by CTest (tests/CMakeLists.txt) as
  python3 tests/web/browser_test.py --cli build/default/bin/trainflops \
      --screenshots build/default/web-screenshots
It exits 77 (CTest's "skipped") when the browser or its driver is missing.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unittest

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:  # pragma: no cover - reported by main()
    webdriver = None

ARGS = None
SMALL_CNN = """name: small-cnn
input: [32, 32, 3]
layers:
  - {type: conv2d, name: conv1, filters: 16, kernel: 3, padding: 1}
  - {type: relu, name: relu1}
  - {type: conv2d, name: conv2, filters: 32, kernel: 3, padding: 1}
  - {type: maxpool2d, name: pool, kernel: 2}
  - {type: flatten, name: flatten}
  - {type: dense, name: fc, units: 10}
training: {epochs: 10, examples: 50000}
"""


def cli_json(*words, cwd=None):
    """The command line's answer to the same inputs, as JSON."""
    out = subprocess.run([ARGS.cli, *words, "--json"], capture_output=True, text=True, cwd=cwd,
                         check=True)
    return json.loads(out.stdout)


def number(text):
    """The first number in `text`, e.g. 1.791e19 in "1.791e19 FLOP = 0.2072 pfs-days"."""
    match = re.search(r"[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?", text)
    assert match, f"no number in {text!r}"
    return float(match.group(0))


def close(a, b, digits=4):
    """True when a and b agree to the page's four significant digits."""
    return abs(a - b) <= 0.5 * 10 ** (1 - digits) * abs(b)


class Page(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = subprocess.Popen([ARGS.cli, "serve", "--port", "0"], stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT, text=True)
        line = cls.server.stdout.readline()
        cls.url = re.search(r"http://[0-9.:]+/", line).group(0)
        options = webdriver.ChromeOptions()
        options.binary_location = ARGS.chromium
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1280,1600", "--disable-gpu"):
            options.add_argument(flag)
        cls.driver = webdriver.Chrome(service=Service(ARGS.chromedriver),
                                      options=options)
        # The copy buttons write to the clipboard; a test reads it back.
        cls.driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": cls.url.rstrip("/"),
            "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        cls.work = tempfile.mkdtemp(prefix="trainflops-browser-")
        os.makedirs(ARGS.screenshots, exist_ok=True)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.server.terminate()
        cls.server.wait(timeout=10)
        shutil.rmtree(cls.work, ignore_errors=True)

    # --- helpers ----------------------------------------------------------

    def open_tab(self, name):
        self.driver.get(self.url)
        WebDriverWait(self.driver, 10).until(
            lambda d: d.execute_script("return document.readyState") == "complete")
        self.driver.find_element(By.CSS_SELECTOR, f"nav [data-tab={name}]").click()
        return self.driver.find_element(By.ID, name)

    def fill(self, form, **fields):
        for name, value in fields.items():
            field = form.find_element(By.NAME, name.replace("_", "-"))
            if field.get_attribute("type") == "checkbox":
                if bool(value) != field.is_selected():
                    field.click()
            elif field.tag_name == "select":
                field.find_element(By.XPATH, f".//option[. = '{value}']").click()
            else:
                field.clear()
                field.send_keys(value)

    def submit(self, form, name):
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        WebDriverWait(self.driver, 20).until(lambda d: d.execute_script(
            "return !document.getElementById('result').hidden || "
            "[...arguments[0].querySelectorAll('.error')].some(e => e.textContent)", form))
        self.driver.save_screenshot(os.path.join(ARGS.screenshots, name + ".png"))
        errors = [e.text for e in form.find_elements(By.CSS_SELECTOR, ".error") if e.text]
        self.assertEqual(errors, [], f"{name}: the page showed an error")
        return self.driver.find_element(By.ID, "result")

    def headline(self, result):
        return result.find_element(By.CSS_SELECTOR, ".headline").text

    def copied(self, result, label):
        result.find_element(By.CSS_SELECTOR, f"button[data-copy={label}]").click()
        WebDriverWait(self.driver, 5).until(lambda d: result.find_element(
            By.CSS_SELECTOR, f"button[data-copy={label}]").text.startswith("Copied"))
        return self.driver.execute_async_script(
            "navigator.clipboard.readText().then(arguments[0], e => arguments[0]('ERROR ' + e))")

    def count(self, result, selector):
        return len(result.find_elements(By.CSS_SELECTOR, selector))

    def write(self, name, text):
        path = os.path.join(self.work, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    # --- the tabs ---------------------------------------------------------

    def test_method1_upload_headline_chart_uncertainty_and_copy(self):
        path = self.write("cnn.yaml", SMALL_CNN)
        form = self.open_tab("estimate")
        form.find_element(By.NAME, "file").send_keys(path)
        self.fill(form, uncertainty=True)
        result = self.submit(form, "estimate")
        expected = cli_json("estimate", path, "--uncertainty")
        self.assertTrue(close(number(self.headline(result)), expected["training_flop"]),
                        self.headline(result))
        interval = result.find_element(By.CSS_SELECTOR, ".interval").text
        low, high = re.findall(r"\d+(?:\.\d+)?(?:e[-+]?\d+)?", interval)[:2]
        self.assertTrue(close(float(low), expected["uncertainty"]["low"]), interval)
        self.assertTrue(close(float(high), expected["uncertainty"]["high"]), interval)
        # One bar per layer with FLOP (conv1, relu1, conv2, pool, fc: the
        # flatten does no arithmetic), at most 12 plus an "other" bar.
        with_flop = [l for l in expected["layers"] if l["forward_flop"] > 0]
        self.assertEqual(self.count(result, "svg.layer-chart rect.bar"),
                         min(len(with_flop), 12) + (len(with_flop) > 12))
        # The quantile strip: 5th, 50th, 95th percentiles and the page's six.
        self.assertEqual(self.count(result, "svg.quantile-chart circle.quantile"), 9)
        self.assertEqual(self.count(result, "svg.quantile-chart polygon.point"), 1)
        # Copy: the value as shown, a command that reproduces it, the citation.
        self.assertEqual(self.copied(result, "value"), self.headline(result).split(" = ")[0])
        command = shlex.split(self.copied(result, "command"))
        self.assertNotIn("--json", command)
        self.assertNotIn("--cite", command)
        again = cli_json(*command[1:], cwd=self.work)
        self.assertEqual(again["training_flop"], expected["training_flop"])
        citation = self.copied(result, "citation")
        cited = cli_json("estimate", path, "--uncertainty", "--cite")["citation"]["text"]
        self.assertEqual(citation, re.sub(r"`([a-z0-9_]+)`",
                                          lambda m: "--" + m.group(1).replace("_", "-"), cited))

    def test_method2_hardware(self):
        form = self.open_tab("hardware")
        self.fill(form, chip="V100", count="8", time="5 days")
        result = self.submit(form, "hardware")
        expected = cli_json("hardware", "--chip", "V100", "--count", "8", "--time", "5 days")
        self.assertTrue(close(number(self.headline(result)), expected["training_flop"]))

    def test_language_model_tokens(self):
        form = self.open_tab("tokens")
        self.fill(form, params="70B", tokens="1.4T")
        result = self.submit(form, "tokens")
        # 6ND: 6 x 70e9 x 1.4e12 = 5.88e23 FLOP.
        self.assertEqual(self.headline(result).split(" = ")[0], "5.88e23 FLOP")

    def test_compare_language_model(self):
        form = self.open_tab("compare")
        self.fill(form, params="70B", tokens="1.4T", chip="A100", count="1024", time="20d")
        result = self.submit(form, "compare")
        # 5.88e23 / (1024 x 20 x 86400 s x 312e12 FLOP/s (A100 BF16 tensor, NVIDIA
        # datasheet) x 0.3 (Epoch's language-model utilization)) = 3.55.
        self.assertEqual(number(self.headline(result).split("=")[1]), 3.55)

    def test_layer(self):
        form = self.open_tab("layer")
        self.fill(form, arg="conv2d", extra="h=32 w=32 c=3 filters=16 kernel=3 padding=1")
        result = self.submit(form, "layer")
        # Sevilla et al. 2022, Table 1, convolution: 2 x (3 x 3 x 3) x 16 filters
        # x 32 x 32 positions = 884,736, plus the bias and the non-linearity,
        # 16 x 1024 each: 917,504 FLOP forward; training x (1 + 2) = 2,752,512.
        self.assertEqual(self.headline(result).split(" = ")[0], "2.753e6 FLOP")
        rows = [r.text for r in result.find_elements(By.CSS_SELECTOR, "table tbody tr")]
        self.assertIn("forward FLOP, one example 9.175e5", rows)
        # Parameters: 3 x 3 x 3 x 16 weights + 16 biases = 448.
        self.assertIn("parameters 448", rows)

    def test_chip_browser(self):
        panel = self.open_tab("chips")
        WebDriverWait(self.driver, 10).until(
            lambda d: panel.find_elements(By.CSS_SELECTOR, "#chip-table tbody tr"))
        panel.find_element(By.ID, "chip-filter").send_keys("a100")
        expected = cli_json("chips", "a100")["chips"]
        rows = panel.find_elements(By.CSS_SELECTOR, "#chip-table tbody tr")
        self.driver.save_screenshot(os.path.join(ARGS.screenshots, "chips.png"))
        self.assertEqual(len(rows), len(expected))
        self.assertTrue(all("A100" in r.text for r in rows))

    def test_trend_bundled_points(self):
        form = self.open_tab("trend")
        result = self.submit(form, "trend")
        expected = cli_json("trend")
        self.assertTrue(close(number(self.headline(result)), expected["doubling_time_months"]))
        self.assertEqual(self.count(result, "svg.trend-chart circle.point"), expected["n_points"])
        self.assertEqual(self.count(result, "svg.trend-chart polyline.fit"), 1)
        self.assertEqual(self.count(result, "svg.trend-chart polygon.band"), 1)

    def test_trend_uploaded_csv(self):
        # Five models growing tenfold a year: doubling every 12 x log10(2) =
        # 3.612 months.
        rows = "".join(f"M{i},{2015 + i}-01-01,1e{20 + i}\n" for i in range(5))
        path = self.write("points.csv", "Model,Publication date,Training compute (FLOP)\n" + rows)
        form = self.open_tab("trend")
        form.find_element(By.NAME, "file").send_keys(path)
        result = self.submit(form, "trend-upload")
        self.assertEqual(self.headline(result), "doubling every 3.612 months")
        self.assertEqual(self.count(result, "svg.trend-chart circle.point"), 5)

    def test_evidence_upload_and_example(self):
        form = self.open_tab("evidence")
        example = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples",
                               "evidence", "mistral_large.yaml")
        form.find_element(By.NAME, "file").send_keys(os.path.abspath(example))
        result = self.submit(form, "evidence-upload")
        # Epoch AI's Mistral Large arithmetic: 20e6 EUR / 1.9 EUR per H100-hour x 3600 s
        # x 989.5e12 FLOP/s x 0.30 = 1.1249e25 FLOP; two significant figures: 1.1e25.
        self.assertEqual(self.headline(result), "1.1e25 FLOP")
        # The bundled example has two lines (6ND and H100-hours) that disagree.
        form = self.open_tab("evidence")
        form.find_element(By.CSS_SELECTOR, "button.evidence-example").click()
        result = self.submit(form, "evidence-example")
        self.assertGreaterEqual(self.count(result, "table"), 1)
        self.assertIn("6ND", result.text)
        self.assertIn("H100-hours", result.text)
        self.assertEqual(self.count(result, "ul.disagreements li"), 1)

    def test_thresholds_and_units(self):
        form = self.open_tab("units")
        self.fill(form, arg="22 pfs-days")
        result = self.submit(form, "units")
        # 22 x 8.64e19 FLOP (one petaflop/s for a day) = 1.9008e21 FLOP.
        self.assertTrue(self.headline(result).startswith("1.901e21 FLOP"), self.headline(result))
        form = self.open_tab("thresholds")
        self.fill(form, arg="2e25")
        result = self.submit(form, "thresholds")
        self.assertIn("EU", result.text)

    def test_help_text_and_errors(self):
        form = self.open_tab("hardware")
        self.fill(form, extra="--help")
        result = self.submit(form, "hardware-help")
        # The fields of the hardware request, spelled as the More options words.
        self.assertIn("/api/hardware:", result.text)
        self.assertIn("--chip-hours", result.text)
        form = self.open_tab("hardware")
        self.fill(form, chip="V1000", count="8", time="5 days")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        error = WebDriverWait(self.driver, 10).until(
            lambda d: next((e for e in form.find_elements(By.CSS_SELECTOR, ".error") if e.text),
                           None))
        self.assertIn("did you mean", error.text)
        self.driver.find_element(By.CSS_SELECTOR, "nav [data-tab=tokens]").click()
        self.assertEqual(error.text, "")

    def test_tabs_by_keyboard(self):
        self.open_tab("estimate")
        tab = self.driver.find_element(By.CSS_SELECTOR, "nav [data-tab=estimate]")
        tab.send_keys(Keys.ARROW_RIGHT)
        selected = self.driver.find_element(By.CSS_SELECTOR, "nav [aria-selected=true]")
        self.assertEqual(selected.get_attribute("data-tab"), "hardware")
        self.assertFalse(self.driver.find_element(By.ID, "hardware").get_attribute("hidden"))


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", required=True, help="the trainflops binary")
    parser.add_argument("--screenshots", required=True, help="directory for the PNG files")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--chromedriver",
                        default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    ARGS, rest = parser.parse_known_args()
    ARGS.cli = os.path.abspath(ARGS.cli)
    missing = [what for what, ok in (("python3-selenium", webdriver is not None),
                                     ("chromium", os.path.exists(ARGS.chromium)),
                                     ("chromium-driver", os.path.exists(ARGS.chromedriver)))
               if not ok]
    if missing:
        print("skipped: missing " + ", ".join(missing) + " (scripts/setup-debian.sh installs them)")
        return 77
    program = unittest.main(argv=[sys.argv[0], *rest], exit=False, verbosity=2)
    return 0 if program.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
