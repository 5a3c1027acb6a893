# The two commands of the README: `make run` and `make test`. Both set up what
# is missing first (Debian packages, Go modules), idempotently.

GO ?= go
BIN := bin/tandem

.PHONY: setup build run test lint vet fuzz bench clean

setup:
	@./scripts/setup.sh

build:
	$(GO) build -o $(BIN) ./cmd/tandem

# The main job on built-in defaults: read the bundled examples, solve them
# with z3 and check z3's models with the evaluator, solve the FUZZY-SAT
# example queries by fuzzing, and solve SADHAK's motivating example, whose
# closed box is a C function run as WebAssembly.
# Then a short DIVER campaign against z3 on built-in seeds (one worker and a
# fixed master seed, so each iteration replays), ending with the findings
# summary and the report path.
run: setup build
	./$(BIN) parse examples/*.smt2
	for f in examples/*.smt2; do ./$(BIN) check-model $$f --solver z3 || exit 1; done
	for q in ../shared/corpus/fuzzysat/*.smt2; do ./$(BIN) fuzzysat $$q ../shared/corpus/fuzzysat/zero_seed.bin || exit 1; done
	./$(BIN) solve examples/cb/motivating.smt2 --cb f=examples/cb/mul.c --stats
	rm -rf bin/diver-run
	./$(BIN) diver --solver z3 --budget 45s -m 50 -t 5s -j 1 --seed 1 --out bin/diver-run --log-every 15s; s=$$?; [ $$s -eq 0 ] || [ $$s -eq 10 ]
	./$(BIN) report bin/diver-run

# Lint: formatting, vet, staticcheck (pinned as a tool in go.mod, so setup
# needs nothing more than the module proxy) and a tidy go.mod.
lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt: these files need formatting:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(GO) tool staticcheck ./...
	$(GO) mod tidy -diff

# Then every fuzz target for a few seconds each (scripts/fuzz-ci.sh finds
# them; FUZZTIME each, default 12 s).
test: setup lint
	$(GO) test -count=1 -timeout 20m ./...
	./scripts/fuzz-ci.sh

clean:
	rm -rf bin
