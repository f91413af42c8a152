# make lab  : create .venv, install the package, open JupyterLab on the start notebook
# make app  : the same, then the playable game alone in Voila
# make test : create .venv, install the package with its test extra, run the whole suite
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python

.PHONY: test lab app bench notebooks clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed-notebooks: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[notebooks]"
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@ $(VENV)/.installed-notebooks

test: $(VENV)/.installed-test
	bash tests/browser/setup_browser.sh
	$(PY) -m pytest
	$(PY) -m pytest --nbval notebooks/ -p no:cacheprovider

# Re-execute the lessons at full size and save their outputs (after the renderer or the deal changes).
notebooks: $(VENV)/.installed-notebooks
	cd notebooks && ../$(PY) -m jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.timeout=1800 *.ipynb

lab: $(VENV)/.installed-notebooks
	$(VENV)/bin/jupyter lab notebooks/00_start_here.ipynb

app: $(VENV)/.installed-notebooks
	$(VENV)/bin/voila notebooks/play.ipynb

bench: $(VENV)/.installed-test
	$(PY) benchmarks/playouts.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
