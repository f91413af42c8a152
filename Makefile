# make lab  : create .venv, install the package, open JupyterLab on the start notebook
# make app  : the same, then the playable game alone in Voila
# make test : create .venv, install the package with its test extra, run the whole suite
# make lite : build the offline JupyterLite site in build/lite (make lite-serve: look at it)
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
# Jupyter refuses to start as root (Docker, WSL) unless told it may
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
# the lessons' nbval settings (DOMINO_FAST, the sanitize file) live with the tests, not among the lessons
NBVAL  := -p tests.notebooks.nbval_plugin --nbval notebooks/ -p no:cacheprovider

.PHONY: test lab app bench notebooks clean lite lite-serve

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip

$(VENV)/.installed-notebooks: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[notebooks]"
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@ $(VENV)/.installed-notebooks

test: $(VENV)/.installed-test lite
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

# The offline JupyterLite site (issue 14): built clean every time from PyPI and npm by
# binder/lite/build.py, in an environment of its own (it needs Python >= 3.12, and Node.js, which
# runs the site's Pyodide to compile its bytecode); downloads and bytecode are kept in
# build/lite-cache. tests/lite serves it on 127.0.0.1 and plays it in Chromium.
LITE_CACHE := build/lite-cache
LITE_VENV  := $(LITE_CACHE)/venv
LITE_PORT  ?= 8000

$(LITE_VENV)/.installed: binder/lite/requirements.txt binder/lite/find_python.sh
	@py=$$(bash binder/lite/find_python.sh) || exit 1; \
	echo "lite: building the JupyterLite environment with $$py"; \
	rm -rf $(LITE_VENV) && "$$py" -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LITE_VENV)/bin/python -m pip install --quiet -r binder/lite/requirements.txt
	touch $@

lite: $(LITE_VENV)/.installed
	$(LITE_VENV)/bin/python binder/lite/build.py --out build/lite --cache $(LITE_CACHE)

lite-serve: lite
	@echo "lite: http://127.0.0.1:$(LITE_PORT)/lab/index.html?path=00_start_here.ipynb (Ctrl-C stops)"
	$(LITE_VENV)/bin/python -m http.server --bind 127.0.0.1 --directory build/lite $(LITE_PORT)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
