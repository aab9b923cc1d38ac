# The two commands a newcomer needs: `make run` and `make test`.
#
# `make run` installs what serving needs (the runtime packages, the compiled
# core where a C compiler is there) and serves the web app; `make test` adds
# the development set (linters, test tools, the adapters' frameworks) and the
# system parts the tests use (scripts/system-parts: Chromium, nginx, PostgreSQL, gcc),
# then runs ruff, mypy, the suite, and the playout-core tests once more in
# pure Python.  One checkout switches between the two: each install leaves a
# stamp, and the development set includes the runtime one.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
SOURCES := pyproject.toml setup.py $(wildcard src/vitrine/games/exhibition/*.c src/vitrine/games/exhibition/*.h)
RUNTIME := $(VENV)/.installed-runtime
DEV := $(VENV)/.installed-dev
SYSTEM_ENV := build/system.env
DIST_CHECK := build/dist-check
# After an install: say which playout core vitrine will use.
CORE_NOTE = $(BIN)/vitrine --version | grep -q compiled || echo "warning: the C core was not \
built (no C compiler or Python headers): vitrine runs in pure Python, with the same results and \
slower search; \`sudo make system\` installs them, then \`touch setup.py\` rebuilds it on the next make"

NODE_STAMP := node_modules/.installed

.PHONY: run test lint typecheck pytest pytest-pure bench system system-run dist dist-check screenshots fonts vendor icons clean FORCE

run: $(RUNTIME)
	$(BIN)/vitrine serve $(if $(PORT),--port $(PORT))

test: lint typecheck pytest pytest-pure

system-run:
	PYTHON=$(PYTHON) bash scripts/system-parts run

# Everything, for a user who may install packages (`sudo make system`).
system:
	bash scripts/system-parts test

$(SYSTEM_ENV): FORCE
	PYTHON=$(PYTHON) bash scripts/system-parts test $@

$(BIN)/python: | system-run
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUNTIME): $(SOURCES) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	@$(CORE_NOTE)
	touch $@

$(DEV): $(SOURCES) | $(SYSTEM_ENV) $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@$(CORE_NOTE)
	touch $@ $(RUNTIME)

lint: $(DEV)
	$(BIN)/ruff check src tests bench examples
	$(BIN)/ruff format --check src tests bench examples

typecheck: $(DEV)
	$(BIN)/mypy

# axe-core (package.json, pinned in package-lock.json), which the page tests load
# into each page; without npm those checks are skipped (tests/system_parts.py).
$(NODE_STAMP): package.json package-lock.json | $(SYSTEM_ENV)
	if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund && touch $@; \
	else echo "npm is missing: the accessibility checks are skipped; \`sudo make system\` installs it"; fi

pytest: $(DEV) $(SYSTEM_ENV) $(NODE_STAMP)
	. ./$(SYSTEM_ENV) && $(BIN)/pytest -n auto --dist loadscope --no-loadscope-reorder -q --durations=25

# The tests of the playout core's users again, with the pure-Python core forced;
# less those marked slow (bot strength at length), whose pure-Python games the
# identity tests (test_pure_python.py) already hold to the compiled core's.  Only
# the test modules that name the mark are collected (each marks itself with
# pytestmark), not the whole suite in every worker to keep six of its modules: the
# same tests run, 15 s less CPU.  Should a file that is not a test module name it
# (a conftest.py or a helper could mark tests elsewhere), the whole suite is
# collected, as before.
pytest-pure: $(DEV)
	marked=$$(grep -rl --include='*.py' playout_core tests | sort); \
	if [ -z "$$marked" ] || printf '%s\n' $$marked | grep -qv '/test_[^/]*\.py$$'; then marked=tests; fi; \
	VITRINE_PURE_PYTHON=1 $(BIN)/pytest -n auto -q -m "playout_core and not slow" $$marked

# Regenerate the screenshots under build/screenshots/ (each game's key moments, EN and FR,
# desktop and phone) that the README shows.
screenshots: $(DEV) $(SYSTEM_ENV) $(NODE_STAMP)
	VITRINE_SCREENSHOTS=1 $(BIN)/pytest -q -n auto tests/test_pages.py tests/test_home.py tests/test_learn.py -k "axe or presents or played_to_its_end"

# The typeface's files, copied from the npm package package.json pins (the server
# serves them; it needs no npm): run after changing that pin, then commit them.
FONT_PACKAGE := node_modules/@fontsource-variable/atkinson-hyperlegible-next
fonts: $(NODE_STAMP)
	cp $(FONT_PACKAGE)/files/atkinson-hyperlegible-next-latin-wght-normal.woff2 \
	   $(FONT_PACKAGE)/files/atkinson-hyperlegible-next-latin-ext-wght-normal.woff2 src/vitrine/web/static/fonts/
	cp $(FONT_PACKAGE)/LICENSE src/vitrine/web/static/fonts/OFL.txt

# The charting library (uPlot: the rating's history on a profile), copied from the
# npm package package.json pins (the server serves it; it needs no npm or CDN):
# run after changing that pin, then commit them.  tests/test_player_pages.py
# holds the copies to the package's files.
UPLOT_PACKAGE := node_modules/uplot
vendor: $(NODE_STAMP)
	mkdir -p src/vitrine/web/static/vendor
	cp $(UPLOT_PACKAGE)/dist/uPlot.esm.js $(UPLOT_PACKAGE)/dist/uPlot.min.css src/vitrine/web/static/vendor/
	cp $(UPLOT_PACKAGE)/LICENSE src/vitrine/web/static/vendor/uPlot-LICENSE.txt

# The app icons (PNG) drawn from the mark, logo.svg, by Chromium: run after changing it.
icons: $(DEV) $(SYSTEM_ENV)
	$(BIN)/python scripts/icons.py

bench: $(RUNTIME)
	$(BIN)/python bench/engine.py

# The sdist and a manylinux wheel (stable ABI: CPython 3.11 and later) in dist/.
dist: $(DEV)
	rm -rf dist build/wheel
	$(BIN)/python -m build --outdir build/wheel .
	mkdir -p dist
	mv build/wheel/*.tar.gz dist/
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/auditwheel repair --wheel-dir dist build/wheel/*.whl
	$(BIN)/twine check --strict dist/*

# The built packages as users get them: the wheel in a new virtualenv, the
# sdist without a C compiler, and the unpacked sdist set up and checked by its own Makefile
# (side by side; .venv's pip makes the installs, and the unpacked sdist starts from
# .venv's packages and mypy's cache: scripts/check-dist says why that proves the same).
dist-check: dist
	bash scripts/check-dist dist $(DIST_CHECK) $(CURDIR)

clean:
	rm -rf $(VENV) dist build/wheel $(SYSTEM_ENV) $(DIST_CHECK) node_modules .mypy_cache .pytest_cache .ruff_cache .hypothesis

FORCE:
