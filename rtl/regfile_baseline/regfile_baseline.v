// Baseline register file of one warp scheduler's share of an SM (the structure RegLess replaces;
// docs/blocks/regless.md §6, issue 14 item 5), for a like-for-like area and power comparison
// through the same synthesis flow and SRAM model: NBANKS single-ported banks, each an SRAM macro
// (regfile_bank_ram.v) of ROWS rows of one warp register (DATA_BITS: 1024 = 32 lanes x 32 bits),
// one access per bank per cycle with a per-bank round-robin arbiter over the operand collectors'
// read requests (a writeback has the bank first), and the crossbar that brings each bank's read
// value to the requesting collector's operand slot. The collectors' own operand buffers are not
// part of it: RegLess feeds the same collectors.
// GTX 980 sizing (configs/GTX980.config): 256 KB and 16 banks per SM over 4 schedulers = 4 banks of
// 16 KB per scheduler; 64 warps per SM = 16 per scheduler, 32 registers each at full occupancy;
// 8 SP + 4 SFU collector units per SM = 3 per scheduler, 3 operands each.
// Register r of warp w: bank (w + r) mod NBANKS (as GPGPU-Sim), row w * NREGS / NBANKS + r / NBANKS.
// Each bank is its own instance under this top and the crossbar another, so the hierarchical flow
// maps one bank once (docs/synthesis.md).
module regfile_baseline #(
  parameter integer NWARPS = 16,
  parameter integer NREGS = 32,
  parameter integer NBANKS = 4,
  parameter integer NCU = 3,
  parameter integer NOPND = 3,
  parameter integer DATA_BITS = 32
) (
  input  wire                       clk,
  input  wire                       rst,
  input  wire [NR-1:0]              rd_valid,   // per collector operand slot: a read request
  input  wire [WB*NR-1:0]           rd_warp,
  input  wire [RB*NR-1:0]           rd_reg,
  output wire [NR-1:0]              rd_grant,   // the request was taken this cycle
  output wire [NR-1:0]              rsp_valid,  // its value, the cycle after the grant
  output wire [DATA_BITS*NR-1:0]    rsp_data,
  input  wire                       wb_valid,   // a writeback (always taken: it has its bank first)
  input  wire [WB-1:0]              wb_warp,
  input  wire [RB-1:0]              wb_reg,
  input  wire [DATA_BITS-1:0]       wb_data
);
  localparam integer NR = NCU * NOPND;
  localparam integer WB = NWARPS > 1 ? $clog2(NWARPS) : 1;
  localparam integer RB = NREGS > 1 ? $clog2(NREGS) : 1;
  localparam integer BB = NBANKS > 1 ? $clog2(NBANKS) : 1;
  localparam integer ROWS = NWARPS * NREGS / NBANKS;
  localparam integer AB = ROWS > 1 ? $clog2(ROWS) : 1;

  // Bank and row of register r of warp w.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [BB-1:0] bank_of(input [WB-1:0] w, input [RB-1:0] r);
    bank_of = NBANKS > 1 ? BB'((32'(w) + 32'(r)) % NBANKS) : {BB{1'b0}};
  endfunction
  function automatic [AB-1:0] row_of(input [WB-1:0] w, input [RB-1:0] r);
    row_of = AB'(32'(w) * (NREGS / NBANKS) + 32'(r) / NBANKS);
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  reg [NR*NBANKS-1:0] rd_me;
  reg [AB*NR-1:0] rd_row;
  reg [NBANKS-1:0] wb_me;
  integer k;
  always @* begin
    rd_me = {NR*NBANKS{1'b0}};
    rd_row = {AB*NR{1'b0}};
    wb_me = {NBANKS{1'b0}};
    for (k = 0; k < NR; k = k + 1) begin
      rd_row[AB*k +: AB] = row_of(rd_warp[WB*k +: WB], rd_reg[RB*k +: RB]);
      if (rd_valid[k]) rd_me[NR*32'(bank_of(rd_warp[WB*k +: WB], rd_reg[RB*k +: RB])) + k] = 1'b1;
    end
    if (wb_valid) wb_me[bank_of(wb_warp, wb_reg)] = 1'b1;
  end

  wire [NR*NBANKS-1:0] grant, sel;
  wire [DATA_BITS*NBANKS-1:0] q;
  genvar gb;
  generate
    for (gb = 0; gb < NBANKS; gb = gb + 1) begin : g_bank
      regfile_bank #(.NR(NR), .ROWS(ROWS), .AB(AB), .DATA_BITS(DATA_BITS)) u_bank (
        .clk(clk), .rst(rst), .rd_me(rd_me[NR*gb +: NR]), .rd_row(rd_row), .wb_me(wb_me[gb]),
        .wb_row(row_of(wb_warp, wb_reg)), .wb_data(wb_data), .grant(grant[NR*gb +: NR]),
        .sel(sel[NR*gb +: NR]), .q(q[DATA_BITS*gb +: DATA_BITS]));
    end
  endgenerate

  regfile_xbar #(.NR(NR), .NBANKS(NBANKS), .DATA_BITS(DATA_BITS)) u_xbar (
    .grant(grant), .sel(sel), .q(q), .rd_grant(rd_grant), .rsp_valid(rsp_valid), .rsp_data(rsp_data));
endmodule
