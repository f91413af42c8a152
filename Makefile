# make lab  : create .venv, install the package, open JupyterLab on the start notebook
# make test : create .venv, install the package with its test extra, run the whole suite
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-test

.PHONY: test lab bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

test: $(STAMP)
	bash tests/browser/setup_browser.sh
	$(PY) -m pytest

lab: $(STAMP)
	$(PY) -m pip install --quiet -e ".[widgets]" jupyterlab
	$(VENV)/bin/jupyter lab notebooks/00_start_here.ipynb

bench: $(STAMP)
	$(PY) benchmarks/playouts.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
