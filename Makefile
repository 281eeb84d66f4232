# Everything a fresh machine needs: `make play` and `make test` create .venv and install first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck soak bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m game

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q -n auto
	$(BIN)/python -m mypy rules
	$(BIN)/python -m mypy game
	$(BIN)/python -m ruff check rules game tests benchmarks

lint: $(STAMP)
	$(BIN)/python -m ruff check rules game tests benchmarks

typecheck: $(STAMP)
	$(BIN)/python -m mypy rules
	$(BIN)/python -m mypy game

soak: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q -m soak tests

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV)
