# The two commands of the README: `make run` and `make test`. Both set up everything they need.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
# Test processes side by side (pytest-xdist; each file stays in one, but the platform's harnesses
# in tests/platform run each game as a group of its own: tests/conftest.py). Much of the suite
# waits on browsers, sockets and workers, so two keep even a 2-core machine busy.
TEST_WORKERS ?= 2
# Compiled translations (.mo) are build output, not committed: made from the .po catalogues.
# Each game's web app may bring its own catalogue (games/<slug>/web/locale).
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po games/*/web/locale/*/LC_MESSAGES/django.po))
LANGS := de it fr es
# The games' engines and bots (pure Python, English only): no user-facing strings to collect.
GAME_DIRS := $(filter-out games/core,$(patsubst %/scenario.py,%,$(wildcard games/*/scenario.py)))
# npm packages (tools/package.json): axe-core for the browser tests, Lighthouse for `make audit`.
AXE := tools/node_modules/axe-core/axe.min.js
LIGHTHOUSE := tools/node_modules/lighthouse/cli/index.js

.PHONY: install run test lint format lock bench messages makemessages browser audit screenshots

$(INSTALLED): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

install: $(INSTALLED) messages

# Babel compiles the catalogues in pure Python: GNU gettext's msgfmt (which Django's
# compilemessages needs) is not on a machine that has only Python.
messages: $(MO_FILES)

%/LC_MESSAGES/django.mo: %/LC_MESSAGES/django.po $(INSTALLED)
	$(BIN)/pybabel -q compile -l $(notdir $*) -i $< -o $@

# Refresh the .po catalogues from the code and templates (needs GNU gettext: apt-get install
# gettext): the site's (locale/), then each game's own (games/<slug>/web/locale).
MAKEMESSAGES = makemessages --no-obsolete --no-location -e html,txt,py,jinja $(foreach l,$(LANGS),-l $(l))
makemessages: install
	DEBUG=1 $(BIN)/python manage.py $(MAKEMESSAGES) \
	  -i ".venv/*" -i "var/*" -i "static/*" -i "tests/*" -i "tools/*" -i "games/*/web/*" \
	  -i "games/core/*" $(foreach g,$(GAME_DIRS),-i "$(g)/*")
	for app in $(wildcard games/*/web); do \
	  mkdir -p $$app/locale && (cd $$app && DEBUG=1 $(CURDIR)/$(BIN)/python $(CURDIR)/manage.py \
	    $(MAKEMESSAGES) -i "templatetags/__pycache__/*"); done

# Debian's Chromium for the browser tests (never a downloaded browser build).
browser:
	@test -x /usr/bin/chromium || { \
	  echo "Installing Debian's chromium for the browser tests..."; \
	  SUDO=$$(test "$$(id -u)" = 0 || echo sudo); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; }

# axe-core only (the production dependency of tools/): what the browser tests inject.
# npm ci keeps the packages' own file dates, hence the touch.
$(AXE): tools/package.json tools/package-lock.json
	cd tools && npm ci --omit=dev --no-audit --no-fund
	touch $@

# Lighthouse as well (a devDependency), for the audit.
$(LIGHTHOUSE): tools/package.json tools/package-lock.json
	cd tools && npm ci --no-audit --no-fund
	touch $@ $(AXE)

# Lighthouse and axe-core on the main pages of a production-like site with demo data.
audit: install browser $(LIGHTHOUSE)
	$(BIN)/python scripts/audit.py

# docs/screenshots/*.png, the table on a desktop and a phone, light and dark.
screenshots: install browser
	$(BIN)/python scripts/screenshots.py

run: install
	$(BIN)/python -m korsaren_site.devserver

test: install browser $(AXE)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest -n $(TEST_WORKERS) --dist loadfile

lint: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Regenerate the pinned lock from requirements.in in a throwaway environment.
lock:
	rm -rf /tmp/korsaren-lock && $(PYTHON) -m venv /tmp/korsaren-lock
	/tmp/korsaren-lock/bin/pip install -q -r requirements.in
	{ echo "# Pinned lock of requirements.in (regenerate with: make lock). Python 3.11."; \
	  /tmp/korsaren-lock/bin/pip freeze; } > requirements.txt

# Random-play speed of a game's engine through the protocol: `make bench GAME=dame`.
GAME ?= korsaren
bench: install
	$(BIN)/python -m benchmarks.engine --game $(GAME)
