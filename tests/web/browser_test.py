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
import csv
import io
import json
import os
import re
import shlex
import shutil
import subprocess
import struct
import sys
import tempfile
import unittest
import urllib.request
import xml.etree.ElementTree as ET

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
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
EPOCH_RECORD = os.path.join(ROOT, "data", "epoch_notable_models_dev.csv")
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
        cls.work = tempfile.mkdtemp(prefix="trainflops-browser-")
        cls.downloads = os.path.join(cls.work, "downloads")
        os.makedirs(cls.downloads)
        cls.driver = cls.new_driver()
        os.makedirs(ARGS.screenshots, exist_ok=True)

    @classmethod
    def new_driver(cls):
        """A browser session of its own (no history, no storage shared)."""
        options = webdriver.ChromeOptions()
        options.binary_location = ARGS.chromium
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--window-size=1280,1600", "--disable-gpu"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(ARGS.chromedriver), options=options)
        # The copy buttons write to the clipboard; a test reads it back.
        driver.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": cls.url.rstrip("/"),
            "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        # Downloads go to a folder the tests read.
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {
            "behavior": "allow", "downloadPath": cls.downloads})
        return driver

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

    def upload_cnn(self, screenshot, file_name="cnn.yaml", **fields):
        """Method 1 on the small CNN uploaded as `file_name`: (path, result)."""
        path = self.write(file_name, SMALL_CNN)
        form = self.open_tab("estimate")
        form.find_element(By.NAME, "file").send_keys(path)
        self.fill(form, **fields)
        return path, self.submit(form, screenshot)

    def test_method1_upload_headline_chart_uncertainty_and_copy(self):
        path, result = self.upload_cnn("estimate", uncertainty=True)
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
        self.assertEqual(self.count(result, "svg.quantile-chart > circle.quantile"), 9)
        self.assertEqual(self.count(result, "svg.quantile-chart > polygon.point"), 1)
        # The legend names the band, the median, the marks and the diamond.
        legend = result.find_element(By.CSS_SELECTOR, "svg.quantile-chart g.legend").text
        for words in ("90% interval", "median", "point estimate"):
            self.assertIn(words, legend)
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
        # The default: Epoch AI's notable models, bundled; OpenAI's points are
        # the other set.
        form = self.open_tab("trend")
        result = self.submit(form, "trend")
        expected = cli_json("trend", "--data", EPOCH_RECORD)
        self.assertTrue(close(number(self.headline(result)), expected["doubling_time_months"]))
        self.assertEqual(self.count(result, "svg.trend-chart circle.point"), expected["n_points"])
        self.assertEqual(self.count(result, "svg.trend-chart polyline.fit"), 1)
        self.assertEqual(self.count(result, "svg.trend-chart polygon.band"), 1)
        # The command shown reads the record from the repository.
        self.assertIn("data/epoch_notable_models_dev.csv",
                      result.find_element(By.CSS_SELECTOR, "pre.command").text)
        form = self.open_tab("trend")
        self.fill(form, page_dataset="OpenAI, AI and Compute (bundled)")
        result = self.submit(form, "trend-openai")
        expected = cli_json("trend")
        self.assertTrue(close(number(self.headline(result)), expected["doubling_time_months"]))
        self.assertEqual(self.count(result, "svg.trend-chart circle.point"), expected["n_points"])

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
        # The combined figure against the thresholds, as the command line states it:
        # P(over) printed by the library, and what to pin down first.
        expected = cli_json("evidence", os.path.join(ROOT, "examples", "evidence", "llama4_scout.yaml"))
        art51 = next(t for t in expected["thresholds"]["thresholds"] if t["id"] == "eu_ai_act_art51")
        self.assertIn(art51["probability_over_text"], result.find_element(By.XPATH,
            "//h3[text()='Thresholds']/..").text)
        self.assertIn("to narrow it: " + expected["thresholds"]["narrowing"], result.text)
        # The combined figure goes on the trend under the model's name.
        result.find_element(By.CSS_SELECTOR, "button.place").click()
        WebDriverWait(self.driver, 20).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, "#result svg.trend-chart polygon.mark"))
        legend = self.driver.find_element(By.CSS_SELECTOR, "#result g.mark-legend").text
        self.assertIn("Llama 4 Scout: ", legend)

    def test_filing_statement_equals_the_command_line(self):
        form = self.open_tab("filing")
        record = os.path.join(ROOT, "examples", "ledger", "deepseek-v3.yaml")
        # The tab opens with this record (app.js's EXAMPLE_LEDGER, kept equal by a unit test).
        with open(record, encoding="utf-8") as f:
            self.assertEqual(form.find_element(By.NAME, "text").get_attribute("value"), f.read())
        result = self.submit(form, "filing-deepseek")
        expected = cli_json("ledger", record)
        # DeepSeek-AI 2024, DeepSeek-V3 Technical Report, Table 1: 2.788e6 H800-hours
        # x 3600 s x 9.895e14 FLOP/s (dense BF16 peak) x 0.3 = 2.979e24 FLOP -> "3.0e24".
        self.assertEqual(self.headline(result), "3.0e24 FLOP")
        eu = expected["regimes"][0]
        self.assertEqual(eu["id"], "eu_cumulative")
        self.assertAlmostEqual(eu["total_flop"] / (2.788e6 * 3600 * 9.895e14 * 0.3), 1, places=9)
        self.assertEqual(eu["total_2sf"], "3.0e24")
        shown = result.find_elements(By.CSS_SELECTOR, ".regime")
        self.assertEqual([r.get_attribute("data-regime") for r in shown],
                         [r["id"] for r in expected["regimes"]])
        for box, regime in zip(shown, expected["regimes"]):
            text = box.text
            self.assertIn(f"{regime['total_2sf']} FLOP", text)
            # The page's four significant digits of the CLI's interval and P(over).
            interval = re.search(r"90% interval (\S+) \.\. (\S+) FLOP", text)
            self.assertTrue(close(float(interval.group(1)), regime["low"]), text)
            self.assertTrue(close(float(interval.group(2)), regime["high"]), text)
            over = float(re.search(r"P\(over the threshold\) (\S+)", text).group(1))
            self.assertTrue(over == regime["probability_over"] == 0 or
                            close(over, regime["probability_over"]), text)
            # The EU regimes' 30% margin (guidelines C(2025) 7719 ¶123); SB 53 and RAISE set none.
            if regime["id"].startswith("eu_"):
                self.assertIn("30% margin " + ("met" if regime["margin"]["within"] else "not met"),
                              text)
            else:
                self.assertNotIn("margin", regime)
                self.assertNotIn("margin", text)
            for phase in regime["counted"] + regime["left_out"]:
                self.assertIn(phase["phase"], text)
        # Downloads: the JSON as shown, the library's Markdown and HTML statement.
        data = json.loads(self.downloaded(result, "json", "trainflops-ledger.json"))
        self.assertEqual(data, expected)
        markdown = self.downloaded(result, "md", "trainflops-ledger.md").decode()
        self.assertEqual(markdown, subprocess.run([ARGS.cli, "ledger", record], capture_output=True,
                                                  text=True, check=True).stdout)
        html = self.downloaded(result, "html", "trainflops-ledger.html").decode()
        self.check_statement_html(html, expected, "statement-deepseek-v3")
        # The permalink carries the record: a new session shows the same figure.
        link = self.driver.current_url
        self.assertIn("#tab=filing", link)
        other = self.new_driver()
        try:
            other.get(link)
            self.assertEqual(self.wait_headline(other), "3.0e24 FLOP")
        finally:
            other.quit()

    def test_filing_examples_and_errors(self):
        form = self.open_tab("filing")
        # synthetic-nonpublic.yaml (docs/ledger.md's worked example): 6 x 7e9 x 2e12 = 8.4e22
        # of pre-training + 2 x 70e9 x 1e11 = 1.4e22 of generation (all 100 samples) = 9.8e22.
        self.fill(form, page_example="synthetic-nonpublic.yaml")
        WebDriverWait(self.driver, 10).until(lambda d: "synthetic" in form.find_element(
            By.NAME, "text").get_attribute("value"))
        result = self.submit(form, "filing-synthetic")
        self.assertEqual(self.headline(result), "9.8e22 FLOP")
        # A misspelt phase kind: the library's message, naming the phase and the key.
        self.fill(form, text="model: x\nphases:\n  - {name: tune, kind: sfft, flop: 1e20}\n")
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        error = WebDriverWait(self.driver, 10).until(
            lambda d: form.find_element(By.CSS_SELECTOR, ".error").text)
        self.assertIn("did you mean 'sft'", error)
        self.assertIn("tune", error)

    def check_statement_html(self, html, expected, name):
        """The printable statement: no script, and in Chromium a section per regime (a heading
        and its list of figures, laid out: visible, with a height) holding its total."""
        self.assertNotRegex(html.lower(), r"<script|javascript:|\son[a-z]+\s*=")
        path = self.write(name + ".html", html)
        other = self.new_driver()
        try:
            other.get("file://" + path)
            self.assertEqual(other.execute_script("return document.scripts.length"), 0)
            headings = [h.text for h in other.find_elements(By.TAG_NAME, "h2")]
            self.assertEqual([h for h in headings if h in {r["name"] for r in expected["regimes"]}],
                             [r["name"] for r in expected["regimes"]])
            lists = other.find_elements(By.CSS_SELECTOR, "h2 + p + ul, h2 + ul")
            self.assertGreaterEqual(len(lists), len(expected["regimes"]))
            for items, regime in zip(lists, expected["regimes"]):
                self.assertTrue(items.is_displayed() and items.size["height"] > 0)
                # "Total: 3.0e24 FLOP", or a forecast's "Projected total (the plan): ...".
                self.assertRegex(items.text,
                                 rf"[Tt]otal[^:\n]*: {re.escape(regime['total_2sf'])} FLOP")
            other.save_screenshot(os.path.join(ARGS.screenshots, name + ".png"))
        finally:
            other.quit()

    def test_statement_html_of_the_command_line(self):
        for name in ("forecast-2", "modifier-unknown"):
            record = os.path.join(ROOT, "examples", "ledger", name + ".yaml")
            html = subprocess.run([ARGS.cli, "ledger", record, "--format", "html"],
                                  capture_output=True, text=True, check=True).stdout
            self.check_statement_html(html, cli_json("ledger", record), "statement-" + name)

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

    # --- the Dataset tab ---------------------------------------------------

    def dataset_cells(self, result):
        """The Dataset table as {model: {header: text}}, and its rows' elements by model."""
        headers = [th.text for th in result.find_elements(By.CSS_SELECTOR, "table.batch th")]
        rows = {}
        for tr in result.find_elements(By.CSS_SELECTOR, "table.batch tbody tr"):
            texts = [td.text for td in tr.find_elements(By.TAG_NAME, "td")]
            rows[texts[0]] = (dict(zip(headers, texts)), tr)
        return rows

    def test_dataset_table_flags_and_downloads_equal_the_command_line(self):
        # Small: 6ND = 6 x 1e9 x 1e10 = 6e19, far below 1e25. Large: 6 x 1e11 x
        # 1.5e13 = 9e24, just below it (P(> 1e25) = 0.4132, worked by hand in
        # src/web/api_test.cc). Wrong: 1e12 parameters on 1e9 tokens is 0.001
        # tokens per parameter, under the guards' 0.2: flagged, no probability.
        # Tuned: a fine-tune of Small (6 x 1e9 x 1e9 = 6e18 of its own).
        path = self.write("models.csv", "Model,Parameters,Training dataset size (total),Base model\n"
                          "Small,1e9,1e10,\nLarge,1e11,1.5e13,\nWrong,1e12,1e9,\n"
                          "Tuned,1e9,1e9,Small\n")
        form = self.open_tab("dataset")
        form.find_element(By.NAME, "file").send_keys(path)
        result = self.submit(form, "dataset")
        rows = self.dataset_cells(result)
        self.assertEqual(sorted(rows), ["Large", "Small", "Tuned", "Wrong"])
        cli = {r["Model"]: r for r in csv.DictReader(io.StringIO(subprocess.run(
            [ARGS.cli, "batch", path], capture_output=True, text=True, check=True).stdout))}
        small, large = rows["Small"][0], rows["Large"][0]
        self.assertEqual(small["estimate (FLOP)"], "6e19")
        self.assertEqual(large["estimate (FLOP)"], "9e24")
        # Probabilities as the library prints them (FormatProbability): 0.4132 is
        # "41.3%", and a tail below 0.1% is written as the bound.
        self.assertEqual(large["P(> 1e25)"], "41.3%")
        self.assertEqual(f'{100 * float(cli["Large"]["p_over_eu_ai_act_art51"]):.1f}%', "41.3%")
        self.assertEqual(small["P(> 1e25)"], "< 0.1%")
        # The label with its measured factor (data/calibration.csv, error,all,medium,0.9).
        with open(os.path.join(ROOT, "data", "calibration.csv"), encoding="utf-8") as f:
            factor = next(float(l.split(",")[4]) for l in f if l.startswith("error,all,medium,0.9,"))
        self.assertEqual(small["confidence label"], f"medium (90% within {factor:g}x)")
        self.assertEqual(small["EU 30% margin"], "no")
        # The flagged row: marked, its figure struck through, the guard's words, no odds.
        wrong, tr = rows["Wrong"]
        self.assertIn("flagged", tr.get_attribute("class"))
        self.assertEqual(tr.find_element(By.TAG_NAME, "del").text, "6e21")
        self.assertIn("0.001 tokens per parameter", wrong["flags"])
        self.assertEqual(wrong["P(> 1e25)"], "-")
        self.assertEqual(wrong["confidence label"], "flagged")
        self.assertNotIn("flagged", rows["Small"][1].get_attribute("class") or "")
        # The CSV download: the table's columns under the library's names, with
        # the figures `trainflops batch` prints (to its six significant digits).
        table = list(csv.DictReader(io.StringIO(
            self.downloaded(result, "csv", "trainflops-batch.csv").decode())))
        self.assertEqual([r["Model"] for r in table], ["Small", "Large", "Wrong", "Tuned"])
        for row in table:
            for key, value in row.items():
                expected = cli[row["Model"]][key]
                try:
                    self.assertTrue(close(float(value), float(expected), digits=6),
                                    (row["Model"], key, value, expected))
                except ValueError:
                    self.assertEqual(value, expected, (row["Model"], key))
        self.assertIn("p_over_ca_sb53_frontier", table[0])
        # The JSON download: every row, and the summary `--summary-json` writes.
        data = json.loads(self.downloaded(result, "json", "trainflops-batch.json"))
        self.assertEqual(len(data["rows"]), 4)
        summary = os.path.join(self.work, "summary.json")
        subprocess.run([ARGS.cli, "batch", path, "--summary-json", summary], capture_output=True,
                       check=True)
        with open(summary, encoding="utf-8") as f:
            self.assertEqual(data["summary"], json.load(f))
        # The link names the file and asks for it again.
        self.assertIn("#tab=dataset", self.driver.current_url)
        self.check_link_names_the_file("dataset", "models.csv")

    def test_dataset_bundled_file_and_its_link(self):
        form = self.open_tab("dataset")
        form.find_element(By.CSS_SELECTOR, "button.dataset-bundled").click()
        WebDriverWait(self.driver, 30).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, "#result table.batch tbody tr"))
        result = self.driver.find_element(By.ID, "result")
        self.driver.save_screenshot(os.path.join(ARGS.screenshots, "dataset-bundled.png"))
        out = subprocess.run([ARGS.cli, "batch", EPOCH_RECORD], capture_output=True, text=True,
                             check=True).stdout
        expected = list(csv.DictReader(io.StringIO(out)))
        self.assertEqual(self.count(result, "table.batch tbody tr"), len(expected))
        # A row with what the guards found is marked (a fine-tune whose own compute
        # is given keeps its flags but not the label "flagged").
        self.assertEqual(self.count(result, "table.batch tr.flagged"),
                         sum(bool(r["estimate_flags"]) for r in expected))
        self.assertIn("data/epoch_notable_models_dev.csv",
                      result.find_element(By.CSS_SELECTOR, "pre.command").text)
        # The link runs it again in a new session: no file to give.
        other = self.new_driver()
        try:
            other.get(self.driver.current_url)
            WebDriverWait(other, 30).until(lambda d: len(d.find_elements(
                By.CSS_SELECTOR, "#result table.batch tbody tr")) == len(expected))
        finally:
            other.quit()

    # --- sharing: permalinks and history ---------------------------------

    def wait_headline(self, driver, previous=None):
        """The result's headline once shown (and different from `previous`)."""
        def shown(d):
            result = d.find_element(By.ID, "result")
            if result.get_attribute("hidden") is not None:
                return None
            heads = result.find_elements(By.CSS_SELECTOR, ".headline")
            text = heads[0].text if heads else None
            return text if text and text != previous else None
        return WebDriverWait(driver, 20).until(shown)

    def test_permalink_in_a_new_session_and_history(self):
        form = self.open_tab("hardware")
        self.fill(form, chip="V100", count="8", time="5 days")
        first = self.headline(self.submit(form, "permalink-hardware"))
        link = self.driver.current_url
        self.assertIn("#tab=hardware", link)
        self.assertIn("chip=V100", link)
        # A new browser session opening the link shows the same figure.
        other = self.new_driver()
        try:
            other.get(link)
            self.assertEqual(self.wait_headline(other), first)
            # From the navigation's start to the result drawn (the page's mark).
            elapsed = other.execute_script(
                "return performance.getEntriesByName('trainflops-result')[0].startTime")
            print(f"time to first result from a link: {elapsed:.0f} ms", file=sys.stderr)
            self.assertLess(elapsed, 5000)
        finally:
            other.quit()
        # Back and forward move between submits: 6ND for 70B x 1.4T (5.88e23)
        # then 7B x 1T (6 x 7e9 x 1e12 = 4.2e22).
        form = self.open_tab("tokens")
        self.fill(form, params="70B", tokens="1.4T")
        big = self.headline(self.submit(form, "history-1"))
        self.fill(form, params="7B", tokens="1T")
        small = self.headline(self.submit(form, "history-2"))
        self.assertEqual(small.split(" = ")[0], "4.2e22 FLOP")
        self.driver.back()
        self.assertEqual(self.wait_headline(self.driver, small), big)
        self.assertEqual(form.find_element(By.NAME, "params").get_attribute("value"), "70B")
        self.driver.forward()
        self.assertEqual(self.wait_headline(self.driver, big), small)

    def check_link_names_the_file(self, tab, name):
        """The current link names the uploaded file; opened again, the tab asks for it."""
        link = self.driver.current_url
        self.assertIn("file=" + name, link)
        self.driver.get(self.url)
        self.driver.get(link)
        note = WebDriverWait(self.driver, 10).until(
            lambda d: d.find_element(By.CSS_SELECTOR, f"#{tab} .link-note").text)
        self.assertIn(name, note)
        self.assertIn("choose it again", note)

    def test_link_with_an_upload_names_the_file(self):
        self.upload_cnn("upload-link", "linked.yaml", epochs="3")
        self.check_link_names_the_file("estimate", "linked.yaml")
        self.assertEqual(self.driver.find_element(By.NAME, "epochs").get_attribute("value"), "3")

    # --- downloads ---------------------------------------------------------

    def downloaded(self, result, kind, name):
        """Clicks the download button `kind` and returns the file's bytes."""
        path = os.path.join(self.downloads, name)
        if os.path.exists(path):
            os.remove(path)
        result.find_element(By.CSS_SELECTOR, f"button[data-download='{kind}']").click()
        WebDriverWait(self.driver, 10).until(lambda d: os.path.exists(path) and os.path.getsize(path))
        with open(path, "rb") as f:
            return f.read()

    def test_downloads_parse(self):
        path, result = self.upload_cnn("downloads", uncertainty=True)
        expected = cli_json("estimate", path, "--uncertainty")
        data = json.loads(self.downloaded(result, "json", "trainflops-estimate.json"))
        self.assertEqual(data["training_flop"], expected["training_flop"])
        rows = list(csv.DictReader(io.StringIO(
            self.downloaded(result, "csv", "trainflops-estimate.csv").decode())))
        self.assertEqual([r["layer"] for r in rows], [l["name"] for l in expected["layers"]])
        self.assertEqual([float(r["forward_flop"]) for r in rows],
                         [l["forward_flop"] for l in expected["layers"]])
        markdown = self.downloaded(result, "md", "trainflops-estimate.md").decode()
        for part in ("## Formula", "## Inputs", "## Assumptions", "## Citation", "```sh"):
            self.assertIn(part, markdown)
        self.assertIn(expected["formula"][0] if isinstance(expected["formula"], list)
                      else expected["formula"], markdown)
        for chart, mark in (("layer-chart", "rect"), ("quantile-chart", "circle")):
            svg = ET.fromstring(self.downloaded(result, "svg:" + chart,
                                                f"trainflops-estimate-{chart}.svg"))
            self.assertEqual(svg.tag, "{http://www.w3.org/2000/svg}svg")
            drawn = svg.findall(f".//{{http://www.w3.org/2000/svg}}{mark}")
            self.assertGreater(len(drawn), 2)
            png = self.downloaded(result, "png:" + chart, f"trainflops-estimate-{chart}.png")
            self.assertEqual(png[:8], b"\x89PNG\r\n\x1a\n")
            # IHDR: width and height, twice the SVG's (drawn at 2x).
            width, height = struct.unpack(">II", png[16:24])
            self.assertEqual(width, 2 * int(float(svg.get("width"))))
            self.assertEqual(height, 2 * int(float(svg.get("height"))))

    def test_terms_csv(self):
        form = self.open_tab("hardware")
        self.fill(form, chip="V100", count="8", time="5 days")
        result = self.submit(form, "hardware-csv")
        rows = list(csv.DictReader(io.StringIO(
            self.downloaded(result, "csv", "trainflops-hardware.csv").decode())))
        self.assertEqual(list(rows[0].keys()), ["kind", "name", "value", "unit", "source"])
        by_name = {r["name"]: r for r in rows if r["kind"] in ("input", "result")}
        # 8 x 432,000 s x 1.57e13 FLOP/s (V100 FP32, datasheet) x 0.4 = 2.17e19.
        self.assertEqual(float(by_name["training FLOP"]["value"]), 8 * 432000 * 1.57e13 * 0.4)
        self.assertEqual(float(by_name["peak FLOP/s"]["value"]), 1.57e13)

    # --- context: the user's estimate among the notable models ---------------

    def test_estimate_placed_on_the_trend_with_neighbours(self):
        form = self.open_tab("tokens")
        self.fill(form, params="70B", tokens="1.4T")
        result = self.submit(form, "place")
        # The layer the library names "parameters (`params`)" is worded as
        # the page's options are, with no backquotes.
        self.assertNotIn("`", result.text)
        self.assertIn("parameters (--params)", result.text)
        result.find_element(By.CSS_SELECTOR, "button.place").click()
        WebDriverWait(self.driver, 20).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, "#result svg.trend-chart polygon.mark"))
        result = self.driver.find_element(By.ID, "result")
        self.driver.save_screenshot(os.path.join(ARGS.screenshots, "trend-mark.png"))
        # The neighbours, found here from the command line's points: the
        # largest at or below 6 x 70e9 x 1.4e12 = 5.88e23 and the smallest above.
        points = cli_json("trend", "--data", EPOCH_RECORD)["points"]
        below = max((p for p in points if p["flop"] <= 5.88e23), key=lambda p: p["flop"])
        above = min((p for p in points if p["flop"] > 5.88e23), key=lambda p: p["flop"])
        sentence = result.find_element(By.CSS_SELECTOR, ".neighbours").text
        self.assertIn(f"between {below['name']}", sentence)
        self.assertIn(f"and {above['name']}", sentence)
        titles = self.driver.execute_script(
            "return [...document.querySelectorAll('#result svg.trend-chart title')]"
            ".map(t => t.textContent)")
        self.assertIn("your estimate: 5.88e23 FLOP", titles)
        for p in (below, above):
            self.assertTrue(any(t.startswith(p["name"] + ":") for t in titles), p["name"])
        # The link holds the mark: a new session draws it again.
        other = self.new_driver()
        try:
            other.get(self.driver.current_url)
            WebDriverWait(other, 20).until(lambda d: d.find_elements(
                By.CSS_SELECTOR, "#result svg.trend-chart polygon.mark"))
        finally:
            other.quit()

    def test_presets_fill_the_form_with_their_source(self):
        form = self.open_tab("tokens")
        WebDriverWait(self.driver, 10).until(
            lambda d: form.find_elements(By.CSS_SELECTOR, "select.preset option"))
        form.find_element(By.XPATH, ".//select[@class='preset']/option[. = 'Chinchilla']").click()
        self.assertEqual(form.find_element(By.NAME, "params").get_attribute("value"), "70B")
        self.assertIn("Hoffmann et al. 2022", form.find_element(By.CSS_SELECTOR, ".preset-source").text)
        with open(os.path.join(ROOT, "data", "web_presets.json"), encoding="utf-8") as f:
            presets = json.load(f)
        self.assertGreaterEqual(len(presets["models"]) + len(presets["clusters"]), 30)
        self.assertTrue(all(r["source"] for r in presets["models"] + presets["clusters"]))

    # --- compare -----------------------------------------------------------

    def test_compare_chart_utilization_and_citation(self):
        form = self.open_tab("compare")
        self.assertIn(".onnx", form.find_element(By.NAME, "file").get_attribute("accept"))
        self.fill(form, params="70B", tokens="1.4T", chip="A100", count="1024", time="20d")
        result = self.submit(form, "compare-chart")
        self.assertEqual(self.count(result, "svg.compare-chart circle.method"), 2)
        # Method 2 with uncertainty has its interval as a band.
        self.assertEqual(self.count(result, "svg.compare-chart rect.band"), 1)
        # Reconciling utilization 0.3 x 3.55 = 1.065, above the language-model
        # range of utilization the run assumed.
        text = result.find_element(By.CSS_SELECTOR, ".utilization").text
        self.assertIn("1.065", text)
        self.assertIn("above the plausible range", text)
        cited = cli_json("compare", "--params", "70B", "--tokens", "1.4T", "--chip", "A100",
                         "--count", "1024", "--time", "20d", "--uncertainty", "--cite")
        self.assertEqual(self.copied(result, "citation"), option_wording(cited["citation"]["text"]))
        svg = ET.fromstring(self.downloaded(result, "svg:compare-chart",
                                            "trainflops-compare-compare-chart.svg"))
        circles = svg.findall(".//{http://www.w3.org/2000/svg}circle")
        self.assertEqual(len(circles), 2)

    def test_compare_onnx_upload_and_an_unticked_default_in_the_link(self):
        onnx = os.path.join(ROOT, "tests", "fixtures", "onnx", "resnet18.onnx")
        form = self.open_tab("compare")
        form.find_element(By.NAME, "file").send_keys(onnx)
        self.fill(form, chip="V100", count="8", time="5d", uncertainty=False,
                  extra="--examples 1.28M --epochs 90")
        result = self.submit(form, "compare-onnx")
        expected = cli_json("compare", onnx, "--examples", "1.28M", "--epochs", "90", "--chip",
                            "V100", "--count", "8", "--time", "5d")
        self.assertTrue(close(number(self.headline(result).split("=")[1]),
                              expected["ratio_method1_over_method2"]), self.headline(result))
        # The link names the file, and keeps the uncertainty box unticked
        # although it is ticked by default.
        link = self.driver.current_url
        self.assertIn("file=resnet18.onnx", link)
        self.assertNotIn("uncertainty", link)
        self.driver.get(self.url)
        self.driver.get(link)
        form = WebDriverWait(self.driver, 10).until(
            lambda d: d.find_element(By.ID, "compare") if d.find_element(
                By.CSS_SELECTOR, "#compare .link-note").text else None)
        self.assertFalse(form.find_element(By.NAME, "uncertainty").is_selected())

    # --- rough edges ---------------------------------------------------------

    def test_labels_are_for_people_and_the_command_shown_is_copied(self):
        form = self.open_tab("hardware")
        self.fill(form, chip="V100", count="8", time="5 days")
        result = self.submit(form, "labels")
        inputs = [r.text for r in result.find_elements(By.CSS_SELECTOR, "table tbody tr")]
        text = "\n".join(inputs)
        # Nothing the page shows (the raw JSON is folded away) names a field
        # in the library's backquotes.
        self.assertNotIn("`", result.text)
        self.assertNotIn("peak_flop_per_s", text)
        self.assertTrue(any(r.startswith("peak FLOP/s") for r in inputs), inputs)
        shown = result.find_element(By.CSS_SELECTOR, "pre.command").text
        self.assertEqual(self.copied(result, "command"), shown)
        # An input changed on the page is labelled so, not "command line".
        _, result = self.upload_cnn("override-label", "cnn2.yaml", epochs="3")
        tables = "".join(t.text for t in result.find_elements(By.CSS_SELECTOR, "table"))
        self.assertNotIn("command line", tables)
        self.assertIn("changed on the page", result.text)

    def test_chip_filter_link_and_threshold_rows(self):
        panel = self.open_tab("chips")
        WebDriverWait(self.driver, 10).until(
            lambda d: panel.find_elements(By.CSS_SELECTOR, "#chip-table tbody tr"))
        panel.find_element(By.ID, "chip-filter").send_keys("h100")
        link = self.driver.current_url
        self.assertIn("#tab=chips&filter=h100", link)
        self.driver.get(self.url)
        self.driver.get(link)
        rows = WebDriverWait(self.driver, 10).until(lambda d: d.find_elements(
            By.CSS_SELECTOR, "#chip-table tbody tr"))
        self.assertEqual(len(rows), len(cli_json("chips", "h100")["chips"]))
        form = self.open_tab("thresholds")
        self.fill(form, arg="2e25")
        result = self.submit(form, "thresholds-csv")
        rows = list(csv.DictReader(io.StringIO(
            self.downloaded(result, "csv", "trainflops-thresholds.csv").decode())))
        expected = cli_json("thresholds", "2e25")["thresholds"]
        self.assertEqual([r["threshold"] for r in rows], [t["name"] for t in expected])
        # 2e25 / 1e25 = 2 for the AI Act's Art. 51(2).
        self.assertEqual(float(rows[0]["ratio"]), 2.0)

    def test_every_link_on_the_page_is_served(self):
        self.driver.get(self.url)
        links = self.driver.execute_script(
            "return [...document.querySelectorAll('a[href]')].map(a => a.href)")
        self.assertTrue(any(l.endswith("/docs/spec-format.md") for l in links), links)
        for link in links:
            with urllib.request.urlopen(link) as response:
                self.assertEqual(response.status, 200, link)

    def test_page_weight(self):
        # The page's own script and style (not the bundled data, presets or docs).
        total = 0
        for asset in ("", "app.js", "view.js", "charts.js", "share.js", "style.css"):
            with urllib.request.urlopen(self.url + asset) as response:
                total += len(response.read())
        print(f"page weight (HTML + JS + CSS): {total} bytes", file=sys.stderr)
        self.assertLess(total, 100 * 1024)
        # Nothing is fetched from elsewhere.
        self.driver.get(self.url)
        WebDriverWait(self.driver, 10).until(
            lambda d: d.execute_script("return document.readyState") == "complete")
        hosts = self.driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => new URL(e.name).host)")
        self.assertTrue(all(h == self.url.split("/")[2] for h in hosts), hosts)



def option_wording(text):
    """The page's wording of the library's `field` names: --field."""
    return re.sub(r"`([a-z0-9_]+)`", lambda m: "--" + m.group(1).replace("_", "-"),
                  text).replace("spec + command line", "spec, changed on the page")


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
