# Whole events, fuzzing, load and benchmarks (tests and the server: scripts/test.sh, scripts/serve.sh).
PY := .venv/bin/python
PIP := .venv/bin/pip
AWS_ENV := AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing AWS_DEFAULT_REGION=us-east-1 \
           AWS_ACCOUNT_ID_ENDPOINT_MODE=disabled
PYTEST := $(AWS_ENV) $(PY) -m pytest -q -p no:cacheprovider

.PHONY: demo load fuzz bench e2e faults client tools

tools:
	@bash scripts/bootstrap.sh
	@$(PY) -c "import schemathesis, openapi_python_client" 2>/dev/null || \
	  $(PIP) install --quiet --disable-pip-version-check "schemathesis>=4,<5" "openapi-python-client>=0.29,<0.30"

# Every whole event against a fresh local server over HTTP; URL=http://127.0.0.1:8000 ADMIN_KEY=... to use a running one.
demo:
	@bash scripts/bootstrap.sh
	$(PY) -m demo $(if $(URL),--url $(URL) --admin-key $(ADMIN_KEY))

# The whole events in-process, the live generated client, the faults (the CI share).
e2e: tools
	$(PYTEST) tests/e2e tests/client tests/faults

# Schemathesis against a live local server from openapi.yaml (longer than the CI run: FUZZ_EXAMPLES=...).
fuzz: tools
	PODIUM_FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-25} PODIUM_SLOW=1 $(PYTEST) tests/fuzz

# 500 players drafting in 63 pods and reporting results over loopback HTTP; figures and checks.
load:
	@bash scripts/bootstrap.sh
	$(PY) -m bench load $(LOAD_ARGS)

# Every benchmark in bench/ (foundation, draft, swiss, tables, load ...), one after the other.
bench:
	@bash scripts/bootstrap.sh
	@for b in foundation draft swiss tables load; do \
	  [ -f bench/$$b.py ] || continue; echo "== python -m bench $$b"; $(AWS_ENV) $(PY) -m bench $$b || exit 1; done
