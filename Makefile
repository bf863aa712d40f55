# Everything sets itself up: a local virtual environment (.venv) and js/node_modules.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
JS_STAMP := js/node_modules/.installed
RL_STAMP := $(VENV)/.rl-installed
LAB_PORT ?= 8888

.PHONY: demo test test-py test-js bench bench-rl rl arena strength lint selfplay clean lite lite-serve test-lite test-lite-built compiled pure
LITE_PORT ?= 8000

# The package (editable) and the dependency group "dev" (tests, linters, the extras' packages) at the
# exact versions of constraints/dev.txt. `--group` needs pip 25.1 or newer: pip is upgraded first.
$(STAMP): pyproject.toml constraints/dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip -c constraints/dev.txt
	$(PY) -m pip install -q -e . --group dev -c constraints/dev.txt
	touch $(STAMP)

## rl: add lesson 08's training packages to .venv (the group rl: stable-baselines3, sb3-contrib, CPU-only torch, about 200 MB)
rl: $(RL_STAMP)

$(RL_STAMP): $(STAMP)
	$(PY) -m pip install -q --group rl -c constraints/dev.txt
	touch $(RL_STAMP)

$(JS_STAMP): js/package.json js/package-lock.json
	cd js && npm ci --no-audit --no-fund --loglevel=error
	touch $(JS_STAMP)

## demo: set up and open the playable notebook in JupyterLab (prints its URL)
demo: $(STAMP)
	ANYWIDGET_HMR=1 $(VENV)/bin/jupyter lab --no-browser --ip=127.0.0.1 --allow-root \
		--port=$(LAB_PORT) --ServerApp.port_retries=50 \
		--ServerApp.root_dir=notebooks --LabApp.default_url=/lab/tree/01_play.ipynb

## test: set up and run every check (lint, JS bundle is current, JS unit tests, Python, notebooks, browser test)
# Two passes: everything that is not timing-sensitive on two workers (pytest-xdist; a file's tests stay on
# one worker, except the lessons of the Otter and Run All tests: tests/conftest.py spreads them and starts
# them first), then the tests marked `serial` (clocks, timeouts, whole front ends) one at a time. The tests of
# the JupyterLite site (tests/lite) are make test-lite's: they would run a second time once site/ is built.
# The lessons run in tests/lessons, each version once (a cell that raises fails, as under nbval): the
# teacher versions in test_views_after_run_all.py and test_lesson08.py, the student ones in test_grading.py.
PYTEST_WORKERS ?= 2
# A browser test that meets Chromium's "Resulting promise was garbage collected" (V8 dropped the promise a
# Playwright evaluate was waiting on; seen once in about ten fresh-clone runs) runs once more on a
# fresh page; any other failure fails at once (pytest-rerunfailures).
BROWSER_FLAKE := --reruns 1 --only-rerun "Resulting promise was garbage collected"
PYTEST_PARALLEL := $(PY) -m pytest $(BROWSER_FLAKE) --durations=20 -n $(PYTEST_WORKERS) --dist loadfile -m "not serial" README.md src tests notebooks
PYTEST_SERIAL := $(PY) -m pytest $(BROWSER_FLAKE) --durations=20 -p no:xdist -m serial --ignore=tests/lite tests

test: $(STAMP) $(JS_STAMP) lint
	cd js && npm run check-bundle
	cd js && npx vitest run
	$(PYTEST_PARALLEL)
	$(PYTEST_SERIAL)

test-py: $(STAMP)
	$(PYTEST_PARALLEL)
	$(PYTEST_SERIAL)

test-js: $(JS_STAMP)
	cd js && npx vitest run

## bench: print the speed and strength figures (engine, widget, browser, bots, arena, class server, environments, the JupyterLite site's time to a board and download; builds site/ if missing)
bench: $(STAMP) $(JS_STAMP)
	$(PY) benchmarks/bench_engine.py
	$(PY) benchmarks/bench_widget.py
	cd js && npx vitest bench --run
	$(PY) benchmarks/bench_browser.py
	$(PY) benchmarks/bench_bots.py $(BENCH_BOTS_ARGS)
	$(PY) benchmarks/bench_search.py $(BENCH_SEARCH_ARGS)
	$(PY) benchmarks/bench_arena.py
	$(PY) benchmarks/bench_server.py
	$(PY) benchmarks/bench_league.py
	$(PY) benchmarks/bench_envs.py
	$(PY) benchmarks/bench_eval.py
	test -f site/jupyter-lite.json || $(MAKE) lite
	$(PY) benchmarks/bench_lite.py --loads 2

