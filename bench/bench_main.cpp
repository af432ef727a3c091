// gpucosim-bench: one executable for all benchmarks, picked by the first argument.
//   gpucosim-bench                      lists the benchmarks
//   gpucosim-bench trace-reader [...]   runs one (its own options follow)
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <systemc>  // declares sc_main with C linkage

int bench_trace_reader(int argc, char** argv);
int bench_sim_rate(int argc, char** argv);
int bench_cosim_cost(int argc, char** argv);
int bench_warppool_results(int argc, char** argv);
int bench_sram_accuracy(int argc, char** argv);
int bench_synth_time(int argc, char** argv);
int bench_accelsim_speed(int argc, char** argv);
int bench_regless_results(int argc, char** argv);
int bench_multitasking_results(int argc, char** argv);

namespace {

struct Bench {
  const char* name;
  int (*run)(int argc, char** argv);
  const char* what;
};

// Add new benchmarks here.
constexpr Bench kBenches[] = {
    {"trace-reader", bench_trace_reader,
     "write a >= 1 GB synthetic .traceg, stream it back; MB/s, warp insts/s, peak RSS "
     "[--size-gb N] [--dir D] [--keep]"},
    {"sim-rate", bench_sim_rate,
     "whole-GPU simulation rate (warp insts/s, cycles/s) on vecadd, transpose_naive, spmv_csr, gemm_naive "
     "[--config P] [--min-seconds S] [--only W] [--set K=V]..."},
    {"cosim-cost", bench_cosim_cost,
     "whole-GPU rate with warppool off / tlm / rtl / lockstep; rtl <= 3x tlm [--workload SPEC] [--config P] [--repeat N]"},
    {"warppool-results", bench_warppool_results,
     "run the sweep bench/sweeps/warppool-results.yaml (seed 000's WarpPool results on GTX480), write "
     "docs/results/warppool.md [--out FILE] [--quick] [--sweep FILE] [--from DIR | --sweep-out DIR] [-j N]"},
    {"regless-results", bench_regless_results,
     "run the sweep bench/sweeps/regless-results.yaml (seed 000's RegLess results on GTX980), write "
     "docs/results/regless.md [--out FILE] [--quick] [--sweep FILE] [--from DIR | --sweep-out DIR] [-j N]"},
    {"multitasking-results", bench_multitasking_results,
     "built-in kernel mixes under FCFS, NPQ, PPQ and DSS with context switch and draining (seed 003's trends on "
     "TANASIC-T51 with 4 SMs), write docs/results/multitasking.md [--out FILE] [--quick] [-j N] [--config P] [--sms N]"},
    {"sram-accuracy", bench_sram_accuracy,
     "SRAM model vs CACTI 7.0 on the held-out split of cacti7_train.csv, by part of the space [--csv P] [--split S] [--rows] [--fit]"},
    {"synth-time", bench_synth_time,
     "`gpucosim synth` of every rtl/*/block.json at its defaults: wall and tool CPU time per block (<= 10 min) [--block B] [--flat]"},
    {"accelsim-speed", bench_accelsim_speed,
     "Accel-Sim's reference traces with its configs: our wall time and warp insts/s beside its recorded wall time, "
     ">= 200x; transpose/spmv >= 300 K warp insts/s [--shared DIR] [--repeat N] [--keep]"},
};

int list(const char* self) {
  std::printf("usage: %s <benchmark> [options]\nbenchmarks:\n", self);
  for (const Bench& b : kBenches) std::printf("  %-14s %s\n", b.name, b.what);
  return 0;
}

}  // namespace

// SystemC prints its banner from its own main(), before sc_main() runs; it honours this variable
// (as the CLI, cli/main.cpp).
__attribute__((constructor)) static void quiet_systemc_banner() {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
}

// libsystemc.so owns main() and calls sc_main(), as for the CLI and the test runners. A main() of
// our own linked only by luck: libsystemc.so's main() still needs an sc_main, and the linker
// reports that as undefined once a sanitizer's runtime is linked in (the ASan build).
int sc_main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) return list(argv[0]);
  for (const Bench& b : kBenches)
    if (!std::strcmp(argv[1], b.name)) return b.run(argc - 1, argv + 1);
  std::fprintf(stderr, "unknown benchmark '%s'\n", argv[1]);
  list(argv[0]);
  return 2;
}
