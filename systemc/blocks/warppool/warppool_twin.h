#pragma once
// The cycle-exact C++ twin of rtl/warppool/warppool.v. It is written the way the RTL is: the
// Moore outputs and the selector's choice are functions of the registers (compute_outputs), and
// step() computes every next-state value from the old registers and the inputs before writing
// any of them back. Each helper below corresponds to one RTL file:
//   front:  instruction queues (warppool_iq.v), coalescers (warppool_coalescer.v), classify
//           stage and thread map table (warppool_classify.v, warppool_tmt.v)
//   queues: inter-warp coalescing queues + age queue (warppool_iwq.v), selector and policy
//           quantum (warppool_select.v)
//   back:   MSHR metadata table (warppool_mshr.v + warppool_mshr_sram.v), writeback queue
//           (warppool_wb.v), consistency counters (warppool_consist.v)
// Protocol violations by the environment (issue into a full queue, a return while not ready,
// an unknown return id) throw std::logic_error: the RTL would silently misbehave.
#include <array>
#include <cstdint>
#include <vector>

#include "systemc/blocks/warppool/warppool_block.h"
#include "systemc/blocks/warppool/warppool_twin_state.h"
#include "systemc/memory/cache/set_index.h"

namespace gpucosim {

class WarpPoolTwin : public WarpPoolBlock {
 public:
  // Validates p (InputError). eval_every_cycle: evaluate quiet cycles too (no held outputs).
  explicit WarpPoolTwin(const WarpPoolParams& p, bool eval_every_cycle = false);

  void reset(WarpPoolOutputs& out) override;
  void step(const WarpPoolInputs& in, WarpPoolOutputs& out) override;
  const WarpPoolParams& params() const override { return p_; }
  const char* kind() const override { return "tlm"; }
  bool evaluated() const override { return evaluated_; }

  const WarpPoolTwinState& state() const { return s_; }
  // The per-edge trace is recorded only when enabled (the testbench's checkers read it).
  void enable_trace(bool on) { trace_on_ = on; }
  const WarpPoolTrace& trace() const { return tr_; }
  // Inter-warp queue of a line (the L1 set-index function, low bits).
  uint32_t queue_of(uint64_t line) const { return hash_(line) & (p_.n_queues - 1); }

 private:
  // Choices that are functions of the registers only (made while computing the outputs).
  struct Sel {
    bool agu_valid = false;
    uint32_t pop_q = 0;
    bool load_avail = false, store_avail = false;
    bool choose_load = false, choose_store = false;
    uint32_t pos = 0, tag = 0;     // selected load: age-queue position and tag id
    uint32_t store_c = 0;          // selected store: coalescer
    uint32_t id = 0;               // lowest free request id
    bool force_old = false, force_store = false;
  };
  // Per-edge decisions that depend on the inputs.
  struct Edge {
    bool acc_load = false, acc_store = false;
    std::array<bool, 4> ins_ok{}, ins_alloc{}, ins_deferred{}, in_move{}, cl_move{}, emit{}, fin{};
    std::array<uint32_t, 4> ins_tag{}, tmt_grant{};
    std::array<uint32_t, 4> match{};   // lanes of the line each coalescer emits
    int pop_c = -1;
    bool wb_active = false, wb_done = false;
    uint32_t removed = ~0u;            // tag id leaving this edge (acc_load), else ~0
  };

  // front
  // Decisions of the edge, all from the old registers (+ inputs), pipeline back to front.
  void queues_decide(Edge& e) const;
  void front_decide(Edge& e) const;
  WpLineReq coalesce(const WpCoalescer& c, uint32_t match) const;
  // Register updates, in an order where no update reads a register already updated.
  void consist_apply(const WarpPoolInputs& in, const Edge& e);
  void back_apply(const WarpPoolInputs& in, const Edge& e);
  void queues_apply(const WarpPoolInputs& in, const Edge& e);
  void front_apply(const WarpPoolInputs& in, const Edge& e);
  void select();

  void compute_outputs(WarpPoolOutputs& out);
  uint32_t decode_lanes(const WpSlot& s, WpWords& words) const;
  void check_protocol(const WarpPoolInputs& in) const;
  uint32_t iq_of(uint32_t warp) const { return warp / p_.warps_per_iq; }

  // Request ids and consistency counters, with the bit masks the outputs are read from.
  void set_id(uint32_t id, bool busy);
  void cnt_add(uint32_t warp, int delta);

  WarpPoolParams p_;
  SetIndexer hash_;
  WarpPoolTwinState s_;
  WarpPoolTrace tr_;
  Sel sel_;
  uint64_t warp_mask_;
  // Derived from s_ (kept in step with it) so the outputs cost no per-warp or per-id loops.
  std::vector<uint64_t> iq_warps_;   // per instruction queue: its warps
  std::vector<uint64_t> id_words_;   // request ids in use
  uint32_t ids_busy_ = 0;
  uint64_t cnt_zero_ = 0, last_load_mask_ = 0;
  WarpPoolOutputs last_;             // the pins presented now (quiet cycles reuse them)
  bool trace_on_ = false;
  bool eval_every_cycle_ = false;
  bool evaluated_ = true;
};

}  // namespace gpucosim
