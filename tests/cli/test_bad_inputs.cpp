// Inputs of every class through the command line: each is used as meant or rejected with
// "gpucosim: error: <file:line or option>: ... expected ...", exit 1 (2 for usage errors), and
// never a run that reports success after doing something else than asked. One table per class.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/resource.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/support/test_paths.h"

namespace gpucosim {
namespace {

namespace fs = std::filesystem;

nlohmann::json read_json(const std::string& path) {
  std::ifstream f(path);
  return f ? nlohmann::json::parse(f, nullptr, false) : nlohmann::json();
}

// A one-block, one-warp kernel trace.
const std::string kTrace =
    "-kernel name = k\n-kernel id = 1\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-nregs = 8\n"
    "-binary version = 80\n-accelsim tracer version = 5\n\n#traces format = x\n\n"
    "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
    "0000 ffffffff 1 R1 MOV 0 0 0\n0010 ffffffff 0 EXIT 0 0 0\n#END_TB\n";

struct Case {
  const char* name;
  std::string args;    // after "gpucosim"; "@" is the scratch folder
  int exit_code;
  std::string expect;  // must appear in the output
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

std::string expand(std::string s, const std::string& dir) {
  for (size_t at; (at = s.find('@')) != std::string::npos;) s.replace(at, 1, dir);
  return s;
}

// The scratch folder for the input tables: a list whose kernel line is ./k.traceg, one with an
// absolute path, a kernel trace under another name, a list of garbage, a binary list, a list
// naming itself, a trace with fewer blocks than its grid and one with a block without warps.
std::string make_inputs() {
  const std::string d = test::scratch_dir();
  test::write_text(d + "/k.traceg", kTrace);
  test::write_text(d + "/kernel-1.txt", kTrace);
  test::write_text(d + "/dot.g", "MemcpyHtoD,0x10000,4096\n./k.traceg\n");
  test::write_text(d + "/abs.g", d + "/k.traceg\n");
  test::write_text(d + "/garbage.g", "this is not\na kernel list\n");
  test::write_text(d + "/binary.g", std::string("\x7f" "ELF\x02\x01\x01\0\0\0\0\0", 12));
  test::write_text(d + "/self.g", "./self.g\n");
  test::write_text(d + "/none.g", "MemcpyHtoD,0x10000,4096\n");
  std::string fewer = kTrace;
  fewer.replace(fewer.find("(1,1,1)"), 7, "(4,1,1)");
  test::write_text(d + "/fewer.traceg", fewer);
  // CUDA's largest grid with one block in the body: its bookkeeping was sized by the grid (a bit
  // per block, 1 GB, seconds) before the body showed what it holds.
  std::string widest = kTrace;
  widest.replace(widest.find("(1,1,1)"), 7, "(2147483647,65535,65535)");
  test::write_text(d + "/widest.traceg", widest);
  std::string beyond = kTrace;
  beyond.replace(beyond.find("(1,1,1)"), 7, "(4294967295,65535,65535)");
  test::write_text(d + "/beyond.traceg", beyond);
  // Four blocks of a grid of five: the error comes when the fifth is fetched, after the others ran.
  std::string late = kTrace.substr(0, kTrace.find("#BEGIN_TB"));
  late.replace(late.find("(1,1,1)"), 7, "(5,1,1)");
  for (int b = 0; b < 4; ++b) {
    std::string block = kTrace.substr(kTrace.find("#BEGIN_TB"));
    block.replace(block.find("0,0,0"), 5, std::to_string(b) + ",0,0");
    late += block;
  }
  test::write_text(d + "/late.traceg", late);
  std::string nowarps = kTrace;
  nowarps.replace(nowarps.find("warp = 0"), nowarps.find("#END_TB") - nowarps.find("warp = 0"), "");
  test::write_text(d + "/nowarps.traceg", nowarps);
  std::string short_block = kTrace;
  short_block.replace(short_block.find("(32,1,1)"), 8, "(64,1,1)");
  test::write_text(d + "/short.traceg", short_block);
  fs::create_directories(d + "/folder");
  // Run files (docs/multitasking.md): a good one in each format (its trace relative to the
  // file), and one bad JSON file per error, each error on a line of its own.
  test::write_text(d + "/ok.json",
                   "{\"applications\": [\n  {\"workload\": \"vecadd\", \"params\": {\"n\": 64}, \"repeat\": 2},\n"
                   "  {\"trace\": \"dot.g\", \"start\": 10}\n]}\n");
  test::write_text(d + "/ok.toml",
                   "# two applications\n[[application]]\nworkload = \"vecadd\"\nparams = { n = 64 }\n\n"
                   "[[application]]\ntrace = \"dot.g\"  # beside this file\nstart = 1_000\n");
  auto bad_json = [&](const std::string& name, const std::string& entry) {
    test::write_text(d + "/" + name, "{\n  \"applications\": [\n    {\n      \"workload\": \"vecadd\",\n" + entry + "\n    }\n  ]\n}\n");
  };
  test::write_text(d + "/nokind.json", "{\"applications\": [\n  {\"start\": 5}\n]}\n");
  bad_json("type.json", "      \"repeat\": \"2\"");
  bad_json("unknownkey.json", "      \"colour\": 1");
  bad_json("float.json", "      \"start\": 1.5");
  bad_json("param.json", "      \"params\": {\n        \"n\": 0\n      }");  // n on line 6
  bad_json("twice.json", "      \"start\": 1,\n      \"start\": 2");
  bad_json("repeat0.json", "      \"repeat\": 0");
  test::write_text(d + "/unknownwl.json", "{\"applications\": [\n  {\"workload\": \"vecad\"}\n]}\n");
  test::write_text(d + "/syntax.json", "{\"applications\": [\n  {\"workload\": \"vecadd\",}\n]}\n");
  test::write_text(d + "/empty.json", "{\"applications\": []}\n");
  test::write_text(d + "/toplevel.json", "{\"apps\": []}\n");
  test::write_text(d + "/noeq.toml", "[[application]]\nworkload \"vecadd\"\n");
  test::write_text(d + "/array.toml", "[[application]]\nworkload = \"vecadd\"\nrepeat = [2]\n");
  test::write_text(d + "/orphan.toml", "workload = \"vecadd\"\n[[application]]\n");
  test::write_text(d + "/tokens.toml", "[[application]]\nworkload = \"vecadd\"\nparams = { n = 64 }\ntokens = 5\n");
  test::write_text(d + "/bool.toml", "[[application]]\nworkload = \"vecadd\"\nparams = { n = true }\n");
  test::write_text(d + "/run.yaml", "applications: []\n");
  // A named pipe with no writer: opening it to read waits for ever.
  ::mkfifo((d + "/pipe.traceg").c_str(), 0600);
  test::write_text(d + "/pipe.g", "./pipe.traceg\n");
  std::string latin1 = kTrace;
  latin1.insert(latin1.find('\n'), "\xFF");  // the kernel name's line
  test::write_text(d + "/latin1.traceg", latin1);
  // Blocks that no SM of the default GPU holds: the trace's own line is named.
  std::string regs = kTrace, shmem = kTrace;
  regs.replace(regs.find("-nregs = 8"), 10, "-nregs = 100000");
  shmem.replace(shmem.find("-shmem = 0"), 10, "-shmem = 1000000");
  test::write_text(d + "/regs.traceg", regs);
  test::write_text(d + "/huge-number.json", "{\"applications\": [\n  {\"workload\": \"vecadd\", \"start\": 1e400}\n]}\n");
  test::write_text(d + "/solo-twice.json", "{\"vecadd\": 100,\n \"vecadd\": 200}\n");
  test::write_text(d + "/solo-cut.json", "{\"vecadd\": 100,\n");
  test::write_text(d + "/solo-huge.json", "{\"vecadd\": 1e400}\n");
  test::write_text(d + "/shmem.traceg", shmem);
  return d;
}

class cli_inputs : public ::testing::TestWithParam<Case> {};

TEST_P(cli_inputs, UsedAsMeantOrRejected) {
  const Case& c = GetParam();
  const std::string dir = make_inputs();
  const bool run = c.args.rfind("run ", 0) == 0;
  const auto r = test::run_gpucosim(expand(c.args, dir) + (run ? " --out " + dir + "/out" : ""));
  EXPECT_EQ(r.exit_code, c.exit_code) << r.output;
  EXPECT_NE(r.output.find(expand(c.expect, dir)), std::string::npos) << r.output;
  if (c.exit_code == 1) {
    EXPECT_NE(r.output.find("gpucosim: error: "), std::string::npos) << r.output;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, cli_inputs,
    ::testing::Values(
        // Traces and kernel lists: the right kernels run, or the line is named.
        Case{"DotSlashKernelLine", "run --trace @/dot.g --quiet --json", 0, ""},
        Case{"AbsoluteKernelLine", "run --trace @/abs.g", 0, "gpu_tot_sim_kernels = 1"},
        Case{"KernelTraceUnderAnotherName", "run --trace @/kernel-1.txt", 0, "gpu_tot_sim_kernels = 1"},
        Case{"GarbageList", "run --trace @/garbage.g", 1, "@/garbage.g:1: unexpected 'this is not'"},
        Case{"BinaryList", "run --trace @/binary.g", 1, "@/binary.g: binary data"},
        Case{"ListNamingItself", "run --trace @/self.g", 1, "@/self.g:1: the list names itself"},
        Case{"ListWithoutKernels", "run --trace @/none.g", 1, "@/none.g: no kernel launch"},
        Case{"FolderAsTrace", "run --trace @/folder", 1, "is a folder"},
        Case{"FewerBlocksThanGrid", "run --trace @/fewer.traceg", 1, "the grid (4,1,1) has 4"},
        Case{"BlockWithoutWarps", "run --trace @/nowarps.traceg", 1, "has 0 warp(s): expected the 1"},
        Case{"BlockMissingAWarp", "run --trace @/short.traceg", 1, "has 1 warp(s): expected the 2"},
        Case{"TraceInfoToo", "trace info @/fewer.traceg", 1, "the grid (4,1,1) has 4"},
        // Several applications (docs/multitasking.md): traces keep their addresses, so two
        // whose ranges overlap cannot run together; both are named.
        Case{"OverlappingTraces", "run --trace @/dot.g --trace @/abs.g --trace @/dot.g", 1,
             "application 3 (@/dot.g): its address range [0x10000, 0x11000) (the hull of its memcpy commands) "
             "overlaps [0x10000, 0x11000) of application 1 (@/dot.g)"},
        Case{"TraceBesideWorkload", "run --trace @/dot.g --workload vecadd:n=64", 0, "application = 2 (vecadd:n=64)"},
        // Run files: many applications with the fields of --workload and --trace, in any mix with
        // them; every error names the file and line.
        Case{"RunFileJson", "run --workload vecadd:n=32 --run-file @/ok.json", 0, "application = 3 (@/dot.g)"},
        Case{"RunFileToml", "run --run-file @/ok.toml --workload vecadd:n=32", 0, "application = 2 (@/dot.g)"},
        Case{"RunFileMissingKey", "run --run-file @/nokind.json", 1,
             "@/nokind.json:2: application 1 has no \"workload\" or \"trace\" key"},
        Case{"RunFileWrongType", "run --run-file @/type.json", 1,
             "@/type.json:5: \"repeat\" of application 1 must be an integer, got a string"},
        Case{"RunFileNotAnInteger", "run --run-file @/float.json", 1,
             "@/float.json:5: \"start\" of application 1 must be an integer, got the number 1.5"},
        Case{"RunFileUnknownKey", "run --run-file @/unknownkey.json", 1,
             "@/unknownkey.json:5: unknown key \"colour\" in application 1: expected workload, trace, params"},
        Case{"RunFileUnknownWorkload", "run --run-file @/unknownwl.json", 1,
             "@/unknownwl.json:2: unknown workload 'vecad'; expected one of: vecadd"},
        Case{"RunFileBadParam", "run --run-file @/param.json", 1,
             "@/param.json:6: params: parameter 'n' of workload vecadd = 0 is out of range"},
        Case{"RunFileKeyTwice", "run --run-file @/twice.json", 1, "@/twice.json:6: key \"start\" given twice"},
        Case{"RunFileBadOptionValue", "run --run-file @/repeat0.json", 1,
             "@/repeat0.json:5: \"repeat\" of application 1: expected an integer in 1..1000000, got '0'"},  // the key's line
        Case{"RunFileOptionThePolicyIgnores", "run --run-file @/tokens.toml", 1,
             "@/tokens.toml:4: tokens=5: the scheduling policy (-gpucosim_sched_policy) does not use tokens"},
        Case{"RunFileSyntax", "run --run-file @/syntax.json", 1, "@/syntax.json:2: not JSON: syntax error"},
        Case{"RunFileNoApplications", "run --run-file @/empty.json", 1, "@/empty.json: no applications"},
        Case{"RunFileTopLevel", "run --run-file @/toplevel.json", 1, "@/toplevel.json:1: unknown key \"apps\""},
        Case{"RunFileMissing", "run --run-file @/nothere.json", 1, "@/nothere.json: cannot open the --run-file"},
        Case{"RunFileTomlNoEquals", "run --run-file @/noeq.toml", 1, "@/noeq.toml:2: expected '=' after \"workload\""},
        Case{"RunFileTomlArray", "run --run-file @/array.toml", 1, "@/array.toml:3: arrays are not part of the run-file TOML"},
        Case{"RunFileTomlOrphanKey", "run --run-file @/orphan.toml", 1,
             "@/orphan.toml:1: key \"workload\" before the first [[application]]"},
        Case{"RunFileTomlBoolParam", "run --run-file @/bool.toml", 1,
             "@/bool.toml:3: parameter \"n\" of workload vecadd must be an integer, got a boolean"},
        Case{"RunFileOtherType", "run --run-file @/run.yaml", 1, "unknown run-file type '.yaml': expected a .json or .toml"},
        // Configuration files.
        Case{"FolderAsConfig", "run --workload vecadd --config @/folder", 1, "@/folder: is a folder"},
        Case{"PipeAsConfig", "run --workload vecadd --config @/pipe.traceg", 1, "@/pipe.traceg: is not a regular file"},
        Case{"PipeInKernelList", "run --trace @/pipe.g", 1, "@/pipe.g:1: './pipe.traceg' (@/./pipe.traceg) is a pipe"},
        Case{"PipeAsTrace", "trace info @/pipe.traceg", 1, "is a pipe, socket or device"},
        Case{"KernelNameNotText", "run --trace @/latin1.traceg", 1, "latin1.traceg:1: -kernel name: byte 0xFF at offset"},
        Case{"TraceGenIntoAFile", "trace gen vecadd --out @/k.traceg", 1, "@/k.traceg: --out: cannot create the folder"},
        Case{"StatsJsonEmpty", "run --workload vecadd --stats-json ''", 2, "--stats-json: expected a file path"},
        Case{"RegistersDoNotFit", "run --trace @/regs.traceg", 1, "@/regs.traceg:6: kernel 1 (k): a thread block of 32 threads, 100000 registers"},
        Case{"SharedMemoryDoesNotFit", "run --trace @/shmem.traceg", 1, "@/shmem.traceg:5: kernel 1 (k)"},
        Case{"RunFileIsADevice", "run --run-file /dev/zero", 1, "/dev/zero: is not a regular file"},
        Case{"RunFileNumberPastADouble", "run --run-file @/huge-number.json", 1, "a number beyond the range of a double"},
        Case{"SoloBaselinesTwice", "run --workload vecadd --solo-baselines @/solo-twice.json", 1,
             "@/solo-twice.json: application 'vecadd' is given twice"},
        Case{"SoloBaselinesCut", "run --workload vecadd --solo-baselines @/solo-cut.json", 1,
             "@/solo-cut.json:2: not JSON: syntax error"},
        Case{"SoloBaselinesHuge", "run --workload vecadd --solo-baselines @/solo-huge.json", 1,
             "@/solo-huge.json: a number beyond the range of a double"},
        Case{"WorkloadTrailingComma", "run --workload vecadd:n=64,", 1, "--workload: 'vecadd:n=64,': an empty parameter"},
        Case{"WorkloadNothingAfterColon", "run --workload vecadd:", 1, "nothing after ':'"},
        Case{"ConfigTypo", "run --workload vecadd --set gpgpu_n_clsuters=4", 1, "did you mean -gpgpu_n_clusters"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// Numeric options: checked when parsed, the same way on the command line and in --set; nothing
// wraps, nothing silently falls back to a default.
class cli_numbers : public ::testing::TestWithParam<Case> {};

TEST_P(cli_numbers, RangeCheckedAtParseTime) {
  const Case& c = GetParam();
  const std::string dir = test::scratch_dir();
  const auto r = test::run_gpucosim(c.args);
  EXPECT_EQ(r.exit_code, c.exit_code) << r.output;
  EXPECT_NE(r.output.find(c.expect), std::string::npos) << r.output;
  EXPECT_EQ(r.output.rfind("gpucosim: error: ", 0), 0u) << "the error comes first:\n" << r.output;
  EXPECT_FALSE(fs::exists("gpucosim-out/never")) << "nothing was written";
}

INSTANTIATE_TEST_SUITE_P(
    Table, cli_numbers,
    ::testing::Values(
        Case{"MaxCyclesNegative", "run --workload vecadd --max-cycles -5 --out gpucosim-out/never", 1,
             "--max-cycles: expected an unsigned integer, got '-5'"},
        Case{"MaxCyclesSetNegative", "run --workload vecadd --set gpgpu_max_cycle=-5 --out gpucosim-out/never", 1,
             "-gpgpu_max_cycle: expected an unsigned integer, got '-5'"},
        Case{"MaxCyclesTooLarge", "run --workload vecadd --max-cycles 99999999999999999999 --out gpucosim-out/never", 1,
             "--max-cycles: expected an unsigned integer (too large)"},
        Case{"EnergyNodeOutsideTheModel", "run --workload vecadd --energy --energy-node 10 --out gpucosim-out/never", 1,
             "--energy-node: expected a number in [16, 180], got '10'"},
        Case{"MemoryLimitNotBytes", "run --workload vecadd --memory-limit lots --out gpucosim-out/never", 1,
             "--memory-limit: expected a byte count"},
        Case{"BinaryVersionNegative", "run --workload vecadd --binary-version -1 --out gpucosim-out/never", 1,
             "--binary-version: expected an unsigned integer"},
        Case{"SynthClockZero", "synth tests/synth/fixtures/fifo_sram --clock-ns 0 --out gpucosim-out/never", 1,
             "--clock-ns: expected a number in (0, 1e+06] ns, got '0'"},
        Case{"SynthClockNegative", "synth tests/synth/fixtures/fifo_sram --clock-ns -5 --out gpucosim-out/never", 1,
             "--clock-ns: expected a number in (0, 1e+06] ns, got '-5'"},
        Case{"SynthNodeZero", "synth tests/synth/fixtures/fifo_sram --node 0 --out gpucosim-out/never", 1,
             "--node: expected a number in [5, 1000] nm, got '0'"},
        Case{"ClockAbsurd", "run --workload vecadd --set gpgpu_clock_domains=1e9:700:700:924 --out gpucosim-out/never", 1,
             "at most 100000"},
        Case{"LatencyAbsurd", "run --workload vecadd --set ptx_opcode_latency_sfu=2147483648 --out gpucosim-out/never", 1,
             "-ptx_opcode_latency_sfu 2147483648: expected a latency of at most 1048576 cycles"},
        Case{"TooManyWarps", "run --workload vecadd --set gpgpu_shader_core_pipeline=4096:32 --out gpucosim-out/never", 1,
             "at most 64 warps per SM"},
        // The DRAM address mapping, parsed by the memory model: named at the option's origin.
        Case{"AddressMappingLineAcrossChannels", "run --workload vecadd --set 'gpgpu_mem_addr_mapping=dramid@99;"
             "0000RRRRRRRRRRRRRBBBCCCBCCCSSSSS' --out gpucosim-out/never", 1,
             "--set: -gpgpu_mem_addr_mapping dramid@99;0000RRRRRRRRRRRRRBBBCCCBCCCSSSSS: dramid@99: a 128-byte line"},
        Case{"SubPartitionsNotAPowerOfTwo", "run --workload vecadd --set gpgpu_n_sub_partition_per_mchannel=3 --out "
             "gpucosim-out/never", 1, "--set: -gpgpu_n_sub_partition_per_mchannel 3: "},
        // Values that size per-cycle work: once accepted, each ran for ever or ended in a deadlock.
        Case{"BlockLaunchLatencyAbsurd", "run --workload vecadd --set gpgpu_TB_launch_latency=4000000000 --out gpucosim-out/never",
             1, "-gpgpu_TB_launch_latency 4000000000: expected a latency of at most 1048576 cycles"},
        Case{"ClockDomainsFarApart", "run --workload vecadd --set gpgpu_clock_domains=100000:0.01:0.01:0.01 --out gpucosim-out/never",
             1, "expected clock domains within a factor of 1000 of each other"},
        Case{"DramTimingAbsurd", "run --workload vecadd --set gpgpu_dram_timing_opt=nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:"
             "RC=40:CL=4000000000:WL=4:CDLR=5:WR=12:nbkgrp=4:CCDL=3:RTPL=2 --out gpucosim-out/never", 1,
             "expected every timing parameter at most 1048576 DRAM clocks"},
        Case{"DramBurstAbsurd", "run --workload vecadd --set gpgpu_dram_burst_length=4000000000 --out gpucosim-out/never", 1,
             "-gpgpu_dram_burst_length 4000000000: expected a burst of at most 64 beats"},
        Case{"SpecialisedUnitsAbsurd", "run --workload vecadd --config QV100 --set specialized_unit_1=1,5000000,4,4,4,BRA "
             "--out gpucosim-out/never", 1, "-specialized_unit_1: expected at most 64 units per SM, got 5000000"},
        Case{"SpUnitsAbsurd", "run --workload vecadd --set gpgpu_num_sp_units=5000000 --out gpucosim-out/never", 1,
             "-gpgpu_num_sp_units: expected an integer from 1 to 64 (units per SM)"},
        Case{"CollectorUnitsAbsurd", "run --workload vecadd --set gpgpu_operand_collector_num_units_gen=4000000000 "
             "--out gpucosim-out/never", 1, "-gpgpu_operand_collector_num_units_gen: expected an integer from 0 to 1024"},
        Case{"ConcurrentKernelsAbsurd", "run --workload vecadd --set gpgpu_max_concurrent_kernel=30000000 --out gpucosim-out/never",
             1, "-gpgpu_max_concurrent_kernel: expected an integer from 1 to 1024"},
        // Per-application options of a multiprogrammed run (docs/multitasking.md).
        Case{"AppOptionUnknown", "run --workload vecadd --workload vecadd@prio=1 --out gpucosim-out/never", 1,
             "--workload vecadd@prio=1: unknown application option 'prio': expected priority, tokens, start or repeat"},
        Case{"AppPriorityNotANumber", "run --workload vecadd@priority=high --out gpucosim-out/never", 1,
             "--workload vecadd@priority=high: priority: expected an unsigned integer, got 'high'"},
        Case{"AppPriorityWithoutPolicy", "run --workload vecadd@priority=2 --out gpucosim-out/never", 1,
             "--workload vecadd@priority=2: priority=2: the scheduling policy (-gpucosim_sched_policy) does not use "
             "priorities; expected npq, ppq or ppq_shared"},
        Case{"AppTokensWithoutPolicy", "run --workload vecadd@tokens=4 --set gpucosim_sched_policy=ppq --out "
             "gpucosim-out/never", 1,
             "--workload vecadd@tokens=4: tokens=4: the scheduling policy (-gpucosim_sched_policy) does not use tokens; "
             "expected dss"},
        Case{"SchedPolicyUnknown", "run --workload vecadd --set gpucosim_sched_policy=edf --out gpucosim-out/never", 1,
             "-gpucosim_sched_policy: expected fcfs, npq, ppq, ppq_shared or dss, got 'edf'"},
        Case{"PreemptionUnknown", "run --workload vecadd --set gpucosim_preemption=kill --out gpucosim-out/never", 1,
             "-gpucosim_preemption: expected context_switch or drain, got 'kill'"},
        Case{"StartBeyondTheClock", "run --workload vecadd:n=256@start=4611686018427387904 --out gpucosim-out/never", 1,
             "workload vecadd:n=256: start=4611686018427387904 is beyond the"},
        Case{"AppRepeatZero", "run --workload vecadd@repeat=0 --out gpucosim-out/never", 1,
             "--workload vecadd@repeat=0: repeat: expected an integer in 1..1000000, got '0'"},
        Case{"AppStartNegative", "run --workload vecadd@start=-3 --out gpucosim-out/never", 1,
             "--workload vecadd@start=-3: start: expected an unsigned integer, got '-3'"},
        Case{"AppOptionsEmpty", "run --workload vecadd@ --out gpucosim-out/never", 1,
             "--workload vecadd@: empty application options after '@'"},
        Case{"AppOptionNoValue", "run --workload vecadd@repeat --out gpucosim-out/never", 1,
             "--workload vecadd@repeat: malformed application option 'repeat': expected key=value"},
        Case{"AppOptionTwice", "run --workload vecadd@repeat=2,repeat=3 --out gpucosim-out/never", 1,
             "application option 'repeat' given twice"},
        Case{"AppOptionTrailingComma", "run --workload vecadd@start=5, --out gpucosim-out/never", 1,
             "malformed application options 'start=5,': trailing ','"},
        Case{"AppTraceOptionUnknown", "run --trace tests/none.g@color=red --out gpucosim-out/never", 1,
             "--trace tests/none.g@color=red: unknown application option 'color'"},
        Case{"L1AppSwitchUnknown", "run --workload vecadd --set gpucosim_l1_app_switch=flush --out gpucosim-out/never", 1,
             "-gpucosim_l1_app_switch: expected invalidate or keep"},
        Case{"SoloBaselinesMissingFile", "run --workload vecadd --solo-baselines no-such-solo.json --out gpucosim-out/never", 1,
             "no-such-solo.json: cannot open the --solo-baselines file"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// Resources: a configuration whose model would not fit is refused before anything is allocated,
// naming the option; a thread block's streams are bounded; a huge copy is cheap.
struct Resource {
  const char* name;
  std::string args;
  std::string expect;
};
void PrintTo(const Resource& c, std::ostream* os) { *os << c.name; }

class cli_resources : public ::testing::TestWithParam<Resource> {};

TEST_P(cli_resources, RefusedFastWithLittleMemory) {
  const Resource& c = GetParam();
  const std::string dir = test::scratch_dir();
  const auto t0 = std::chrono::steady_clock::now();
  const std::string args = c.args.find("@/") != std::string::npos ? expand(c.args, make_inputs()) : c.args;
  const auto r = test::run_gpucosim("run " + args + " --out " + dir);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  rusage ru{};
  getrusage(RUSAGE_CHILDREN, &ru);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find(c.expect), std::string::npos) << r.output;
  EXPECT_LT(s, 2.0);
#if defined(__SANITIZE_ADDRESS__)
  // The child is the same build: ASan's shadow memory alone exceeds the bound, so only the refusal
  // and its speed are checked here; the release suite checks the memory.
  (void)ru;
#else
  EXPECT_LT(ru.ru_maxrss, 200 * 1024) << "KB";  // every child so far, this test's only
#endif
}

INSTANTIATE_TEST_SUITE_P(
    Table, cli_resources,
    ::testing::Values(
        Resource{"MillionSms", "--workload vecadd --set gpgpu_n_clusters=1000000",
                 "--set: the GPU model this configuration describes would need about"},
        Resource{"MillionSmsBlamed", "--workload vecadd --set gpgpu_n_clusters=1000000",
                 "Expected a smaller -gpgpu_n_clusters 1000000"},
        Resource{"EightGbL1", "--workload vecadd --set gpgpu_cache:dl1=N:16384:128:4096,L:L:m:N:L,A:32:8,8",
                 "Expected a smaller -gpgpu_cache:dl1"},
        Resource{"BillionSets", "--workload vecadd --set gpgpu_cache:dl2=N:1073741824:128:8,L:B:m:W:L,A:32:4,4:0,32",
                 "Expected a smaller -gpgpu_cache:dl2"},
        Resource{"FourBillionMshrs", "--workload vecadd --set gpgpu_cache:dl1=N:64:128:4,L:L:m:N:H,A:4000000000:8,8",
                 "L1 MSHR tables"},
        Resource{"LimitFromTheOption", "--workload vecadd --memory-limit 1M",
                 "above the memory limit of 1.0 MB (--memory-limit)"},
        // 10,000 channels take 1.5 GB of RSS: the estimate once said 1.1 GB and let them run.
        Resource{"TenThousandChannels", "--workload vecadd --set gpgpu_n_mem=10000 --memory-limit 1400M",
                 "Expected a smaller -gpgpu_n_mem 10000"},
        Resource{"WidestGridOneBlock", "--trace @/widest.traceg",
                 "end of file after 1 thread block(s): the grid (2147483647,65535,65535) has 9223090559730712575"},
        Resource{"GridBeyondCuda", "--trace @/beyond.traceg", "is beyond CUDA's limits"},
        Resource{"HugeThreadBlock", "--workload branchy:n=16777216,block=1024,max_trips=100000",
                 "thread block 0: warp 0's instruction stream reached"}),
    [](const ::testing::TestParamInfo<Resource>& i) { return std::string(i.param.name); });

// A MemcpyHtoD of a terabyte costs what an L2-sized one does, and -gpgpu_perf_sim_memcpy 0 turns
// the L2 pre-fill off.
TEST(cli_resources, HugeMemcpyIsBoundedAndCanBeSwitchedOff) {
  const std::string dir = make_inputs();
  test::write_text(dir + "/tb.g", "MemcpyHtoD,0x7f0000000000,1000000000000\n./k.traceg\n");
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = test::run_gpucosim("run --trace " + dir + "/tb.g --quiet --max-cycles 1000 --out " + dir + "/a");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10.0);
  EXPECT_EQ(read_json(dir + "/a/stats.json")["end"], "completed");

  // The vecadd fixture's inputs are copied in: with the pre-fill its loads hit in the L2.
  const auto w1 = test::run_gpucosim("run --workload vecadd --quiet --out " + dir + "/w1");
  const auto w0 = test::run_gpucosim("run --workload vecadd --quiet --set gpgpu_perf_sim_memcpy=0 --out " + dir + "/w0");
  ASSERT_EQ(w1.exit_code, 0) << w1.output;
  ASSERT_EQ(w0.exit_code, 0) << w0.output;
  EXPECT_GT(read_json(dir + "/w1/stats.json")["total"]["L2_total_cache_hits"].get<double>(), 0.0);
  EXPECT_EQ(read_json(dir + "/w0/stats.json")["total"]["L2_total_cache_hits"].get<double>(), 0.0);
}

// The deadlock detector tells a stall from a slow memory clock or a long launch latency: these
// runs take long stretches without an instruction issued, and complete.
TEST(cli_deadlock, SlowClocksAndLaunchLatenciesAreNotDeadlocks) {
  const std::string dir = test::scratch_dir();
  for (const std::string set : {"gpgpu_clock_domains=100000:700:700:924", "gpgpu_kernel_launch_latency=300000",
                                "gpgpu_TB_launch_latency=150000"}) {
    const auto r = test::run_gpucosim("run --workload vecadd:n=1000 --quiet --set " + set + " --out " + dir);
    EXPECT_EQ(r.exit_code, 0) << set << ": " << r.output;
    EXPECT_EQ(read_json(dir + "/stats.json")["end"], "completed") << set;
  }
  // ... while a real stall (here: a crossbar that never delivers within the window) still is one.
  const auto stuck = test::run_gpucosim("run --workload vecadd --quiet --set gpucosim_icnt_latency=1000000 "
                         "--set gpucosim_deadlock_cycles=2000 --out " + dir);
  EXPECT_EQ(stuck.exit_code, 3) << stuck.output;
  EXPECT_EQ(read_json(dir + "/stats.json")["end"], "deadlock");
}

// Command-line conventions: every error is "gpucosim: error: ..."; usage errors exit 2 and name
// the word that was wrong.
TEST(cli_conventions, UsageErrorsNameTheWordAndExit2) {
  const Case cases[] = {
      {"Unknown", "bogus", 2, "gpucosim: error: unknown command 'bogus'"},
      {"Misspelt", "runn --workload vecadd", 2, "unknown command 'runn'; did you mean 'run'?"},
      {"UnknownOption", "run --workload vecadd --bogus", 2, "gpucosim: error: The following argument was not expected: --bogus"},
      {"MissingArgument", "sram --size 1024 --block 64 --node", 2, "gpucosim: error: "},
      {"NoCommand", "", 2, "gpucosim: error: "},
  };
  for (const Case& c : cases) {
    const auto r = test::run_gpucosim(c.args);
    EXPECT_EQ(r.exit_code, c.exit_code) << c.name << ": " << r.output;
    EXPECT_NE(r.output.find(c.expect), std::string::npos) << c.name << ": " << r.output;
  }
}

TEST(cli_conventions, WarningsHaveOnePrefixAndQuietSilencesThem) {
  const std::string dir = test::scratch_dir();
  const auto r = test::run_gpucosim("run --workload vecadd:n=100 --set gpgpu_l1_banks=4 --set visualizer_enabled=1 --out " + dir);
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("gpucosim: warning: 2 option(s) accepted but not modelled"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("warning: warning:"), std::string::npos) << r.output;
  // A field of a modelled option that nothing reads is reported the same way.
  const auto f = test::run_gpucosim("run --workload vecadd:n=100 --set gpgpu_dram_partition_queues=8:8:64:8 --out " + dir);
  EXPECT_NE(f.output.find("-gpgpu_dram_partition_queues DRAM-to-L2 queue field (64)"), std::string::npos) << f.output;
  EXPECT_NE(read_json(dir + "/stats.json")["unmodelled_options"].dump().find("gpgpu_dram_partition_queues"),
            std::string::npos);
  const auto q = test::run_gpucosim("run --workload vecadd:n=100 --quiet --json --energy --set gpgpu_l1_banks=4 --out " + dir);
  ASSERT_EQ(q.exit_code, 0) << q.output;
  EXPECT_EQ(q.output, "") << "--quiet prints nothing but errors";
}

TEST(cli_conventions, PresetsListTheirHeadlineFigures) {
  const auto r = test::run_gpucosim("presets --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  ASSERT_EQ(j.size(), 6u);  // FINEREG, GTX480, GTX980, QV100, RTX3070, TANASIC-T51
  // GTX480: 15 SMs at 700 MHz, 32 KB L1, 768 KB L2, 6 channels x 2 chips x 4 B x 4 x 924 MHz.
  const nlohmann::json& g = j[1];
  EXPECT_EQ(g["name"], "GTX480");
  EXPECT_EQ(g["sms"], 15);
  EXPECT_EQ(g["clocks_mhz"]["core"], 700.0);
  EXPECT_EQ(g["l1_bytes_per_sm"], 32 * 1024);
  EXPECT_EQ(g["l2_bytes"], 768 * 1024);
  EXPECT_NEAR(g["dram_peak_gb_per_s"].get<double>(), 6 * 2 * 4 * 4 * 924e6 / 1e9, 1e-9);
  const auto text = test::run_gpucosim("presets");
  EXPECT_NE(text.output.find("GTX480      15 700:700:700:924"), std::string::npos) << text.output;
  // RTX3070 (Accel-Sim's SM86_RTX3070): 46 SMs at 1132 MHz; the adaptive L1 of a kernel without
  // shared memory takes the whole 128 KB unified array.
  const nlohmann::json& r3 = j[4];
  EXPECT_EQ(r3["name"], "RTX3070");
  EXPECT_EQ(r3["sms"], 46);
  EXPECT_EQ(r3["clocks_mhz"]["core"], 1132.0);
  EXPECT_EQ(r3["l1_bytes_per_sm"], 128 * 1024);
  EXPECT_EQ(j[3]["clocks_mhz"]["core"], 1132.0);  // QV100: Accel-Sim's SM7_QV100 core clock
  EXPECT_EQ(j[3]["l1_bytes_per_sm"], 128 * 1024);
}

// SIGINT or SIGTERM: the run stops at the next cycle boundary and writes its statistics so far
// (run_end = interrupted), exit 130.
TEST(cli_interrupt, SignalsStopTheRunAndKeepTheStatistics) {
  const std::string dir = test::scratch_dir();
  for (const char* sig : {"INT", "TERM"}) {
    const std::string out = dir + "/" + sig;
    // --progress into a log (not a terminal): a line after a second.
    const auto r = test::run_command("sh -c '" + test::gpucosim_exe() + " run --workload vecadd:n=16000000 --quiet --progress " +
                                     "--stats-json " + out + ".json --out " + out + " & pid=$!; sleep 2; kill -" + sig +
                                     " $pid; wait $pid'");
    EXPECT_EQ(r.exit_code, 130) << sig << ": " << r.output;
    EXPECT_NE(r.output.find("gpucosim run: kernels 0/1 done, thread blocks "), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("cycles/s)"), std::string::npos) << r.output;
    const nlohmann::json j = read_json(out + ".json");
    ASSERT_TRUE(j.is_object()) << sig;
    EXPECT_EQ(j["end"], "interrupted") << sig;
    EXPECT_EQ(j["run_end"], "interrupted") << sig;
    EXPECT_GT(j["total"]["gpu_sim_cycle"].get<double>(), 0.0) << sig;
    EXPECT_GT(j["total"]["warp_insn"].get<double>(), 0.0) << sig;
    EXPECT_EQ(j["kernels"][0]["kernel_unfinished"], 1) << sig;
    EXPECT_EQ(read_json(out + "/stats.json"), j) << sig;
  }
}

// Bad input found during the run (here a trace whose last block is missing, found when the GPU
// asks for it, one block at a time on one SM) keeps the statistics of what was simulated:
// run_end = error, exit 1.
TEST(cli_interrupt, LateTraceErrorKeepsTheStatistics) {
  const std::string dir = make_inputs();
  const auto r = test::run_gpucosim("run --trace " + dir + "/late.traceg --set gpgpu_n_clusters=1 --set gpgpu_shader_cta=1 --out " +
                     dir + "/o");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("late.traceg:"), std::string::npos) << r.output;
  const nlohmann::json j = read_json(dir + "/o/stats.json");
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["end"], "error");
  EXPECT_NE(j["end_report"].get<std::string>().find("the grid (5,1,1) has 5"), std::string::npos);
  EXPECT_GT(j["total"]["warp_insn"].get<double>(), 0.0);
  EXPECT_GT(j["total"]["sm_blocks_completed"].get<double>(), 0.0);
}

// A trace path holding '@' is taken whole when it exists; options still follow the last '@' of
// a path that does not.
TEST(cli_inputs, TracePathWithAnAtSignIsTakenWhole) {
  const std::string dir = test::scratch_dir() + "/run@repeat=2";
  std::filesystem::create_directories(dir);
  test::write_text(dir + "/k.traceg", kTrace);
  const auto whole = test::run_gpucosim("run --trace " + dir + "/k.traceg --quiet --stats-json " + dir + "/s.json");
  ASSERT_EQ(whole.exit_code, 0) << whole.output;
  EXPECT_EQ(read_json(dir + "/s.json")["kernels"].size(), 1u);
  const auto opts = test::run_gpucosim("run --trace " + dir + "/k.traceg@start=10 --quiet --stats-json " + dir + "/t.json");
  ASSERT_EQ(opts.exit_code, 0) << opts.output;
  EXPECT_GE(read_json(dir + "/t.json")["kernels"][0]["start_cycle"].get<uint64_t>(), 10u);
  const auto bad = test::run_gpucosim("run --trace " + dir + "/k.traceg@bogus=1 --quiet");
  EXPECT_EQ(bad.exit_code, 1) << bad.output;
  EXPECT_NE(bad.output.find("unknown application option 'bogus'"), std::string::npos) << bad.output;
}

// Outputs are checked before the simulation; the energy label comes from the folder's name
// whatever its spelling.
TEST(cli_conventions, OutputsAreCheckedBeforeTheRun) {
  const std::string dir = test::scratch_dir();
  test::write_text(dir + "/file", "x");
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = test::run_gpucosim("run --workload vecadd:n=16000000 --stats-json /nonexistent/s.json --out " + dir + "/o");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("/nonexistent/s.json: cannot open for writing (--stats-json)"), std::string::npos) << r.output;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5.0) << "before the run";
  const auto f = test::run_gpucosim("run --workload vecadd --out " + dir + "/file");
  EXPECT_EQ(f.exit_code, 1) << f.output;
  EXPECT_NE(f.output.find("--out names a file"), std::string::npos) << f.output;
  const auto e = test::run_gpucosim("run --workload vecadd:n=100 --quiet --energy --out " + dir + "/baseline/");
  ASSERT_EQ(e.exit_code, 0) << e.output;
  EXPECT_EQ(read_json(dir + "/baseline/energy.json")["label"], "baseline");
}

// GPUCOSIM_CONFIGS_DIR set to something that is not a folder: said, not answered with no presets.
TEST(cli_inputs, ConfigsDirThatIsNotAFolder) {
  const std::string dir = make_inputs();
  for (const std::string& v : {std::string("/nonexistent-gpucosim-configs"), dir + "/k.traceg"}) {
    const auto r = test::run_command("GPUCOSIM_CONFIGS_DIR=" + v + " " + test::gpucosim_exe() + " presets");
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_EQ(r.output.rfind("gpucosim: error: GPUCOSIM_CONFIGS_DIR: '" + v + "' is not a folder", 0), 0u) << r.output;
  }
}

// An output path taken by a folder is found before any output is written: the others are not left
// created empty or truncated.
TEST(cli_inputs, AnOutputPathThatIsAFolderStopsTheRunBeforeAnyFileIsWritten) {
  const std::string dir = make_inputs();
  fs::create_directories(dir + "/o/stats-interval.jsonl");
  const auto r = test::run_gpucosim("run --workload vecadd --stats-interval 100 --quiet --out " + dir + "/o");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("stats-interval.jsonl: --stats-interval names a folder"), std::string::npos) << r.output;
  for (const char* f : {"stats.json", "effective.config", "effective-config.json"})
    EXPECT_FALSE(fs::exists(dir + "/o/" + f)) << f;
}

// An application starting 10^11 core cycles in: the idle wait is computed, not stepped (it took
// minutes at 10^8 cycles a second), and the kernel starts exactly there.
TEST(cli_inputs, AFarStartIsReachedAtOnce) {
  const std::string dir = test::scratch_dir();
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = test::run_gpucosim("run --workload vecadd:n=256@start=100000000000 --quiet --out " + dir);
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 10.0);
  const nlohmann::json j = nlohmann::json::parse(test::read_text(dir + "/stats.json"));
  EXPECT_EQ(j["end"], "completed");
  EXPECT_EQ(j["kernels"][0]["start_cycle"], 100000000000ull);
}

}  // namespace
}  // namespace gpucosim
