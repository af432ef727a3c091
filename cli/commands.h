#pragma once
// Each subcommand of the gpucosim CLI lives in its own cmd_*.cpp and registers itself on the
// root CLI::App. A command's callback throws InputError (or CLI::Error) on bad input; main()
// prints the message and exits non-zero.
#include <CLI/CLI.hpp>

namespace gpucosim::cli {

void register_trace_command(CLI::App& app);      // trace info | trace gen
void register_workloads_command(CLI::App& app);  // workloads
void register_sram_command(CLI::App& app);       // sram
void register_run_command(CLI::App& app, int* exit_code);  // run (sets the exit code of a finished run)
void register_synth_command(CLI::App& app);      // synth
void register_report_command(CLI::App& app);     // report
void register_blocks_command(CLI::App& app);     // blocks
void register_analyze_command(CLI::App& app);    // analyze cfg | liveness
void register_sweep_command(CLI::App& app, int* exit_code);  // sweep | sweep status | collect | run-point
void register_plot_command(CLI::App& app);       // plot
void register_presets_command(CLI::App& app);    // presets
void register_compare_command(CLI::App& app);    // compare (stats.json beside an Accel-Sim log)

// Usage errors (cli_usage.cpp): an unknown first word is named before CLI11 parses (CLI11 alone
// only says "A subcommand is required"); a parse error becomes "gpucosim: error: ..." with the
// command to ask for help.
void check_command_name(const CLI::App& app, int argc, char** argv);
std::string usage_error_message(const CLI::App& app, const CLI::ParseError& e);

}  // namespace gpucosim::cli
