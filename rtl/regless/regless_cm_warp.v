// The per-warp state of the RegLess capacity manager (seed 000 §4.5.1; docs/blocks/regless.md §2),
// one instance per warp slot under the top (regless.v) so that the hierarchical synthesis flow maps
// it once, whatever NWARPS is. The shared parts (warp stack, enqueuer, per-bank avail counters,
// activation) are in regless_cm.v, which decodes the edge's events to this warp's one-hot inputs.
// State: none, inactive (stacked), preloading, active, draining; the preloads its region still
// waits for; per bank its reserved lines and outstanding writes (allocated, not yet written).
// Outputs to regless_cm.v: this edge's return of lines to each bank's avail (avail_ret) and
// whether the warp goes back on the stack (finished); to the OSU: whether it exits (exit_w).
// The order of the updates is the C++ twin's (systemc/blocks/regless/regless_cm_twin.cpp):
// outstanding writes, the state machine, then activation, then launch.
// Inputs every warp instance shares (which bank each slot's request went to, the activated
// region's needs) come decoded from the shared part: logic here that depends on them alone would be
// repeated in every instance, which a flat mapping computes once and the hierarchical flow cannot
// (docs/blocks/regless.md §6). So the banks come one-hot (slot_bank), not as indices.
module regless_cm_warp #(
  parameter integer NBANKS = 8,
  parameter integer NOPS = 4,
  parameter integer CB = 5,
  parameter integer PB = 7
) (
  input  wire                 clk,
  input  wire                 rst,
  input  wire [NOPS-1:0]      alloc_me,   // slot k allocated a line for this warp
  input  wire [NOPS-1:0]      write_me,   // slot k wrote one of this warp's lines
  input  wire [NOPS*NBANKS-1:0] slot_bank, // [NOPS*b + k]: slot k is valid and in bank b
  input  wire [NBANKS-1:0]    done_me,    // bank b completed one of this warp's preloads
  input  wire                 fill_me,    // a fill completed one of this warp's preloads
  input  wire                 end_me,     // this warp's region ends
  input  wire                 end_final,
  input  wire                 act_me,     // this warp is activated
  input  wire [CB*NBANKS-1:0] need,       // the activated region's lines per bank
  input  wire [PB-1:0]        nitems,     // its preloads and cache invalidations
  input  wire                 launch_me,
  output wire                 active,
  output wire                 preloading,
  output wire                 draining,
  output wire                 stacked,
  output reg                  finished,   // back on the stack at this edge
  output reg                  exit_w,     // leaves at this edge (its final region drained)
  output reg  [CB*NBANKS-1:0] avail_ret   // lines returned to each bank's avail at this edge
);
  localparam [2:0] S_NONE = 3'd0, S_INACTIVE = 3'd1, S_PRELOADING = 3'd2, S_ACTIVE = 3'd3, S_DRAINING = 3'd4;

  reg [2:0] st_q, st_n;
  reg [PB-1:0] pend_q, pend_n;
  reg fin_q, fin_n;
  reg [CB*NBANKS-1:0] resv_q, resv_n, ow_q, ow_n;

  integer b, k;
  reg [PB-1:0] dec;
  reg [NBANKS-1:0] wr;
  reg all_written, finish, final_region;
  always @* begin
    st_n = st_q; pend_n = pend_q; fin_n = fin_q; resv_n = resv_q; ow_n = ow_q;
    avail_ret = {CB*NBANKS{1'b0}};
    finished = 1'b0; exit_w = 1'b0;
    // Outstanding writes: +1 per allocation, -1 per write; and the banks written.
    wr = {NBANKS{1'b0}};
    // (alloc_me and write_me are set only for valid slots, so exactly one bank matches each.)
    // (Only when this warp has an event: the Verilated model skips the loops on idle warps.)
    if ((alloc_me | write_me) != {NOPS{1'b0}})
      for (b = 0; b < NBANKS; b = b + 1)
        for (k = 0; k < NOPS; k = k + 1)
          if (slot_bank[NOPS*b + k]) begin
            if (alloc_me[k]) ow_n[CB*b +: CB] = ow_n[CB*b +: CB] + 1'b1;
            if (write_me[k]) begin
              ow_n[CB*b +: CB] = ow_n[CB*b +: CB] - 1'b1;
              wr[b] = 1'b1;
            end
          end
    // Completed preloads.
    dec = {PB{1'b0}};
    if (done_me != {NBANKS{1'b0}})
      for (b = 0; b < NBANKS; b = b + 1)
        if (done_me[b]) dec = dec + 1'b1;
    if (fill_me) dec = dec + 1'b1;
    all_written = ow_n == {CB*NBANKS{1'b0}};
    finish = 1'b0;
    final_region = fin_q;
    if (st_q == S_PRELOADING) begin
      pend_n = pend_q - dec;
      if (pend_n == {PB{1'b0}}) st_n = S_ACTIVE;
    end else if (st_q == S_ACTIVE && end_me) begin
      // Lines with no outstanding write go back at once, the rest as they are written.
      for (b = 0; b < NBANKS; b = b + 1)
        avail_ret[CB*b +: CB] = resv_q[CB*b +: CB] - ow_n[CB*b +: CB];
      resv_n = ow_n;
      final_region = end_final;
      fin_n = end_final;
      if (all_written) finish = 1'b1;
      else st_n = S_DRAINING;
    end else if (st_q == S_DRAINING) begin
      for (b = 0; b < NBANKS; b = b + 1)
        if (wr[b]) begin
          resv_n[CB*b +: CB] = resv_n[CB*b +: CB] - 1'b1;
          avail_ret[CB*b +: CB] = {{CB-1{1'b0}}, 1'b1};
        end
      finish = all_written;
    end
    if (finish) begin
      fin_n = 1'b0;
      if (final_region) begin
        st_n = S_NONE;
        exit_w = 1'b1;
      end else begin
        st_n = S_INACTIVE;
        finished = 1'b1;
      end
    end
    // Activation (the warp was stacked, so nothing above touched it).
    if (act_me) begin
      resv_n = need;
      pend_n = nitems;
      st_n = nitems != {PB{1'b0}} ? S_PRELOADING : S_ACTIVE;
    end
    if (launch_me) st_n = S_INACTIVE;
  end

  always @(posedge clk) begin
    if (rst) begin
      st_q <= S_NONE; pend_q <= {PB{1'b0}}; fin_q <= 1'b0;
      resv_q <= {CB*NBANKS{1'b0}}; ow_q <= {CB*NBANKS{1'b0}};
    end else begin
      st_q <= st_n; pend_q <= pend_n; fin_q <= fin_n; resv_q <= resv_n; ow_q <= ow_n;
    end
  end

  assign active = st_q == S_ACTIVE;
  assign preloading = st_q == S_PRELOADING;
  assign draining = st_q == S_DRAINING;
  assign stacked = st_q == S_INACTIVE;
endmodule
