# make lab  : create .venv, install the package, open JupyterLab on the start notebook (LANG=cs: in Czech)
# make app  : the same, then the playable game alone in Voila (LANG=cs, LANG=el as well)
# make test : create .venv, install the package with its test extra, run the whole suite (JOBS=2 workers)
# make class: the game for a room: Voila on this laptop's network address, no token, the game alone
#             (LANG=cs|el, PORT=8866, POOL=4 kernels ready in advance, CULL=120 s to free a closed page's kernel)
# make lite : build the offline JupyterLite site in build/lite (make lite-serve: look at it)
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
# Jupyter refuses to start as root (Docker, WSL) unless told it may
AS_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)
# the lessons' nbval settings (DOMINO_FAST, the sanitize file) live with the tests, not among the lessons;
# nbval collects notebooks/ and its language folders (notebooks/cs/, notebooks/el/) alike
NBVAL  := -p tests.notebooks.nbval_plugin --nbval notebooks/ -p no:cacheprovider
NBCONVERT = -m jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.timeout=1800 *.ipynb

# The lessons in other languages (issue 15) are built into notebooks/<lang>/ from the English ones
# and notebooks/locale/<lang>.po (python -m domino_widgets.lessons_i18n), each file's name saying its
# language (notebooks/cs/01_block.cs.ipynb: JupyterLite keeps one kernel per file name, issue 26).
# `make lab LANG=cs` opens the Czech ones. LANG is also the shell's locale (C.UTF-8, en_US.UTF-8)
# and make imports it, so only a language with lessons of its own counts; any other value opens the
# English lessons. When it does count, the commands run with the locale C.UTF-8, since "cs" is no locale.
LESSON_LANGS := $(patsubst notebooks/%/,%,$(dir $(wildcard notebooks/*/00_start_here.*.ipynb)))
LESSON_LANG  := $(filter $(LANG),$(LESSON_LANGS))
LESSONS      := notebooks$(if $(LESSON_LANG),/$(LESSON_LANG))
# a lesson's file name in the chosen language: $(call lesson,play) is notebooks/cs/play.cs.ipynb
lesson        = $(LESSONS)/$(1)$(if $(LESSON_LANG),.$(LESSON_LANG)).ipynb
LOCALE_ENV   := $(if $(LESSON_LANG),LANG=C.UTF-8)

.PHONY: test test-browser test-suite test-lessons lab app class bench notebooks clean lite lite-serve assignments contest

# jsonschema imports rfc3987-syntax (pulled in by jupyter-events' jsonschema[format-nongpl]) when it
# is installed, and that compiles about 38 Lark grammars at import, for a format ("iri") no Jupyter
# schema uses: 1-2 s of CPU in every process that imports nbformat or a Jupyter server, quiet, and
# 15-19 s at load 7 (python -X importtime -c "import jsonschema"; issue 43). Every install removes it;
# jsonschema then skips that one format check (binder/postBuild does the same).
NO_SLOW_IMPORTS = $(1) -m pip uninstall --quiet --yes rfc3987-syntax 2>/dev/null

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip

$(VENV)/.installed-notebooks: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[notebooks]"
	$(call NO_SLOW_IMPORTS,$(PY))
	touch $@

# JupyterLab's settings for this kit (binder/overrides.json; Binder's postBuild installs the same): no
# "Jupyter news?" question and no update check, which at 1024x768 covered the game's controls (issue 40)
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
$(LAB_OVERRIDES): binder/overrides.json | $(PY)
	mkdir -p $(dir $@)
	cp binder/overrides.json $@

$(VENV)/.installed-test: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[test]"
	$(call NO_SLOW_IMPORTS,$(PY))
	touch $@ $(VENV)/.installed-notebooks $(VENV)/.installed-assignments $(VENV)/.installed-class

# make test in stages (benchmarks/ci_stages.py times each in a fresh clone): the install, the offline
# site, the browser, the suite, the lessons. The suite and the lessons run in JOBS pytest-xdist workers:
# the browser tests spend most of their time waiting on a kernel or a page, so two workers overlap
# on two cores; each worker has its own JupyterLab, Voila and Chromium, and runs its kernel-side tests
# before its browser tests (tests/browser/conftest.py). A lesson's cells stay on one worker (loadfile).
# build/test-suite.xml keeps each test's seconds: python benchmarks/test_times.py sums them per file.
JOBS ?= 2
XDIST = $(if $(filter-out 0 1,$(JOBS)),-n $(JOBS))

test: test-suite test-lessons

test-browser: $(VENV)/.installed-test
	bash tests/browser/setup_browser.sh

test-suite: $(VENV)/.installed-test $(LAB_OVERRIDES) lite test-browser
	$(PY) -m pytest $(XDIST) --durations=20 --junitxml=build/test-suite.xml

test-lessons: $(VENV)/.installed-test
	$(PY) -m pytest $(NBVAL) $(XDIST) $(if $(XDIST),--dist loadfile)

# Re-execute the lessons at full size and save their outputs (after the renderer or the deal changes).
# The translated lessons too (build them first when the English ones or a catalog changed:
# .venv/bin/python -m domino_widgets.lessons_i18n build).
notebooks: $(VENV)/.installed-notebooks
	cd notebooks && ../$(PY) $(NBCONVERT)
	for lang in $(LESSON_LANGS); do (cd notebooks/$$lang && ../../$(PY) $(NBCONVERT)) || exit 1; done

# A fresh clone's notebooks are untrusted, and Lab would show their saved pictures as text: trust
# the shipped lessons, in every language (this signs them for this user only), then open the start
# notebook (LANG=cs: the Czech one).
lab: $(VENV)/.installed-notebooks $(LAB_OVERRIDES)
	$(LOCALE_ENV) $(VENV)/bin/jupyter trust notebooks/*.ipynb $(wildcard notebooks/*/*.ipynb)
	$(LOCALE_ENV) $(VENV)/bin/jupyter lab $(AS_ROOT) --ServerApp.root_dir=. \
		--LabApp.default_url=/lab/tree/$(call lesson,00_start_here)

app: $(VENV)/.installed-notebooks
	$(LOCALE_ENV) $(VENV)/bin/voila $(call lesson,play)

# A class on one laptop (issue 29): python -m domino_widgets.classroom prints the address students
# type, its QR code and how many students this machine serves; docs/teaching-a-class.md.
PORT ?= 8866
POOL ?=
CULL ?= 120
# games one address may hold at once (3; raise it when the students reach the server through one proxy)
PER_ADDRESS ?=

$(VENV)/.installed-class: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[class]"
	$(call NO_SLOW_IMPORTS,$(PY))
	touch $@ $(VENV)/.installed-notebooks

class: $(VENV)/.installed-class
	$(LOCALE_ENV) $(PY) -m domino_widgets.classroom $(if $(LESSON_LANG),--lang $(LESSON_LANG)) \
		--port $(PORT) $(if $(POOL),--pool $(POOL)) --cull $(CULL) $(if $(PER_ADDRESS),--per-address $(PER_ADDRESS))

# The lessons' exercises as nbgrader assignments (issue 28): one course per language in
# build/assignments/<lang>/ (students' notebooks in release/, the teacher's in source/).
$(VENV)/.installed-assignments: pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e ".[assignments]"
	$(call NO_SLOW_IMPORTS,$(PY))
	touch $@

assignments: $(VENV)/.installed-assignments
	$(PY) -m domino_widgets.assignments build --out build/assignments

# A class strategy contest: make contest VARIANT=all_fives FOLDER=submissions DEALS=1000
# (more options: CONTEST_ARGS="--backend dask" or CONTEST_ARGS="--scheduler tcp://host:8786")
VARIANT ?= all_fives
FOLDER  ?= submissions
DEALS   ?= 1000
CONTEST_ARGS ?=
contest: $(VENV)/.installed-notebooks
	$(PY) -m domino_widgets contest $(VARIANT) $(FOLDER) --deals $(DEALS) $(CONTEST_ARGS)

bench: $(VENV)/.installed-test
	$(PY) benchmarks/playouts.py

# The offline JupyterLite site (issue 14): built clean every time by binder/lite/build.py, in an
# environment of its own (it needs Python >= 3.12, and Node.js, which runs the site's Pyodide to
# compile its bytecode). What does not change from one build to the next is kept for the user, as
# pip keeps its wheels, so a fresh clone on this machine reuses it (issue 43: 2 of CI's 3 minutes of
# the site were that): Pyodide, the wheels and their bytecode (by version and content) and the
# build's environment (one per content of its requirements) in LITE_DOWNLOADS. The build's scratch
# folder and report stay in build/lite-cache. tests/lite serves the site on 127.0.0.1 and plays it in
# Chromium.
LITE_CACHE     := build/lite-cache
LITE_DOWNLOADS ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/domino-widgets/lite
LITE_VENV      := $(LITE_DOWNLOADS)/venv-$(shell cat binder/lite/requirements.txt binder/lite/find_python.sh | sha256sum | cut -c1-12)
LITE_PORT      ?= 8000

$(LITE_VENV)/.installed:
	@py=$$(bash binder/lite/find_python.sh) || exit 1; \
	echo "lite: building the JupyterLite environment with $$py in $(LITE_VENV)"; \
	rm -rf $(LITE_VENV) && "$$py" -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LITE_VENV)/bin/python -m pip install --quiet -r binder/lite/requirements.txt
	$(call NO_SLOW_IMPORTS,$(LITE_VENV)/bin/python)
	touch $@

lite: $(LITE_VENV)/.installed
	$(LITE_VENV)/bin/python binder/lite/build.py --out build/lite --cache $(LITE_CACHE) --downloads $(LITE_DOWNLOADS)

lite-serve: lite
	@echo "lite: http://127.0.0.1:$(LITE_PORT)/lab/index.html?path=00_start_here.ipynb (Ctrl-C stops)"
	$(LITE_VENV)/bin/python -m http.server --bind 127.0.0.1 --directory build/lite $(LITE_PORT)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
