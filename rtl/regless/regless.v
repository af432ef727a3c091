// RegLess, one shard per warp scheduler (Kloosterman, "Data Resource Management in Throughput
// Processors", PhD thesis 2018, ch. 4; docs/blocks/regless.md): the capacity manager, which gates
// the scheduler through `active`, and the operand staging unit, with its data store as one SRAM
// macro per bank (regless_bank_ram.v). Each is one shared part (regless_cm.v, regless_osu.v) and
// one instance per repeated unit (regless_cm_warp.v per warp slot, regless_osu_bank.v per bank),
// all instantiated here, directly under the top: the hierarchical synthesis flow keeps the top's
// instances and maps each distinct module once (docs/synthesis.md), so the design's size at the
// GTX 980 defaults costs the flow one warp, one bank and the shared parts, not 16 warps and 8 banks
// written as loops. The wiring below holds no logic.
// Ports as in systemc/blocks/regless/regless_pins.def (arrays flattened: element k at
// [k*width +: width]); every output is a function of registers (Moore).
module regless #(
  parameter integer NWARPS = 16,
  parameter integer NBANKS = 8,
  parameter integer LINES = 16,
  parameter integer NREGS = 64,
  parameter integer DATA_BITS = 32,
  parameter integer NOPS = 4
) (
  input  wire clk,
  input  wire rst,
  input  wire launch_valid,
  input  wire [WB-1:0] launch_warp,
  input  wire [NWARPS-1:0] blocked,
  input  wire rgn_valid,
  input  wire [CB*NBANKS-1:0] rgn_need,
  input  wire [NREGS-1:0] rgn_pre,
  input  wire [NREGS-1:0] rgn_inv,
  input  wire [NREGS-1:0] rgn_cinv,
  input  wire end_valid,
  input  wire [WB-1:0] end_warp,
  input  wire end_final,
  input  wire [NOPS-1:0] op_valid,
  input  wire [2*NOPS-1:0] op_kind,
  input  wire [WB*NOPS-1:0] op_warp,
  input  wire [RB*NOPS-1:0] op_reg,
  input  wire [LB*NOPS-1:0] op_line,
  input  wire [2*NOPS-1:0] op_rel,
  input  wire [DATA_BITS*NOPS-1:0] op_data,
  input  wire mem_ready,
  input  wire fill_valid,
  input  wire [WB-1:0] fill_warp,
  input  wire [RB-1:0] fill_reg,
  input  wire [LB-1:0] fill_line,
  input  wire [DATA_BITS-1:0] fill_data,
  output wire [NWARPS-1:0] active,
  output wire [NWARPS-1:0] preloading,
  output wire [NWARPS-1:0] draining,
  output wire [NWARPS-1:0] stacked,
  output wire top_valid,
  output wire [WB-1:0] top_warp,
  output wire [CB*NBANKS-1:0] avail,
  output wire [NOPS-1:0] rsp_valid,
  output wire [NOPS-1:0] rsp_err,
  output wire [LB*NOPS-1:0] rsp_line,
  output wire [DATA_BITS*NOPS-1:0] rsp_data,
  output wire mem_valid,
  output wire mem_wb,
  output wire [WB-1:0] mem_wb_warp,
  output wire [RB-1:0] mem_wb_reg,
  output wire [DATA_BITS-1:0] mem_data,
  output wire mem_rd,
  output wire mem_inv,
  output wire [WB-1:0] mem_warp,
  output wire [RB-1:0] mem_reg,
  output wire [LB-1:0] mem_line,
  output wire quiet
);
  // Field widths, as ReglessParams computes them (at least one bit each).
  localparam integer WB = NWARPS > 1 ? $clog2(NWARPS) : 1;
  localparam integer RB = NREGS > 1 ? $clog2(NREGS) : 1;
  localparam integer LB = LINES > 1 ? $clog2(LINES) : 1;
  localparam integer CB = $clog2(LINES + 1);
  localparam integer BB = NBANKS > 1 ? $clog2(NBANKS) : 1;

  localparam integer PB = NREGS + 1 > 1 ? $clog2(NREGS + 1) : 1;
  localparam integer S1W = 3 + 2 * WB + 2 * RB + LB;

  // ---- operand staging unit's wires (op_me also to the CM's warps) ----
  wire [NBANKS-1:0] fill_me, pre_grant, pre_want;
  wire [NOPS*NBANKS-1:0] op_me, slot_want, b_rsp_valid, b_rsp_err, b_rsp_read, b_ev_alloc, b_ev_write;
  wire [NOPS-1:0] slot_grant;
  wire [LB*NOPS*NBANKS-1:0] b_rsp_line;
  wire [S1W*NBANKS-1:0] b_s1_req;
  wire [DATA_BITS*NBANKS-1:0] b_ram_q;

  // ---- capacity manager ----
  wire [NBANKS-1:0] push_valid;
  wire [WB*NBANKS-1:0] push_warp;
  wire [RB*NBANKS-1:0] push_reg;
  wire [2*NBANKS-1:0] push_kind;
  wire [NWARPS-1:0] exit_mask;
  wire [NBANKS-1:0] q_full, q_empty;
  wire [NOPS-1:0] ev_alloc, ev_write;
  wire [NBANKS-1:0] ev_done;
  wire [WB*NBANKS-1:0] ev_done_warp;
  wire [NOPS*NWARPS-1:0] w_alloc, w_write;
  wire [NBANKS*NWARPS-1:0] w_done;
  wire [NWARPS-1:0] w_fill, w_end, w_act, w_launch, w_finished;
  wire [CB*NBANKS*NWARPS-1:0] w_avail_ret;
  wire [PB-1:0] nitems;
  wire cm_quiet, osu_quiet;

  regless_cm #(.NWARPS(NWARPS), .NBANKS(NBANKS), .LINES(LINES), .NREGS(NREGS), .NOPS(NOPS), .WB(WB), .RB(RB),
               .CB(CB), .BB(BB), .PB(PB)) u_cm (
    .clk(clk), .rst(rst), .launch_valid(launch_valid), .launch_warp(launch_warp), .blocked(blocked),
    .rgn_valid(rgn_valid), .rgn_need(rgn_need), .rgn_pre(rgn_pre), .rgn_inv(rgn_inv), .rgn_cinv(rgn_cinv),
    .end_valid(end_valid), .end_warp(end_warp), .op_warp(op_warp), .ev_alloc(ev_alloc), .ev_write(ev_write),
    .ev_done(ev_done), .ev_done_warp(ev_done_warp), .fill_valid(fill_valid), .fill_warp(fill_warp),
    .q_full(q_full), .w_alloc(w_alloc), .w_write(w_write), .w_done(w_done), .w_fill(w_fill), .w_end(w_end),
    .w_act(w_act), .w_launch(w_launch), .nitems(nitems), .w_finished(w_finished), .w_avail_ret(w_avail_ret),
    .push_valid(push_valid), .push_warp(push_warp), .push_reg(push_reg), .push_kind(push_kind),
    .top_valid(top_valid), .top_warp(top_warp), .avail(avail), .quiet(cm_quiet));

  genvar gw;
  generate
    for (gw = 0; gw < NWARPS; gw = gw + 1) begin : g_warp
      regless_cm_warp #(.NBANKS(NBANKS), .NOPS(NOPS), .CB(CB), .PB(PB)) u_warp (
        .clk(clk), .rst(rst), .alloc_me(w_alloc[NOPS*gw +: NOPS]), .write_me(w_write[NOPS*gw +: NOPS]),
        .slot_bank(op_me), .done_me(w_done[NBANKS*gw +: NBANKS]), .fill_me(w_fill[gw]), .end_me(w_end[gw]),
        .end_final(end_final), .act_me(w_act[gw]), .need(rgn_need), .nitems(nitems), .launch_me(w_launch[gw]),
        .active(active[gw]), .preloading(preloading[gw]), .draining(draining[gw]), .stacked(stacked[gw]),
        .finished(w_finished[gw]), .exit_w(exit_mask[gw]), .avail_ret(w_avail_ret[CB*NBANKS*gw +: CB*NBANKS]));
    end
  endgenerate

  // ---- operand staging unit ----
  regless_osu #(.NBANKS(NBANKS), .DATA_BITS(DATA_BITS), .NOPS(NOPS), .WB(WB), .RB(RB), .LB(LB), .BB(BB)) u_osu (
    .clk(clk), .rst(rst), .fill_valid(fill_valid), .fill_warp(fill_warp), .fill_reg(fill_reg),
    .op_valid(op_valid), .op_kind(op_kind), .op_warp(op_warp), .op_reg(op_reg), .mem_ready(mem_ready),
    .fill_me(fill_me), .op_me(op_me), .slot_grant(slot_grant), .pre_grant(pre_grant),
    .b_slot_want(slot_want), .b_pre_want(pre_want), .b_rsp_valid(b_rsp_valid), .b_rsp_err(b_rsp_err),
    .b_rsp_read(b_rsp_read), .b_rsp_line(b_rsp_line), .b_ev_alloc(b_ev_alloc), .b_ev_write(b_ev_write),
    .b_s1_req(b_s1_req), .b_q_empty(q_empty), .b_ram_q(b_ram_q),
    .ev_alloc(ev_alloc), .ev_write(ev_write), .rsp_valid(rsp_valid), .rsp_err(rsp_err),
    .rsp_line(rsp_line), .rsp_data(rsp_data), .mem_valid(mem_valid), .mem_wb(mem_wb), .mem_wb_warp(mem_wb_warp),
    .mem_wb_reg(mem_wb_reg), .mem_data(mem_data), .mem_rd(mem_rd), .mem_inv(mem_inv), .mem_warp(mem_warp),
    .mem_reg(mem_reg), .mem_line(mem_line), .quiet(osu_quiet));

  genvar gb;
  generate
    for (gb = 0; gb < NBANKS; gb = gb + 1) begin : g_bank
      regless_osu_bank #(.NWARPS(NWARPS), .LINES(LINES), .DATA_BITS(DATA_BITS), .NOPS(NOPS), .WB(WB), .RB(RB),
                         .LB(LB), .CB(CB)) u_bank (
        .clk(clk), .rst(rst), .fill_me(fill_me[gb]), .fill_line(fill_line), .fill_data(fill_data),
        .op_me(op_me[NOPS*gb +: NOPS]), .op_kind(op_kind), .op_warp(op_warp), .op_reg(op_reg), .op_line(op_line),
        .op_rel(op_rel), .op_data(op_data), .slot_grant(slot_grant), .pre_grant(pre_grant[gb]),
        .push_valid(push_valid[gb]), .push_warp(push_warp[WB*gb +: WB]), .push_reg(push_reg[RB*gb +: RB]),
        .push_kind(push_kind[2*gb +: 2]), .exit_mask(exit_mask), .slot_want(slot_want[NOPS*gb +: NOPS]),
        .pre_want(pre_want[gb]), .rsp_valid(b_rsp_valid[NOPS*gb +: NOPS]), .rsp_err(b_rsp_err[NOPS*gb +: NOPS]),
        .rsp_read(b_rsp_read[NOPS*gb +: NOPS]), .rsp_line(b_rsp_line[LB*NOPS*gb +: LB*NOPS]),
        .ev_alloc(b_ev_alloc[NOPS*gb +: NOPS]), .ev_write(b_ev_write[NOPS*gb +: NOPS]), .ev_done(ev_done[gb]),
        .ev_done_warp(ev_done_warp[WB*gb +: WB]), .s1_req(b_s1_req[S1W*gb +: S1W]), .q_full(q_full[gb]),
        .q_empty(q_empty[gb]), .ram_q(b_ram_q[DATA_BITS*gb +: DATA_BITS]));
    end
  endgenerate

  assign quiet = cm_quiet & osu_quiet;
endmodule
