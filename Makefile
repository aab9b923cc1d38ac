# The two commands a newcomer needs: `make run` and `make test`.
# Each creates the virtualenv and installs the project when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

NODE_STAMP := node_modules/.installed

.PHONY: run test lint typecheck pytest bench clean screenshots

$(STAMP): pyproject.toml setup.py $(wildcard src/vitrine/games/exhibition/*.c src/vitrine/games/exhibition/*.h)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# axe-core (package.json, pinned in package-lock.json), which the page tests load into each page.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

run: $(STAMP)
	$(BIN)/vitrine serve $(if $(PORT),--port $(PORT))

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP) $(NODE_STAMP)
	$(BIN)/pytest -n auto -q

# Regenerate the screenshots under build/screenshots/ (each game's key moments, EN and FR,
# desktop and phone) that the README shows.
screenshots: $(STAMP) $(NODE_STAMP)
	VITRINE_SCREENSHOTS=1 $(BIN)/pytest -q -n auto tests/test_pages.py -k axe

bench: $(STAMP)
	$(BIN)/python bench/engine.py

clean:
	rm -rf $(VENV) node_modules .mypy_cache .pytest_cache .ruff_cache .hypothesis
