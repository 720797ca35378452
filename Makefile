# Two commands on a fresh machine with Python 3.11 and make:
#   make lab    JupyterLab on the lessons for students (127.0.0.1 only, behind a fresh token)
#   make test   every test: lint, unit and property tests, doctests, notebooks, docs, packaging
#               (the long batteries as seeded samples; make test-full runs them whole)
# and for the teacher: make teach (everything, solutions included), make class (the class
# plays together on their phones)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: lab teach catalogs test test-full bench docs lessons handouts course grade lite class clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "bluffmath needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-dev: pyproject.toml package-lock.json | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@# Pyodide runs the core's doctests under Python 3.14 in Node (tests/test_pyodide.py).
	@if command -v npm > /dev/null; then npm ci --no-audit --no-fund --silent; \
	else echo "no node/npm here: the Pyodide test will skip"; fi
	@# ... and pytest runs the core's own tests there (pure-Python wheels for Python 3.14).
	$(BIN)/python -m pip download --quiet --no-deps --only-binary=:all: \
	    --platform any --python-version 3.14 --implementation py --abi none \
	    -d .cache/pyodide-wheels sympy mpmath pytest pluggy iniconfig packaging pygments \
	    hypothesis sortedcontainers lark openskill fsrs typing-extensions
	@# The JupyterLite site ships these exact versions of ipywidgets and its helpers, and the
	@# kernel's wheels at Pyodide's lock versions (needs node_modules/pyodide: npm ci above).
	$(BIN)/python lite/build.py fetch
	touch $@

$(VENV)/.installed-class: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[class]'
	touch $@

# The teacher's install: handouts and the nbgrader course only (the teach extra).
$(VENV)/.installed-teach: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[teach]'
	touch $@

$(VENV)/.installed-jupyter: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[jupyter]'
	touch $@

# JupyterLab on this machine only, behind a fresh random token; scripts/lab.py prints the
# address with the token in it. `lab` shows what a student may see (no solutions), `teach`
# all of notebooks/. `make lab LANG=de`: the German student copies. Only a LANG given on
# make's command line counts: the shell's own LANG (a locale, such as de_DE.UTF-8) is not a
# lesson language, so without LANG=... the lessons are in English.
LESSON_LANG := $(if $(filter command line,$(origin LANG)),$(LANG),en)
# The same LANG for the teacher's tools: handouts, course, collect and grade (German: LANG=de).
LANG_OPTION := $(if $(filter command line,$(origin LANG)),--lang $(LANG),)
lab: $(VENV)/.installed-jupyter
	$(BIN)/python scripts/lab.py --lang $(LESSON_LANG) student

teach: $(VENV)/.installed-jupyter
	$(BIN)/python scripts/lab.py teacher

# The class table server (docs/how-to/play-with-your-class.md): students play each other on
# their phones. It listens on this computer's address on its network (CLASS_HOST=127.0.0.1:
# this computer only) and keeps the class in CLASS_DB; starting again on it goes on.
CLASS_HOST ?= lan
CLASS_PORT ?= 8000
CLASS_DB   ?= class.sqlite3
class: $(VENV)/.installed-class
	$(BIN)/bluffmath class --host $(CLASS_HOST) --port $(CLASS_PORT) --db $(CLASS_DB)

# The translation catalogs (bluffmath/locale): extracted from the code, updated, compiled
# (docs/how-to/translate.md).
catalogs: $(VENV)/.installed-dev
	$(BIN)/python scripts/catalogs.py

test: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n auto --dist worksteal --durations=40

# The same, with every long battery whole rather than its seeded sample (pytest --full):
# every soundness game, every brute-force case, every Pyodide module (benchmarks/TESTS.md).
test-full: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n auto --dist worksteal --full

# Every figure of the README's "Speed" table, each into its benchmarks/*.md (about an hour
# here; tests/test_readme_figures.py checks that each results file is written below).
bench: $(VENV)/.installed-dev
	@# OpenSpiel's CFR+ and icepool, which two benchmarks compare with (the bench extra)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python -m benchmarks
	@# the Pyodide rows need node and node_modules (npm ci, which make installs)
	$(BIN)/python -m benchmarks.gauner --write --pyodide
	$(BIN)/python -m benchmarks.soundness --games 1000 --write
	$(BIN)/python -m benchmarks.equilibrium --write
	@# Liar's dice: every cell of the table in a process of its own, and CFR+ on every cell, up to
	@# 10 minutes each (over an hour)
	$(BIN)/python -m benchmarks.liars_dice --write
	$(BIN)/python -m benchmarks.liars_dice_read --write
	@# two dice against two: every variant that fits, each cell at most 5 minutes
	$(BIN)/python -m benchmarks.liars_dice_2v2 --write
	@# refinement over the optimal face against the whole program with the value held (about 14 minutes of CPU,
	@# most of it the whole program's on the real colour)
	$(BIN)/python -m benchmarks.refine --write
	@# training: choosing the next puzzle with 10,000 attempts stored
	$(BIN)/python -m benchmarks.train --write
	@# training: building the drills of a game, every game, against the review by hand
	$(BIN)/python -m benchmarks.drills --write
	$(BIN)/python -m benchmarks.hoax --write
	$(BIN)/python -m benchmarks.muenchhausen --write
	$(BIN)/python -m benchmarks.review --write
	$(BIN)/python -m benchmarks.hoax_games --games 10000 --write
	$(BIN)/python -m benchmarks.hoax_game --write
	@# a click to updated odds on each play table, in Chromium through Voila
	$(BIN)/python -m benchmarks.latency --write
	$(BIN)/python -m benchmarks.gauner_table --write
	@# the class table server: 40 students at 10 tables (thinking, then moving at once; Gauner raus! alone),
	@# 200 at 50 (at once, then thinking), and kill -9 at random moments
	$(BIN)/python -m benchmarks.class_load --write
	$(BIN)/python -m benchmarks.class_load --think 0 --section load_instant --write
	$(BIN)/python -m benchmarks.class_load --mix gauner --think 0 --section load_gauner --write
	$(BIN)/python -m benchmarks.class_load --students 200 --tables 50 --think 0 --section load_200 --write
	$(BIN)/python -m benchmarks.class_load --students 200 --tables 50 --section load_200_think --write
	$(BIN)/python -m benchmarks.class_restart --write
	@# the embedded calculators' ready time: needs Chromium and node_modules/pyodide
	$(BIN)/python -m benchmarks.embed --runs 5 --changes 4 --write
	@# a lesson of the JupyterLite site to an idle kernel, against the kernel's defaults: needs Chromium, node and node_modules
	$(BIN)/python -m benchmarks.lite --runs 3 --write

# The lessons' student and solution copies, from their sources in notebooks/lessons/: in
# English, and in German (student/de/, solutions/de/) for each lesson wholly translated.
lessons: $(VENV)/.installed-dev
	$(BIN)/python notebooks/lessons/build.py

# For the teacher (docs/how-to/teach-the-course.md): printable worksheets, answer keys and
# quizzes in build/handouts, the German ones in build/handouts/de (LANG=de: the German only;
# PDF too with HANDOUTS_FLAGS=--pdf: Chromium prints them) ...
handouts: $(VENV)/.installed-teach
	$(BIN)/python notebooks/lessons/handouts.py $(HANDOUTS_FLAGS) $(LANG_OPTION)

# ... and the nbgrader course (release versions and autograder) in build/course (LANG=de: the
# German course in build/course/de; collect and grade then take the same LANG=de).
course: $(VENV)/.installed-teach
	$(BIN)/python notebooks/lessons/grading.py course $(LANG_OPTION)

# Place the students' returned notebooks in the course: make collect FOLDER=~/Downloads/lesson-5
# (LESSON=05-gauner-deduction: that lesson's only) copies each to
# build/course/submitted/STUDENT/LESSON/LESSON.ipynb, the student named by the file's folder or
# name (ada/05-gauner-deduction.ipynb, ada-05-gauner-deduction (1).ipynb), and says what it could
# not place and why; it never replaces a notebook already there.
.PHONY: collect
collect: $(VENV)/.installed-teach
	@test -n "$(FOLDER)" || { echo "say which folder: make collect FOLDER=~/Downloads/lesson-5 (LESSON=05-gauner-deduction for one lesson's only)"; exit 2; }
	@$(BIN)/python notebooks/lessons/grading.py collect "$(FOLDER)" $(if $(LESSON),"$(LESSON)",) $(LANG_OPTION)

# Autograde every submission of a lesson: make grade LESSON=05-gauner-deduction prints each
# student's share of full marks and writes build/course/grades/LESSON.csv (a mark per exercise);
# a name that is not a lesson's is refused with the list of lessons (exit status 2).
grade: $(VENV)/.installed-teach
	@test -n "$(LESSON)" || { echo "say which lesson: make grade LESSON=05-gauner-deduction"; exit 2; }
	@$(BIN)/python notebooks/lessons/grading.py grade "$(LESSON)" $(LANG_OPTION)

# The lessons as a static JupyterLite site in build/lite (docs/how-to/lessons-in-the-browser.md),
# for students: LITE_SOLUTIONS=1 puts the lessons' solution copies in too (a teacher's site).
lite: $(VENV)/.installed-dev
	$(BIN)/python lite/build.py build$(if $(LITE_SOLUTIONS), --solutions,)

docs: $(VENV)/.installed-dev
	$(BIN)/sphinx-build -W --keep-going -b html docs docs/_build/html

clean:
	rm -rf $(VENV) node_modules .cache docs/_build .pytest_cache .ruff_cache .hypothesis build dist *.egg-info
