# The two commands of the README. Each installs what is missing, builds, then runs.
#   make demo   - the main job on the embedded default workload
#   make test   - the whole test suite (unit tests, RTL testbenches, bounded fuzzing)
JOBS ?= $(shell nproc)
BUILD := build/release

.PHONY: demo test deps build build-asan test-asan fuzz bench clean

deps:
	@scripts/install-deps

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)

demo: build
	@scripts/demo

test: build
	@cd $(BUILD) && ctest -j $(JOBS) --output-on-failure
	@$(MAKE) --no-print-directory fuzz

# Bounded libFuzzer run of the trace reader (clang build of its own).
fuzz: deps
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)
	@cd build/fuzz && ctest --output-on-failure

build-asan: deps
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)

test-asan: build-asan
	@cd build/asan && ctest -j $(JOBS) --output-on-failure

bench: build
	@$(BUILD)/bench/gpucosim-bench

clean:
	rm -rf build
