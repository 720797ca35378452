// The core's own pytest suite under Pyodide (Python 3.14, WebAssembly) in Node, offline.
//
//   node core_pytest.mjs PLAN.json WHEEL...
//
// PLAN.json (written by tests/test_pyodide.py) holds `root` (the repository on this
// machine), `files` (paths under it to copy into Pyodide's file system: the test modules,
// their helpers, pyproject.toml for pytest's settings), `args` (pytest's arguments) and
// `max_examples` (hypothesis's examples per property here, a test's own setting capped).
// The wheels (bluffmath, sympy, mpmath, pytest and its dependencies, hypothesis, ...) are
// unpacked into site-packages. The last line printed is the run's outcome as JSON.
import { loadPyodide } from "pyodide";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const [planFile, ...wheels] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, "utf8"));
const py = await loadPyodide();
// Into site-packages, not the working directory (unpackArchive's default): pytest runs
// from the copied repository below.
const extractDir = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
for (const wheel of wheels) {
  py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir });
}

const HOME = "/suite";
for (const file of plan.files) {
  const target = `${HOME}/${file}`;
  py.FS.mkdirTree(dirname(target));
  py.FS.writeFile(target, readFileSync(join(plan.root, file)));
}

py.globals.set("pytest_args", py.toPy(plan.args));
const out = py.runPython(`
import json, os, sys
from collections import Counter, defaultdict

import hypothesis
import pytest

os.chdir("${HOME}")
MAX_EXAMPLES = ${plan.max_examples}


class Outcome:
    """A pytest plugin that counts outcomes per test module, for the report below."""

    def __init__(self):
        self.counts = defaultdict(Counter)
        self.seconds = Counter()  # each module's time, setup and teardown included
        self.problems = []
        self.deselected = 0
        self.capped = 0

    def pytest_configure(self, config):
        # After tests/conftest.py chose its profile: fewer examples here, same determinism
        # as CI.
        hypothesis.settings.register_profile(
            "pyodide", max_examples=MAX_EXAMPLES, derandomize=True, deadline=None, database=None,
            suppress_health_check=list(hypothesis.HealthCheck))
        hypothesis.settings.load_profile("pyodide")

    @pytest.hookimpl(trylast=True)  # after -m and --deselect
    def pytest_collection_modifyitems(self, items):
        # A test's own @settings(max_examples=...) would win over the profile: cap it here.
        for item in items:
            test = getattr(item, "obj", None)
            own = getattr(test, "_hypothesis_internal_use_settings", None)
            if own is not None and own.max_examples > MAX_EXAMPLES:
                test._hypothesis_internal_use_settings = hypothesis.settings(
                    own, max_examples=MAX_EXAMPLES)
                self.capped += 1

    def pytest_deselected(self, items):
        self.deselected += len(items)

    def pytest_collectreport(self, report):
        if report.failed:
            self.counts[report.nodeid.split("::")[0]]["error"] += 1
            self.problems.append([report.nodeid, str(report.longrepr)[-1500:]])

    def pytest_runtest_logreport(self, report):
        module = report.nodeid.split("::")[0]
        self.seconds[module] += report.duration
        if report.when == "call" or (report.when == "setup" and not report.passed):
            kind = report.outcome if report.when == "call" or report.skipped else "error"
            self.counts[module][kind] += 1
        elif report.when == "teardown" and report.failed:
            self.counts[module]["error"] += 1
        if report.failed:
            self.problems.append([report.nodeid, str(report.longrepr)[-1500:]])


outcome = Outcome()
exit_code = pytest.main(list(pytest_args), plugins=[outcome])
json.dumps({
    "python": sys.version.split()[0],
    "hypothesis": hypothesis.__version__,
    "max_examples": MAX_EXAMPLES,
    "exit_code": int(exit_code),
    "deselected": outcome.deselected,
    "capped": outcome.capped,
    "modules": {module: dict(counts) for module, counts in sorted(outcome.counts.items())},
    "problems": outcome.problems,
    "seconds": {module: round(seconds, 2) for module, seconds in sorted(outcome.seconds.items())},
})
`);
console.log(out);
