# Whole events, fuzzing, load and benchmarks (tests and the server: scripts/test.sh, scripts/serve.sh).
PY := .venv/bin/python
PIP := .venv/bin/pip
AWS_ENV := AWS_ACCESS_KEY_ID=testing AWS_SECRET_ACCESS_KEY=testing AWS_DEFAULT_REGION=us-east-1 \
           AWS_ACCOUNT_ID_ENDPOINT_MODE=disabled
PYTEST := $(AWS_ENV) $(PY) -m pytest -q -p no:cacheprovider

.PHONY: demo load fuzz bench e2e e2e-slow tools

tools:
	@bash scripts/bootstrap.sh
	@$(PY) -c "import schemathesis, openapi_python_client" 2>/dev/null || \
	  $(PIP) install --quiet --disable-pip-version-check "schemathesis>=4,<5" "openapi-python-client>=0.29,<0.30"

# Every whole event against a fresh local server over HTTP, then a federation's season (demo/season, its
# numbers checked against the rules); URL=http://127.0.0.1:8000 ADMIN_KEY=... to use a running one;
# STORE=dynamodb: the deployed shape (python -m devserver: DynamoDB on moto, stream projection), views checked against a rebuild.
demo:
	@bash scripts/bootstrap.sh
	$(PY) -m demo $(if $(URL),--url $(URL) --admin-key $(ADMIN_KEY)) $(if $(STORE),--store $(STORE)) $(if $(KEEP),--keep $(KEEP))

# The whole events in-process, the live generated client, the faults (the CI share).
e2e: tools
	$(PYTEST) tests/e2e tests/client tests/faults

# The same plus the slow tests (the demo over real HTTP).
e2e-slow: tools
	PODIUM_SLOW=1 $(PYTEST) tests/e2e tests/client tests/faults

# Schemathesis and hostile HTTP against a live local server from openapi.yaml, on SQLite and on
# DynamoDB (moto, stream projection) (10 examples per operation and mode; CI runs 1 on both;
# FUZZ_EXAMPLES=..., FUZZ_STORES=sqlite or dynamodb).
fuzz: tools
	PODIUM_FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-10} PODIUM_FUZZ_STORES=$${FUZZ_STORES:-sqlite,dynamodb} \
	  $(PYTEST) -s tests/fuzz

# 500 players drafting in 63 pods and reporting results over loopback HTTP; figures and checks.
load:
	@bash scripts/bootstrap.sh
	$(PY) -m bench load $(LOAD_ARGS)

# Every benchmark in bench/ (foundation, draft, swiss, tables, load, ...), one after the other;
# the exit status is the first failure's.
bench:
	@bash scripts/bootstrap.sh
	@status=0; for f in bench/[a-z]*.py; do b=$$(basename $$f .py); \
	  echo "== python -m bench $$b"; $(AWS_ENV) $(PY) -m bench $$b || { rc=$$?; [ $$status -ne 0 ] || status=$$rc; }; \
	done; exit $$status
