# make lab  : create .venv, install the package, open JupyterLab on the start notebook
# make app  : the same, then the playable game alone in Voila
# make test : create .venv, install the package with its test extra, run the whole suite
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
# Jupyter refuses to start as root (Docker, WSL) unless told it may
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
# the lessons' nbval settings (DOMINO_FAST, the sanitize file) live with the tests, not among the lessons
NBVAL  := -p tests.notebooks.nbval_plugin --nbval notebooks/ -p no:cacheprovider

.PHONY: test lab app bench notebooks clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip

$(VENV)/.installed-notebooks: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[notebooks]"
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@ $(VENV)/.installed-notebooks

test: $(VENV)/.installed-test
	bash tests/browser/setup_browser.sh
	$(PY) -m pytest
	$(PY) -m pytest $(NBVAL)

# Re-execute the lessons at full size and save their outputs (after the renderer or the deal changes).
notebooks: $(VENV)/.installed-notebooks
	cd notebooks && ../$(PY) -m jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.timeout=1800 *.ipynb

# A fresh clone's notebooks are untrusted, and Lab would show their saved pictures as text: trust
# the shipped lessons (this signs them for this user only), then open the start notebook.
lab: $(VENV)/.installed-notebooks
	$(VENV)/bin/jupyter trust notebooks/*.ipynb
	$(VENV)/bin/jupyter lab $(AS_ROOT) --ServerApp.root_dir=. \
		--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb

app: $(VENV)/.installed-notebooks
	$(VENV)/bin/voila notebooks/play.ipynb

bench: $(VENV)/.installed-test
	$(PY) benchmarks/playouts.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
