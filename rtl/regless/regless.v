// RegLess, one shard per warp scheduler (Kloosterman, "Data Resource Management in Throughput
// Processors", PhD thesis 2018, ch. 4; docs/blocks/regless.md): the capacity manager
// (regless_cm.v), which gates the scheduler through `active`, and the operand staging unit
// (regless_osu.v), with its data store as one SRAM macro per bank (regless_bank_ram.v).
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

  wire [NBANKS-1:0] push_valid;
  wire [WB*NBANKS-1:0] push_warp;
  wire [RB*NBANKS-1:0] push_reg;
  wire [2*NBANKS-1:0] push_kind;
  wire [NWARPS-1:0] exit_mask;
  wire [NBANKS-1:0] q_full;
  wire [NOPS-1:0] ev_alloc, ev_write;
  wire [BB*NOPS-1:0] ev_bank;
  wire [NBANKS-1:0] ev_done;
  wire [WB*NBANKS-1:0] ev_done_warp;
  wire cm_quiet, osu_quiet;

  regless_cm #(.NWARPS(NWARPS), .NBANKS(NBANKS), .LINES(LINES), .NREGS(NREGS), .NOPS(NOPS), .WB(WB), .RB(RB),
               .CB(CB), .BB(BB)) u_cm (
    .clk(clk), .rst(rst), .launch_valid(launch_valid), .launch_warp(launch_warp), .blocked(blocked),
    .rgn_valid(rgn_valid), .rgn_need(rgn_need), .rgn_pre(rgn_pre), .rgn_inv(rgn_inv), .rgn_cinv(rgn_cinv),
    .end_valid(end_valid), .end_warp(end_warp), .end_final(end_final), .op_warp(op_warp), .ev_alloc(ev_alloc),
    .ev_write(ev_write), .ev_bank(ev_bank), .ev_done(ev_done), .ev_done_warp(ev_done_warp),
    .fill_valid(fill_valid), .fill_warp(fill_warp), .q_full(q_full), .push_valid(push_valid), .push_warp(push_warp),
    .push_reg(push_reg), .push_kind(push_kind), .exit_mask(exit_mask), .active(active), .preloading(preloading),
    .draining(draining), .stacked(stacked), .top_valid(top_valid), .top_warp(top_warp), .avail(avail),
    .quiet(cm_quiet));

  regless_osu #(.NWARPS(NWARPS), .NBANKS(NBANKS), .LINES(LINES), .DATA_BITS(DATA_BITS),
                .NOPS(NOPS), .WB(WB), .RB(RB), .LB(LB), .CB(CB), .BB(BB)) u_osu (
    .clk(clk), .rst(rst), .fill_valid(fill_valid), .fill_warp(fill_warp), .fill_reg(fill_reg),
    .fill_line(fill_line), .fill_data(fill_data), .op_valid(op_valid), .op_kind(op_kind), .op_warp(op_warp),
    .op_reg(op_reg), .op_line(op_line), .op_rel(op_rel), .op_data(op_data), .mem_ready(mem_ready),
    .push_valid(push_valid), .push_warp(push_warp), .push_reg(push_reg), .push_kind(push_kind),
    .exit_mask(exit_mask), .q_full(q_full), .ev_alloc(ev_alloc), .ev_write(ev_write), .ev_bank(ev_bank), .ev_done(ev_done),
    .ev_done_warp(ev_done_warp), .rsp_valid(rsp_valid), .rsp_err(rsp_err), .rsp_line(rsp_line),
    .rsp_data(rsp_data), .mem_valid(mem_valid), .mem_wb(mem_wb), .mem_wb_warp(mem_wb_warp),
    .mem_wb_reg(mem_wb_reg), .mem_data(mem_data), .mem_rd(mem_rd), .mem_inv(mem_inv), .mem_warp(mem_warp),
    .mem_reg(mem_reg), .mem_line(mem_line), .quiet(osu_quiet));

  assign quiet = cm_quiet & osu_quiet;
endmodule
