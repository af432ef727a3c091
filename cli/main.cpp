// gpucosim command-line entry point: builds the CLI from the registered subcommands, runs the
// chosen one, and turns bad input into "gpucosim: error: file:line: what" with exit code 1.
// Usage errors the argument parser finds (an unknown option or command, a missing argument) are
// printed the same way and exit with 2.
#include <CLI/CLI.hpp>

#include <cstdlib>
#include <exception>
#include <iostream>

#include <systemc>  // declares sc_main with C linkage

#include "cli/commands.h"
#include "kernel/input_error.h"
#include "systemc/gpu/host_heap.h"

namespace {
// SystemC prints its banner from its own main(), before sc_main() runs; it honours this variable.
// A constructor function is the only hook that runs early enough.
__attribute__((constructor)) void quiet_systemc_banner() { setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0); }

// Before any shared library's initialisers (an executable's .preinit_array runs first): the
// process's first megabytes of heap in huge pages (host_heap.h, prefer_huge_page_startup_heap;
// in a sanitizer build it returns at once).
void startup_heap() { gpucosim::prefer_huge_page_startup_heap(); }
__attribute__((section(".preinit_array"), used)) void (*const run_startup_heap)() = startup_heap;
}  // namespace

// libsystemc.so owns main() and calls sc_main(); the CLI is our sc_main. Only `run` elaborates a
// model (once per process, as SystemC requires).
int sc_main(int argc, char** argv) {
  CLI::App app{"gpucosim: an open GPU architecture research platform (SystemC/TLM GPU model, "
               "RTL co-simulation, synthesis and area/power)",
               "gpucosim"};
  app.set_version_flag("--version", std::string("gpucosim ") + GPUCOSIM_VERSION);
  app.require_subcommand(1);
  int exit_code = 0;  // a command's result that is not an error (run: 3 = deadlock)

  gpucosim::cli::register_trace_command(app);
  gpucosim::cli::register_workloads_command(app);
  gpucosim::cli::register_sram_command(app);
  gpucosim::cli::register_run_command(app, &exit_code);
  gpucosim::cli::register_synth_command(app);
  gpucosim::cli::register_report_command(app);
  gpucosim::cli::register_blocks_command(app);
  gpucosim::cli::register_analyze_command(app);
  gpucosim::cli::register_sweep_command(app, &exit_code);
  gpucosim::cli::register_plot_command(app);
  gpucosim::cli::register_presets_command(app);
  gpucosim::cli::register_compare_command(app);

  try {
    gpucosim::cli::check_command_name(app, argc, argv);
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    std::cerr << gpucosim::cli::usage_error_message(app, e) << "\n";
    return 2;
  } catch (const gpucosim::InputError& e) {
    std::cerr << "gpucosim: error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "gpucosim: error: " << e.what() << "\n";
    return 1;
  }
  return exit_code;
}
