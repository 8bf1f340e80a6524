# The two commands of the README: `make run` and `make test`. Both set up everything they need.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
# Compiled translations (.mo) are build output, not committed: made from the .po catalogues.
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))
LANGS := de it fr es

.PHONY: install run test lint format lock bench messages makemessages browser

$(INSTALLED): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

install: $(INSTALLED) messages

# Babel compiles the catalogues in pure Python: GNU gettext's msgfmt (which Django's
# compilemessages needs) is not on a machine that has only Python.
messages: $(MO_FILES)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(INSTALLED)
	$(BIN)/pybabel -q compile -l $* -i $< -o $@

# Refresh the .po catalogues from the code and templates (needs GNU gettext: apt-get install gettext).
makemessages: install
	DEBUG=1 $(BIN)/python manage.py makemessages --no-obsolete --no-location \
	  $(foreach l,$(LANGS),-l $(l)) \
	  -i ".venv/*" -i "var/*" -i "static/*" -i "tests/*" -i "games/korsaren/*" -i "games/bots/*"

# Debian's Chromium for the browser tests (never a downloaded browser build).
browser:
	@test -x /usr/bin/chromium || { \
	  echo "Installing Debian's chromium for the browser tests..."; \
	  SUDO=$$(test "$$(id -u)" = 0 || echo sudo); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; }

run: install
	$(BIN)/python -m korsaren_site.devserver

test: install browser
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

# Regenerate the pinned lock from requirements.in in a throwaway environment.
lock:
	rm -rf /tmp/korsaren-lock && $(PYTHON) -m venv /tmp/korsaren-lock
	/tmp/korsaren-lock/bin/pip install -q -r requirements.in
	{ echo "# Pinned lock of requirements.in (regenerate with: make lock). Python 3.11."; \
	  /tmp/korsaren-lock/bin/pip freeze; } > requirements.txt

bench: install
	$(BIN)/python -m games.korsaren.bench
