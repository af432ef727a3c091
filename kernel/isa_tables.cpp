// The SASS opcode maps, written for gpucosim from the facts in NVIDIA's CUDA Binary Utilities
// instruction-set tables (Kepler, Maxwell/Pascal, Volta, Turing, Ampere/Ada, Hopper) and from
// mnemonics seen in disassembly of those generations.
//
// Unit classes follow Accel-Sim's grouping: FP32/FP16 arithmetic -> SP, MUFU -> SFU, FP64 -> DP,
// integer arithmetic and logic -> INT, moves/conversions/predicates/special registers -> ALU,
// matrix ops -> TENSOR, and control, fences and no-ops to their own classes. Choices that the
// tables do not settle are commented where they are made.
#include <iterator>
#include <map>
#include <sstream>

#include "kernel/isa_tables.h"

namespace gpucosim::isa_detail {
namespace {

using U = UnitClass;
using M = MemSpace;

constexpr uint8_t kAll = kKepler | kPascal | kVolta | kTuring | kAmpere | kAda | kHopper;
constexpr uint8_t kKeplerPascal = kKepler | kPascal;
constexpr uint8_t kAdaUp = kAda | kHopper;
constexpr uint8_t kAmpereUp = kAmpere | kAdaUp;
constexpr uint8_t kTuringUp = kTuring | kAmpereUp;
constexpr uint8_t kVoltaUp = kVolta | kTuringUp;
constexpr uint8_t kPascalUp = kPascal | kVoltaUp;

// A constant-initialized array: usable from any static initializer, no order-of-init hazard.
constexpr OpcodeGroup kGroups[] = {
    // ---- Floating point -------------------------------------------------------------------
    {kAll, U::SP, M::None, kNoAccess, "FADD FADD32I FCHK FFMA FFMA32I FMNMX FMUL FMUL32I FSET FSETP"},
    {kKeplerPascal, U::SP, M::None, kNoAccess, "FCMP"},
    {kKepler, U::SP, M::None, kNoAccess, "FSWZ"},
    {kPascalUp, U::SP, M::None, kNoAccess,
     "FSWZADD HADD2 HADD2_32I HFMA2 HFMA2_32I HMUL2 HMUL2_32I HSET2 HSETP2"},
    {kVoltaUp, U::SP, M::None, kNoAccess, "FSEL"},
    {kAmpereUp, U::SP, M::None, kNoAccess, "HMNMX2"},
    {kHopper, U::SP, M::None, kNoAccess, "VHMNMX"},
    {kAll, U::SFU, M::None, kNoAccess, "MUFU"},
    // RRO prepares MUFU's argument (range reduction); it is costed with the SFU it feeds.
    {kKeplerPascal, U::SFU, M::None, kNoAccess, "RRO"},
    {kAll, U::DP, M::None, kNoAccess, "DADD DFMA DMUL DSETP"},
    {kKeplerPascal, U::DP, M::None, kNoAccess, "DMNMX DSET"},

    // ---- Matrix multiply-accumulate --------------------------------------------------------
    // IMMA is in the Volta table (sm_72); sm_70 code never contains it.
    {kVoltaUp, U::TENSOR, M::None, kNoAccess, "HMMA IMMA"},
    {kTuringUp, U::TENSOR, M::None, kNoAccess, "BMMA"},
    {kAmpereUp, U::TENSOR, M::None, kNoAccess, "DMMA"},
    {kAdaUp, U::TENSOR, M::None, kNoAccess, "QMMA"},  // FP8 mma.sync
    {kHopper, U::TENSOR, M::None, kNoAccess, "HGMMA IGMMA QGMMA BGMMA"},  // warpgroup MMA

    // ---- Integer ---------------------------------------------------------------------------
    {kAll, U::INT, M::None, kNoAccess,
     "FLO IADD IADD32I IMAD IMNMX IMUL IMUL32I ISCADD ISCADD32I ISETP LOP LOP32I POPC SHF SHL SHR "
     "VABSDIFF VABSDIFF4"},
    {kKeplerPascal, U::INT, M::None, kNoAccess,
     "BFE BFI ICMP IMADSP ISET VADD VMAD VMNMX VSET VSETP VSHL VSHR"},
    // SUCLAMP/SUBFM/SUEAU compute Kepler surface addresses; the access itself is SULDGA/SUSTGA.
    {kKepler, U::INT, M::None, kNoAccess, "ISAD ISUB SUCLAMP SUBFM SUEAU"},
    {kPascal, U::INT, M::None, kNoAccess, "XMAD"},
    {kPascalUp, U::INT, M::None, kNoAccess, "IADD3 IDP LEA LOP3"},
    {kVoltaUp, U::INT, M::None, kNoAccess, "BMSK BREV IABS IDP4A SGXT"},
    {kHopper, U::INT, M::None, kNoAccess, "VIADD VIADDMNMX VIMNMX VIMNMX3"},

    // ---- Conversion, movement, predicates, special registers (ALU) --------------------------
    {kAll, U::ALU, M::None, kNoAccess,
     "F2F F2I I2F I2I MOV MOV32I PRMT SEL SHFL PSETP P2R R2P S2R B2R R2B VOTE"},
    {kKeplerPascal, U::ALU, M::None, kNoAccess, "CSET CSETP PSET"},
    {kPascal, U::ALU, M::None, kNoAccess, "GETCRSPTR SETCRSPTR"},
    {kPascalUp, U::ALU, M::None, kNoAccess, "CS2R GETLMEMBASE SETLMEMBASE"},
    {kVoltaUp, U::ALU, M::None, kNoAccess, "BMOV FRND I2IP LEPC MATCH PLOP3 QSPC SETCTAID"},
    {kTuringUp, U::ALU, M::None, kNoAccess, "MOVM"},
    {kAmpereUp, U::ALU, M::None, kNoAccess, "F2FP F2IP I2FP"},
    {kHopper, U::ALU, M::None, kNoAccess, "ELECT"},
    // Constant loads: the space is known but, as in Accel-Sim, they are not modelled as memory
    // accesses (no read flag, access width 0).
    {kAll, U::ALU, M::Constant, kNoAccess, "LDC"},

    // ---- Uniform datapath (Turing+) ---------------------------------------------------------
    {kTuringUp, U::UNIFORM, M::None, kNoAccess,
     "R2UR S2UR UBMSK UBREV UCLEA UFLO UIADD3 UIMAD UISETP ULEA ULOP ULOP3 ULOP32I UMOV UP2UR "
     "UPLOP3 UPOPC UPRMT UPSETP UR2UP USEL USGXT USHF USHL USHR VOTEU"},
    {kTuringUp, U::UNIFORM, M::Constant, kNoAccess, "ULDC"},  // like LDC
    // REDUX reduces a vector register across the warp into a uniform register.
    {kAmpereUp, U::UNIFORM, M::None, kNoAccess, "REDUX UF2FP"},
    {kHopper, U::UNIFORM, M::None, kNoAccess, "UIMNMX USETMAXREG"},

    // ---- Loads -----------------------------------------------------------------------------
    // LD/ST/ATOM address the generic space (on Kepler they are also how global memory is
    // reached); the GPU model resolves Generic by address.
    {kAll, U::LOAD, M::Global, kRead, "LDG"},
    {kAll, U::LOAD, M::Shared, kRead, "LDS"},
    {kAll, U::LOAD, M::Local, kRead, "LDL"},
    {kAll, U::LOAD, M::Generic, kRead, "LD"},
    {kKepler, U::LOAD, M::Shared, kRead, "LDSLK"},   // load shared and lock
    {kKepler, U::LOAD, M::Global, kRead, "SULDGA"},  // Kepler surface load goes through the LSU
    {kTuringUp, U::LOAD, M::Shared, kRead, "LDSM"},
    // Asynchronous copies global -> shared: they read one space and write the other, so both
    // flags are set; the unit (LOAD) and space (Global) name the side that goes through L1/L2.
    {kAmpereUp, U::LOAD, M::Global, kReadWrite, "LDGSTS"},
    {kHopper, U::LOAD, M::Global, kReadWrite, "UBLKCP UTMALDG"},
    {kHopper, U::LOAD, M::Global, kRead, "LDGMC UBLKPF UTMAPF"},  // multimem load, prefetches

    // ---- Stores ----------------------------------------------------------------------------
    {kAll, U::STORE, M::Shared, kWrite, "STS"},
    {kAll, U::STORE, M::Local, kWrite, "STL"},
    {kAll, U::STORE, M::Generic, kWrite, "ST"},
    {kPascalUp, U::STORE, M::Global, kWrite, "STG"},
    {kKepler, U::STORE, M::Shared, kWrite, "STSCUL"},  // store shared conditionally and unlock
    {kKepler, U::STORE, M::Global, kWrite, "SUSTGA"},
    {kHopper, U::STORE, M::Shared, kWrite, "STAS STSM"},  // STAS: distributed shared memory
    {kHopper, U::STORE, M::Global, kReadWrite, "UTMASTG"},  // shared -> global bulk copy

    // ---- Atomics and reductions ------------------------------------------------------------
    {kAll, U::ATOMIC, M::Generic, kReadWrite, "ATOM"},
    {kAll, U::ATOMIC, M::Global, kWrite, "RED"},  // no value comes back
    {kPascalUp, U::ATOMIC, M::Shared, kReadWrite, "ATOMS"},
    {kVoltaUp, U::ATOMIC, M::Global, kReadWrite, "ATOMG"},
    {kHopper, U::ATOMIC, M::Shared, kWrite, "REDAS"},
    {kHopper, U::ATOMIC, M::Global, kReadWrite, "UBLKRED UTMAREDG"},  // shared -> global reduce

    // ---- Texture and surface ---------------------------------------------------------------
    {kAll, U::TEXTURE, M::Texture, kRead, "TEX TLD TLD4 TXD"},
    // Level-of-detail computation and header queries run on the texture unit without
    // fetching texels: no access flags, so no access width.
    {kAll, U::TEXTURE, M::Texture, kNoAccess, "TMML TXQ"},
    {kPascal, U::TEXTURE, M::Texture, kRead, "TEXS TLD4S TLDS"},
    {kPascal, U::TEXTURE, M::Texture, kNoAccess, "TXA"},
    {kPascalUp, U::TEXTURE, M::Texture, kRead, "SULD"},
    {kPascalUp, U::TEXTURE, M::Texture, kWrite, "SUST SURED"},
    {kPascalUp, U::TEXTURE, M::Texture, kReadWrite, "SUATOM"},

    // ---- Control flow ----------------------------------------------------------------------
    {kAll, U::BRANCH, M::None, kNoAccess, "BRA BRX JMP JMX RET"},
    {kKeplerPascal, U::BRANCH, M::None, kNoAccess,
     "BRK CAL CONT JCAL LONGJMP PBK PCNT PLONGJMP PRET SSY"},
    // PEXIT pushes an exit target like PBK pushes a break target; KIL/KILL deactivate threads
    // without ending the warp, so neither is EXIT.
    {kPascal, U::BRANCH, M::None, kNoAccess, "KIL PEXIT RAM SAM SYNC"},
    {kPascalUp, U::BRANCH, M::None, kNoAccess, "RTT"},
    {kVoltaUp, U::BRANCH, M::None, kNoAccess, "BREAK BSSY BSYNC CALL KILL RPCMOV WARPSYNC"},
    {kTuringUp, U::BRANCH, M::None, kNoAccess, "BRXU JMXU"},
    {kHopper, U::BRANCH, M::None, kNoAccess, "ENDCOLLECTIVE"},
    {kAll, U::EXIT, M::None, kNoAccess, "EXIT"},

    // ---- Barriers, fences and dependency waits ---------------------------------------------
    {kAll, U::BARRIER, M::None, kNoAccess, "BAR"},
    {kAll, U::MEMBAR, M::None, kNoAccess, "CCTL CCTLL MEMBAR"},
    {kKepler, U::MEMBAR, M::None, kNoAccess, "TEXDEPBAR"},
    {kPascalUp, U::MEMBAR, M::None, kNoAccess, "CCTLT DEPBAR"},
    {kVoltaUp, U::MEMBAR, M::None, kNoAccess, "ERRBAR"},
    {kAmpereUp, U::MEMBAR, M::None, kNoAccess, "ARRIVES LDGDEPBAR"},
    // Hopper's mbarrier (SYNCS), cluster barrier (UCGABAR_*) and warpgroup waits are not CTA
    // barriers: BARRIER would make every warp of the CTA wait, so they are fence-like waits.
    {kHopper, U::MEMBAR, M::None, kNoAccess,
     "ACQBULK CGAERRBAR FENCE SYNCS UCGABAR_ARV UCGABAR_WAIT UTMACCTL UTMACMDFLUSH WARPGROUP"},

    // ---- No execution cost -----------------------------------------------------------------
    {kAll, U::NOP, M::None, kNoAccess, "BPT NOP"},
    {kPascal, U::NOP, M::None, kNoAccess, "IDE STP"},
    {kVoltaUp, U::NOP, M::None, kNoAccess, "NANOSLEEP PMTRIG YIELD"},
    {kHopper, U::NOP, M::None, kNoAccess, "PREEXIT"},
};

}  // namespace

const std::vector<OpcodeGroup>& opcode_groups() {
  static const std::vector<OpcodeGroup> groups(std::begin(kGroups), std::end(kGroups));
  return groups;
}

uint8_t generation_of(uint32_t binary_version) {
  switch (binary_version) {
    case 35: return kKepler;
    case 60: case 61: case 62: return kPascal;
    case 70: return kVolta;
    case 75: return kTuring;
    case 80: case 86: return kAmpere;
    case 89: return kAda;
    case 90: return kHopper;
    default: return 0;
  }
}

std::vector<std::string> duplicate_mnemonics() {
  std::map<std::pair<std::string, int>, int> seen;  // (mnemonic, gen bit) -> count
  for (const OpcodeGroup& g : kGroups) {
    std::istringstream names(g.names);
    for (std::string n; names >> n;)
      for (int b = 0; b < kGenCount; ++b)
        if (g.gens & (1u << b)) ++seen[{n, b}];
  }
  std::vector<std::string> dups;
  for (const auto& [key, count] : seen)
    if (count > 1) dups.push_back(key.first + "@" + std::to_string(key.second));
  return dups;
}

}  // namespace gpucosim::isa_detail
