# The two commands of the README. Each installs what is missing, builds, then runs.
#   make demo   - the main job on the embedded default workload
#   make test   - the whole test suite (unit tests, RTL testbenches, bounded fuzzing)
JOBS ?= $(shell nproc)
BUILD := build/release
# Optional package groups of scripts/install-deps that `make test` installs too, so its tests run
# for real rather than skip: a single-node Slurm (the sweep backend's test) and rsvg-convert (PNG plots).
TEST_OPTIONAL_DEPS ?= slurm plots

.PHONY: demo test test-deps deps build build-asan test-asan fuzz bench clean

deps:
	@scripts/install-deps

build: deps
	@cmake --preset release >/dev/null
	@cmake --build --preset release -j $(JOBS)

demo: build
	@scripts/demo

test-deps:
	@GPUCOSIM_OPTIONAL_DEPS="$(TEST_OPTIONAL_DEPS)" scripts/install-deps

test: test-deps build
	@cd $(BUILD) && ctest -j $(JOBS) --output-on-failure
	@$(MAKE) --no-print-directory fuzz

# Bounded libFuzzer runs of the trace reader and the configuration parser (clang build of its own).
fuzz: deps
	@cmake --preset fuzz >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)
	@cd build/fuzz && ctest -j $(JOBS) --output-on-failure

build-asan: deps
	@cmake --preset asan >/dev/null
	@cmake --build --preset asan -j $(JOBS)

test-asan: build-asan
	@cd build/asan && ctest -j $(JOBS) --output-on-failure

bench: build
	@$(BUILD)/bench/gpucosim-bench

clean:
	rm -rf build
