# The two commands of the README: `make run` and `make test`. Both set up what
# is missing first (Debian packages, Go modules), idempotently.

GO ?= go
BIN := bin/tandem

.PHONY: setup build run test vet fuzz bench clean

setup:
	@./scripts/setup.sh

build:
	$(GO) build -o $(BIN) ./cmd/tandem

# The main job on built-in defaults. Until the fuzzers exist, parse and
# type-check the bundled examples and the shared corpus.
run: setup build
	./$(BIN) parse examples/*.smt2

test: setup
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 20m ./...

clean:
	rm -rf bin