## bench-rl: lesson 08's longer run, MaskablePPO for 25 minutes, then 200 games against RandomBot and GreedyBot each
bench-rl: $(RL_STAMP)
	nice $(PY) benchmarks/bench_rl.py --minutes 25 --games 200

## arena: a round robin of the project's bots
arena: $(STAMP)
	$(VENV)/bin/naga-widget arena random greedy ismcts --games 20 --seed 1

## compiled: build the engine's rules as C extensions with mypyc beside their sources (optional; 1.3 to 1.8 times the search's simulations a second, the same decisions; `make pure` removes them)
compiled: $(STAMP)
	$(VENV)/bin/naga-widget compile

pure: $(STAMP)
	$(VENV)/bin/naga-widget compile --remove

## strength: the full tables at 1 s a move: ISMCTS against ismcts-v1 (400 games), GreedyBot and RandomBot (200 each), the clairvoyant search against ISMCTS (200) and OpenSpiel's ISMCTS (40); about 6 hours on 2 cores
STRENGTH_GAMES ?= 200
STRENGTH_DIR ?= strength
strength: $(STAMP)
	$(VENV)/bin/naga-widget arena "ismcts(seconds=1)" "ismcts-v1(seconds=1)" --games 400 --seed 2029 \
		--workers 2 --save $(STRENGTH_DIR)/v1
	$(VENV)/bin/naga-widget arena "ismcts(seconds=1)" greedy --games $(STRENGTH_GAMES) --seed 2026 \
		--workers 2 --save $(STRENGTH_DIR)/greedy
	$(VENV)/bin/naga-widget arena "ismcts(seconds=1)" random --games $(STRENGTH_GAMES) --seed 2027 \
		--workers 2 --save $(STRENGTH_DIR)/random
	$(VENV)/bin/naga-widget arena "clairvoyant-ismcts(seconds=1)" "ismcts(seconds=1)" --games $(STRENGTH_GAMES) \
		--seed 2030 --workers 2 --save $(STRENGTH_DIR)/clairvoyant
	$(VENV)/bin/naga-widget arena "ismcts(seconds=1)" "openspiel=naga_widget.envs:OpenSpielBot(seconds=1)" \
		--games 40 --seed 2028 --workers 2 --save $(STRENGTH_DIR)/openspiel

## selfplay: statistics of random games
selfplay: $(STAMP)
	$(VENV)/bin/naga-widget selfplay --games 200 --seed 1

## lite: build the JupyterLite site in site/ (own venv .venv-lite; Pyodide and every wheel inside)
lite:
	$(PYTHON) lite/build.py

## lite-serve: serve site/ at http://127.0.0.1:$(LITE_PORT)/lab/index.html
lite-serve:
	test -f site/jupyter-lite.json || $(MAKE) lite
	$(PYTHON) lite/serve.py --port $(LITE_PORT)

## test-lite: build the site, play it offline in Chromium, run the engine's tests in Pyodide (Node)
test-lite: $(STAMP) lite
	$(MAKE) test-lite-built

# The same tests on the site already in site/ (.ci/run builds it while the development environment installs).
# A page's kernel (Pyodide) runs on one core: the browser tests run on two workers, each with its own Chromium
# (a test waits minutes for a kernel, it measures no time), and pyodide_tests.mjs runs in two Node processes.
test-lite-built: $(STAMP)
	$(PYTHON) lite/build.py test-wheels
	NAGA_LITE_REQUIRED=1 $(PY) -m pytest $(BROWSER_FLAKE) -p no:cacheprovider --durations=10 -n $(PYTEST_WORKERS) --dist load tests/lite
	NAGA_PYODIDE_JOBS=$(PYTEST_WORKERS) node --experimental-wasm-stack-switching lite/pyodide_tests.mjs

lint: $(STAMP) $(JS_STAMP)
	$(VENV)/bin/ruff check src tests benchmarks lite js/scripts
	$(VENV)/bin/mypy
	cd js && npx prettier --check .

clean:
	rm -rf $(VENV) js/node_modules build dist .pytest_cache test-output site .venv-lite
