// RegLess capacity manager (CM) of one shard (seed 000 §4.5.1; docs/blocks/regless.md §2): the
// parts shared by its warps. The per-warp state machines (state, pending preloads, per-bank
// reserved lines and outstanding writes) are regless_cm_warp instances beside this module under
// the top (regless.v), so that the hierarchical synthesis flow maps one warp's state once; this
// module decodes the edge's events to each warp, and holds the LIFO warp stack, the per-bank
// unreserved-line counters (avail) and the enqueuer.
// Inactive warps sit on the stack; each cycle the topmost one not blocked is offered (top_warp)
// and activated when every bank's avail covers its region's need: it leaves the stack, its lines
// are reserved, and the enqueuer streams its preloads and cache invalidations into the OSU's
// per-bank queues, one per bank per cycle. The warp becomes active (may issue) when the last one
// completed. At region end the lines with no outstanding write return to avail at once, the rest
// as they are written (draining); then the warp goes back on the stack (or exits).
// Twin: systemc/blocks/regless/regless_cm_twin.cpp.
module regless_cm #(
  parameter integer NWARPS = 16,
  parameter integer NBANKS = 8,
  parameter integer LINES = 16,
  parameter integer NREGS = 64,
  parameter integer NOPS = 4,
  parameter integer WB = 4,
  parameter integer RB = 6,
  parameter integer CB = 5,
  parameter integer BB = 3,
  parameter integer PB = 7
) (
  input  wire                      clk,
  input  wire                      rst,
  input  wire                      launch_valid,
  input  wire [WB-1:0]             launch_warp,
  input  wire [NWARPS-1:0]         blocked,
  input  wire                      rgn_valid,
  input  wire [CB*NBANKS-1:0]      rgn_need,
  input  wire [NREGS-1:0]          rgn_pre,
  input  wire [NREGS-1:0]          rgn_inv,
  input  wire [NREGS-1:0]          rgn_cinv,
  input  wire                      end_valid,
  input  wire [WB-1:0]             end_warp,
  input  wire [WB*NOPS-1:0]        op_warp,
  input  wire [NOPS-1:0]           ev_alloc,
  input  wire [NOPS-1:0]           ev_write,
  input  wire [NBANKS-1:0]         ev_done,
  input  wire [WB*NBANKS-1:0]      ev_done_warp,
  input  wire                      fill_valid,
  input  wire [WB-1:0]             fill_warp,
  input  wire [NBANKS-1:0]         q_full,
  // to the warps (warp w's bits at [NOPS*w +: NOPS], [NBANKS*w +: NBANKS], [w])
  output reg  [NOPS*NWARPS-1:0]    w_alloc,
  output reg  [NOPS*NWARPS-1:0]    w_write,
  output reg  [NBANKS*NWARPS-1:0]  w_done,
  output reg  [NWARPS-1:0]         w_fill,
  output reg  [NWARPS-1:0]         w_end,
  output reg  [NWARPS-1:0]         w_act,
  output reg  [NWARPS-1:0]         w_launch,
  output reg  [PB-1:0]             nitems,
  // from the warps
  input  wire [NWARPS-1:0]         w_finished,
  input  wire [CB*NBANKS*NWARPS-1:0] w_avail_ret,
  // to the OSU's preload queues
  output reg  [NBANKS-1:0]         push_valid,
  output reg  [WB*NBANKS-1:0]      push_warp,
  output reg  [RB*NBANKS-1:0]      push_reg,
  output reg  [2*NBANKS-1:0]       push_kind,
  output reg                       top_valid,
  output reg  [WB-1:0]             top_warp,
  output wire [CB*NBANKS-1:0]      avail,
  output wire                      quiet
);
  localparam integer SB = $clog2(NWARPS + 1) > 0 ? $clog2(NWARPS + 1) : 1;
  localparam [BB-1:0] BMASK = BB'(NBANKS - 1);

  reg [WB*NWARPS-1:0] stack_q, stack_n;
  reg [SB-1:0] sp_q, sp_n;
  reg [NWARPS-1:0] blocked_q;
  reg [CB*NBANKS-1:0] avail_q, avail_n;
  reg enq_valid_q, enq_valid_n;
  reg [WB-1:0] enq_warp_q, enq_warp_n;
  reg [NREGS-1:0] enq_pre_q, enq_pre_n, enq_inv_q, enq_inv_n, enq_cinv_q, enq_cinv_n;

  // Bank of register r of warp w: (w + r) mod NBANKS, so only the low bits of each count.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [BB-1:0] bank_of(input [WB-1:0] w, input [RB-1:0] r);
    bank_of = (BB'(w) + BB'(r)) & BMASK;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  integer top_pos;
  reg [BB-1:0] bk;
  reg [NREGS-1:0] items, cinv, pre;
  reg fits, top_ok;
  reg [WB-1:0] aw;

  // The enqueuer's pushes (from registers): per bank its lowest register.
  integer re;
  always @* begin
    push_valid = {NBANKS{1'b0}};
    push_warp = {WB*NBANKS{1'b0}};
    push_reg = {RB*NBANKS{1'b0}};
    push_kind = {2*NBANKS{1'b0}};
    items = enq_pre_q | enq_cinv_q;
    bk = {BB{1'b0}};
    if (enq_valid_q)  // (the Verilated model skips the scan while the enqueuer is idle)
      for (re = NREGS - 1; re >= 0; re = re - 1) begin
        bk = bank_of(enq_warp_q, RB'(re));
        if (items[re] && !q_full[bk]) begin  // a full queue: this bank waits
          push_valid[bk] = 1'b1;
          push_warp[WB*32'(bk) +: WB] = enq_warp_q;
          push_reg[RB*32'(bk) +: RB] = RB'(re);
          push_kind[2*32'(bk) +: 2] = enq_cinv_q[re] ? 2'd2 : enq_inv_q[re] ? 2'd1 : 2'd0;
        end
      end
  end

  // The topmost stacked warp that was not blocked.
  integer it;
  always @* begin
    top_ok = 1'b0;
    top_pos = 0;
    for (it = 0; it < NWARPS; it = it + 1)
      if (it < 32'(sp_q) && !blocked_q[stack_q[WB*it +: WB]]) begin
        top_ok = 1'b1;
        top_pos = it;
      end
    top_valid = top_ok;
    top_warp = top_ok ? stack_q[WB*top_pos +: WB] : {WB{1'b0}};
  end

  // Activation of the offered warp when every bank has room; its preloads and invalidations.
  integer ra, ba;
  always @* begin
    fits = top_ok && rgn_valid && !enq_valid_q;
    for (ba = 0; ba < NBANKS; ba = ba + 1)
      if (rgn_need[CB*ba +: CB] > avail_q[CB*ba +: CB]) fits = 1'b0;
    aw = stack_q[WB*top_pos +: WB];
    pre = rgn_pre;
    cinv = rgn_cinv & ~rgn_pre;
    // The count is used only with an activation (by the activated warp and the enqueuer).
    nitems = {PB{1'b0}};
    if (fits)
      for (ra = 0; ra < NREGS; ra = ra + 1)
        if (pre[ra] || cinv[ra]) nitems = nitems + 1'b1;
  end

  // The edge's events, decoded to each warp.
  integer bd, kd;
  always @* begin
    w_alloc = {NOPS*NWARPS{1'b0}}; w_write = {NOPS*NWARPS{1'b0}}; w_done = {NBANKS*NWARPS{1'b0}};
    w_fill = {NWARPS{1'b0}}; w_end = {NWARPS{1'b0}}; w_act = {NWARPS{1'b0}}; w_launch = {NWARPS{1'b0}};
    for (kd = 0; kd < NOPS; kd = kd + 1) begin
      if (ev_alloc[kd]) w_alloc[NOPS*32'(op_warp[WB*kd +: WB]) + kd] = 1'b1;
      if (ev_write[kd]) w_write[NOPS*32'(op_warp[WB*kd +: WB]) + kd] = 1'b1;
    end
    for (bd = 0; bd < NBANKS; bd = bd + 1)
      if (ev_done[bd]) w_done[NBANKS*32'(ev_done_warp[WB*bd +: WB]) + bd] = 1'b1;
    if (fill_valid) w_fill[fill_warp] = 1'b1;
    if (end_valid) w_end[end_warp] = 1'b1;
    if (fits) w_act[aw] = 1'b1;
    if (launch_valid) w_launch[launch_warp] = 1'b1;
  end

  integer bm, wm, im;
  always @* begin
    stack_n = stack_q; sp_n = sp_q; avail_n = avail_q;
    enq_valid_n = enq_valid_q; enq_warp_n = enq_warp_q; enq_pre_n = enq_pre_q; enq_inv_n = enq_inv_q;
    enq_cinv_n = enq_cinv_q;

    // The enqueuer drops what it pushed.
    if (enq_valid_q) begin
      for (bm = 0; bm < NBANKS; bm = bm + 1)
        if (push_valid[bm]) begin
          enq_pre_n[push_reg[RB*bm +: RB]] = 1'b0;
          enq_inv_n[push_reg[RB*bm +: RB]] = 1'b0;
          enq_cinv_n[push_reg[RB*bm +: RB]] = 1'b0;
        end
      enq_valid_n = (enq_pre_n | enq_cinv_n) != {NREGS{1'b0}};
    end
    // Lines the warps return (region ends, drained writes).
    if (w_avail_ret != {CB*NBANKS*NWARPS{1'b0}})
      for (wm = 0; wm < NWARPS; wm = wm + 1)
        for (bm = 0; bm < NBANKS; bm = bm + 1)
          avail_n[CB*bm +: CB] = avail_n[CB*bm +: CB] + w_avail_ret[CB*(NBANKS*wm+bm) +: CB];
    if (fits) begin
      for (im = 0; im < NWARPS - 1; im = im + 1)
        if (im >= top_pos) stack_n[WB*im +: WB] = stack_q[WB*(im+1) +: WB];
      sp_n = sp_q - 1'b1;
      for (bm = 0; bm < NBANKS; bm = bm + 1)
        avail_n[CB*bm +: CB] = avail_n[CB*bm +: CB] - rgn_need[CB*bm +: CB];
      if (nitems != {PB{1'b0}}) begin
        enq_valid_n = 1'b1;
        enq_warp_n = aw;
        enq_pre_n = pre;
        enq_inv_n = rgn_inv & pre;
        enq_cinv_n = cinv;
      end
    end
    // Pushes: the launched warp, then the drained warps by number.
    if (launch_valid) begin
      stack_n[WB*32'(sp_n) +: WB] = launch_warp;
      sp_n = sp_n + 1'b1;
    end
    for (wm = 0; wm < NWARPS; wm = wm + 1)
      if (w_finished[wm]) begin
        stack_n[WB*32'(sp_n) +: WB] = WB'(wm);
        sp_n = sp_n + 1'b1;
      end
  end

  integer bc;
  always @(posedge clk) begin
    if (rst) begin
      stack_q <= {WB*NWARPS{1'b0}}; sp_q <= {SB{1'b0}};
      blocked_q <= {NWARPS{1'b0}};
      for (bc = 0; bc < NBANKS; bc = bc + 1) avail_q[CB*bc +: CB] <= CB'(LINES);
      enq_valid_q <= 1'b0; enq_warp_q <= {WB{1'b0}}; enq_pre_q <= {NREGS{1'b0}}; enq_inv_q <= {NREGS{1'b0}};
      enq_cinv_q <= {NREGS{1'b0}};
    end else begin
      stack_q <= stack_n; sp_q <= sp_n; blocked_q <= blocked; avail_q <= avail_n;
      enq_valid_q <= enq_valid_n; enq_warp_q <= enq_warp_n; enq_pre_q <= enq_pre_n; enq_inv_q <= enq_inv_n;
      enq_cinv_q <= enq_cinv_n;
    end
  end

  assign avail = avail_q;
  assign quiet = !enq_valid_q;
endmodule
