// RegLess capacity manager (CM) of one shard (seed 000 §4.5.1; docs/blocks/regless.md §2).
// Per warp: a state (none, inactive, preloading, active, draining), the preloads its region still
// waits for, and per bank its reserved lines and outstanding writes (allocated, not yet written).
// Inactive warps sit on a LIFO warp stack; each cycle the topmost one not blocked is offered
// (top_warp) and activated when every bank's unreserved-line counter (avail) covers its region's
// need: it leaves the stack, its lines are reserved, and the enqueuer streams its preloads and
// cache invalidations into the OSU's per-bank queues, one per bank per cycle. The warp becomes
// active (may issue) when the last one completed. At region end the lines with no outstanding
// write return to avail at once, the rest as they are written (draining); then the warp goes back
// on the stack (or exits: its listed OSU lines are freed). Twin: regless_cm_twin.cpp.
module regless_cm #(
  parameter integer NWARPS = 16,
  parameter integer NBANKS = 8,
  parameter integer LINES = 16,
  parameter integer NREGS = 64,
  parameter integer NOPS = 4,
  parameter integer WB = 4,
  parameter integer RB = 6,
  parameter integer CB = 5,
  parameter integer BB = 3
) (
  input  wire                 clk,
  input  wire                 rst,
  input  wire                 launch_valid,
  input  wire [WB-1:0]        launch_warp,
  input  wire [NWARPS-1:0]    blocked,
  input  wire                 rgn_valid,
  input  wire [CB*NBANKS-1:0] rgn_need,
  input  wire [NREGS-1:0]     rgn_pre,
  input  wire [NREGS-1:0]     rgn_inv,
  input  wire [NREGS-1:0]     rgn_cinv,
  input  wire                 end_valid,
  input  wire [WB-1:0]        end_warp,
  input  wire                 end_final,
  input  wire [WB*NOPS-1:0]   op_warp,
  input  wire [NOPS-1:0]      ev_alloc,
  input  wire [NOPS-1:0]      ev_write,
  input  wire [BB*NOPS-1:0]   ev_bank,
  input  wire [NBANKS-1:0]    ev_done,
  input  wire [WB*NBANKS-1:0] ev_done_warp,
  input  wire                 fill_valid,
  input  wire [WB-1:0]        fill_warp,
  input  wire [NBANKS-1:0]    q_full,
  output reg  [NBANKS-1:0]    push_valid,
  output reg  [WB*NBANKS-1:0] push_warp,
  output reg  [RB*NBANKS-1:0] push_reg,
  output reg  [2*NBANKS-1:0]  push_kind,
  output reg  [NWARPS-1:0]    exit_mask,
  output reg  [NWARPS-1:0]    active,
  output reg  [NWARPS-1:0]    preloading,
  output reg  [NWARPS-1:0]    draining,
  output reg  [NWARPS-1:0]    stacked,
  output reg                  top_valid,
  output reg  [WB-1:0]        top_warp,
  output wire [CB*NBANKS-1:0] avail,
  output wire                 quiet
);
  localparam integer PB = NREGS + 1 > 1 ? $clog2(NREGS + 1) : 1;
  localparam integer SB = $clog2(NWARPS + 1) > 0 ? $clog2(NWARPS + 1) : 1;
  localparam integer NWB = NWARPS * NBANKS;
  localparam [2:0] S_NONE = 3'd0, S_INACTIVE = 3'd1, S_PRELOADING = 3'd2, S_ACTIVE = 3'd3, S_DRAINING = 3'd4;
  localparam [BB-1:0] BMASK = BB'(NBANKS - 1);

  reg [3*NWARPS-1:0] wst_q, wst_n;
  reg [PB*NWARPS-1:0] pend_q, pend_n;
  reg [NWARPS-1:0] fin_q, fin_n;
  reg [CB*NWB-1:0] resv_q, resv_n, ow_q, ow_n;
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

  integer r, b, k, w, i, top_pos;
  reg [BB-1:0] bk;
  reg [NREGS-1:0] items, cinv, pre;
  reg [PB-1:0] dec, nitems;
  reg [NBANKS-1:0] wr;
  reg [NWARPS-1:0] finished;
  reg all_written, finish, final_region, fits, top_ok;
  reg [2:0] st;
  reg [CB-1:0] need;
  reg [WB-1:0] aw;

  // The enqueuer's pushes (from registers): per bank its lowest register.
  always @* begin
    push_valid = {NBANKS{1'b0}};
    push_warp = {WB*NBANKS{1'b0}};
    push_reg = {RB*NBANKS{1'b0}};
    push_kind = {2*NBANKS{1'b0}};
    items = enq_pre_q | enq_cinv_q;
    bk = {BB{1'b0}};
    for (r = NREGS - 1; r >= 0; r = r - 1) begin
      bk = bank_of(enq_warp_q, RB'(r));
      if (enq_valid_q && items[r] && !q_full[bk]) begin  // a full queue: this bank waits
        push_valid[bk] = 1'b1;
        push_warp[WB*32'(bk) +: WB] = enq_warp_q;
        push_reg[RB*32'(bk) +: RB] = RB'(r);
        push_kind[2*32'(bk) +: 2] = enq_cinv_q[r] ? 2'd2 : enq_inv_q[r] ? 2'd1 : 2'd0;
      end
    end
  end

  // The topmost stacked warp that was not blocked.
  always @* begin
    top_ok = 1'b0;
    top_pos = 0;
    for (i = 0; i < NWARPS; i = i + 1)
      if (i < 32'(sp_q) && !blocked_q[stack_q[WB*i +: WB]]) begin
        top_ok = 1'b1;
        top_pos = i;
      end
    top_valid = top_ok;
    top_warp = top_ok ? stack_q[WB*top_pos +: WB] : {WB{1'b0}};
  end

  always @* begin
    wst_n = wst_q; pend_n = pend_q; fin_n = fin_q; resv_n = resv_q; ow_n = ow_q;
    stack_n = stack_q; sp_n = sp_q; avail_n = avail_q;
    enq_valid_n = enq_valid_q; enq_warp_n = enq_warp_q; enq_pre_n = enq_pre_q; enq_inv_n = enq_inv_q;
    enq_cinv_n = enq_cinv_q;
    exit_mask = {NWARPS{1'b0}};
    finished = {NWARPS{1'b0}};
    dec = {PB{1'b0}}; wr = {NBANKS{1'b0}}; st = S_NONE; need = {CB{1'b0}}; aw = {WB{1'b0}};
    all_written = 1'b0; finish = 1'b0; final_region = 1'b0; fits = 1'b0; pre = {NREGS{1'b0}};
    cinv = {NREGS{1'b0}}; nitems = {PB{1'b0}};

    // The enqueuer drops what it pushed.
    if (enq_valid_q) begin
      for (b = 0; b < NBANKS; b = b + 1)
        if (push_valid[b]) begin
          enq_pre_n[push_reg[RB*b +: RB]] = 1'b0;
          enq_inv_n[push_reg[RB*b +: RB]] = 1'b0;
          enq_cinv_n[push_reg[RB*b +: RB]] = 1'b0;
        end
      enq_valid_n = (enq_pre_n | enq_cinv_n) != {NREGS{1'b0}};
    end
    // Outstanding writes: +1 per allocation, -1 per write.
    for (k = 0; k < NOPS; k = k + 1) begin
      i = 32'(op_warp[WB*k +: WB]) * NBANKS + 32'(ev_bank[BB*k +: BB]);
      if (ev_alloc[k]) ow_n[CB*i +: CB] = ow_n[CB*i +: CB] + 1'b1;
      if (ev_write[k]) ow_n[CB*i +: CB] = ow_n[CB*i +: CB] - 1'b1;
    end

    for (w = 0; w < NWARPS; w = w + 1) begin
      st = wst_q[3*w +: 3];
      // completed preloads of warp w, and its writes per bank
      dec = {PB{1'b0}};
      for (b = 0; b < NBANKS; b = b + 1)
        if (ev_done[b] && 32'(ev_done_warp[WB*b +: WB]) == w) dec = dec + 1'b1;
      if (fill_valid && 32'(fill_warp) == w) dec = dec + 1'b1;
      wr = {NBANKS{1'b0}};
      for (k = 0; k < NOPS; k = k + 1)
        if (ev_write[k] && 32'(op_warp[WB*k +: WB]) == w) wr[ev_bank[BB*k +: BB]] = 1'b1;
      all_written = 1'b1;
      for (b = 0; b < NBANKS; b = b + 1)
        if (ow_n[CB*(w*NBANKS+b) +: CB] != {CB{1'b0}}) all_written = 1'b0;
      finish = 1'b0;
      final_region = fin_q[w];
      if (st == S_PRELOADING) begin
        pend_n[PB*w +: PB] = pend_q[PB*w +: PB] - dec;
        if (pend_n[PB*w +: PB] == {PB{1'b0}}) wst_n[3*w +: 3] = S_ACTIVE;
      end else if (st == S_ACTIVE && end_valid && 32'(end_warp) == w) begin
        for (b = 0; b < NBANKS; b = b + 1)
          avail_n[CB*b +: CB] = avail_n[CB*b +: CB] + resv_q[CB*(w*NBANKS+b) +: CB] - ow_n[CB*(w*NBANKS+b) +: CB];
        for (b = 0; b < NBANKS; b = b + 1)
          resv_n[CB*(w*NBANKS+b) +: CB] = ow_n[CB*(w*NBANKS+b) +: CB];
        final_region = end_final;
        fin_n[w] = end_final;
        if (all_written) finish = 1'b1;
        else wst_n[3*w +: 3] = S_DRAINING;
      end else if (st == S_DRAINING) begin
        for (b = 0; b < NBANKS; b = b + 1)
          if (wr[b]) begin
            resv_n[CB*(w*NBANKS+b) +: CB] = resv_n[CB*(w*NBANKS+b) +: CB] - 1'b1;
            avail_n[CB*b +: CB] = avail_n[CB*b +: CB] + 1'b1;
          end
        finish = all_written;
      end
      if (finish) begin
        fin_n[w] = 1'b0;
        if (final_region) begin
          wst_n[3*w +: 3] = S_NONE;
          exit_mask[w] = 1'b1;
        end else begin
          wst_n[3*w +: 3] = S_INACTIVE;
          finished[w] = 1'b1;
        end
      end
    end

    // Activation of the offered warp when every bank has room.
    fits = top_ok && rgn_valid && !enq_valid_q;
    for (b = 0; b < NBANKS; b = b + 1)
      if (rgn_need[CB*b +: CB] > avail_q[CB*b +: CB]) fits = 1'b0;
    if (fits) begin
      aw = stack_q[WB*top_pos +: WB];
      for (i = 0; i < NWARPS - 1; i = i + 1)
        if (i >= top_pos) stack_n[WB*i +: WB] = stack_q[WB*(i+1) +: WB];
      sp_n = sp_q - 1'b1;
      pre = rgn_pre;
      cinv = rgn_cinv & ~rgn_pre;
      nitems = {PB{1'b0}};
      for (r = 0; r < NREGS; r = r + 1)
        if (pre[r] || cinv[r]) nitems = nitems + 1'b1;
      for (b = 0; b < NBANKS; b = b + 1) begin
        need = rgn_need[CB*b +: CB];
        avail_n[CB*b +: CB] = avail_n[CB*b +: CB] - need;
        resv_n[CB*(32'(aw)*NBANKS+b) +: CB] = need;
      end
      pend_n[PB*32'(aw) +: PB] = nitems;
      wst_n[3*32'(aw) +: 3] = nitems != {PB{1'b0}} ? S_PRELOADING : S_ACTIVE;
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
      wst_n[3*32'(launch_warp) +: 3] = S_INACTIVE;
      stack_n[WB*32'(sp_n) +: WB] = launch_warp;
      sp_n = sp_n + 1'b1;
    end
    for (w = 0; w < NWARPS; w = w + 1)
      if (finished[w]) begin
        stack_n[WB*32'(sp_n) +: WB] = WB'(w);
        sp_n = sp_n + 1'b1;
      end
  end

  always @(posedge clk) begin
    if (rst) begin
      wst_q <= {3*NWARPS{1'b0}}; pend_q <= {PB*NWARPS{1'b0}}; fin_q <= {NWARPS{1'b0}};
      resv_q <= {CB*NWB{1'b0}}; ow_q <= {CB*NWB{1'b0}}; stack_q <= {WB*NWARPS{1'b0}}; sp_q <= {SB{1'b0}};
      blocked_q <= {NWARPS{1'b0}};
      for (b = 0; b < NBANKS; b = b + 1) avail_q[CB*b +: CB] <= CB'(LINES);
      enq_valid_q <= 1'b0; enq_warp_q <= {WB{1'b0}}; enq_pre_q <= {NREGS{1'b0}}; enq_inv_q <= {NREGS{1'b0}};
      enq_cinv_q <= {NREGS{1'b0}};
    end else begin
      wst_q <= wst_n; pend_q <= pend_n; fin_q <= fin_n; resv_q <= resv_n; ow_q <= ow_n;
      stack_q <= stack_n; sp_q <= sp_n; blocked_q <= blocked; avail_q <= avail_n;
      enq_valid_q <= enq_valid_n; enq_warp_q <= enq_warp_n; enq_pre_q <= enq_pre_n; enq_inv_q <= enq_inv_n;
      enq_cinv_q <= enq_cinv_n;
    end
  end

  always @* begin
    for (w = 0; w < NWARPS; w = w + 1) begin
      active[w] = wst_q[3*w +: 3] == S_ACTIVE;
      preloading[w] = wst_q[3*w +: 3] == S_PRELOADING;
      draining[w] = wst_q[3*w +: 3] == S_DRAINING;
      stacked[w] = wst_q[3*w +: 3] == S_INACTIVE;
    end
  end
  assign avail = avail_q;
  assign quiet = !enq_valid_q;
endmodule
