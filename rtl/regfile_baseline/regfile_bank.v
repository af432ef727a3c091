// One bank of the baseline register file (regfile_baseline.v): its SRAM macro and its arbiter.
// Per cycle one access: a writeback to this bank, else the read request of the first requester
// (collector operand slot) at or after the round-robin pointer, which then moves past it (as
// GPGPU-Sim's per-bank allocator). `sel` (registered) names the requester whose value is on q.
module regfile_bank #(
  parameter integer NR = 9,
  parameter integer ROWS = 128,
  parameter integer AB = 7,
  parameter integer DATA_BITS = 32
) (
  input  wire                 clk,
  input  wire                 rst,
  input  wire [NR-1:0]        rd_me,   // requester k reads a register of this bank
  input  wire [AB*NR-1:0]     rd_row,
  input  wire                 wb_me,
  input  wire [AB-1:0]        wb_row,
  input  wire [DATA_BITS-1:0] wb_data,
  output reg  [NR-1:0]        grant,
  output reg  [NR-1:0]        sel,
  output wire [DATA_BITS-1:0] q
);
  localparam integer PW = NR > 1 ? $clog2(NR) : 1;
  reg [PW-1:0] rr_q, rr_n;
  reg [AB-1:0] addr;
  reg found;
  integer i, k;
  always @* begin
    grant = {NR{1'b0}};
    addr = wb_row;
    found = 1'b0;
    rr_n = rr_q;
    k = 0;
    if (!wb_me)
      for (i = 0; i < NR; i = i + 1) begin
        // rr_q + i wraps at NR: both are below NR, so one subtraction does what `% NR` would
        // (a 32-bit modulo per requester elaborates to a divider that Yosys then has to fold
        // away: 7.7 GB and 3 minutes for the flat regression-size design).
        k = 32'(rr_q) + i;
        if (k >= NR) k = k - NR;
        if (!found && rd_me[k]) begin
          found = 1'b1;
          grant[k] = 1'b1;
          addr = rd_row[AB*k +: AB];
          rr_n = k + 1 == NR ? {PW{1'b0}} : PW'(k + 1);
        end
      end
  end
  always @(posedge clk) begin
    if (rst) begin
      rr_q <= {PW{1'b0}};
      sel <= {NR{1'b0}};
    end else begin
      rr_q <= rr_n;
      sel <= grant;
    end
  end
  regfile_bank_ram #(.WORDS(ROWS), .BITS(DATA_BITS), .AW(AB)) u_ram (
    .clk(clk), .en(wb_me | found), .we(wb_me), .addr(addr), .wdata(wb_data), .q(q));
endmodule
