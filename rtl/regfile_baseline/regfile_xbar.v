// The crossbar of the baseline register file (regfile_baseline.v): each collector operand slot
// takes the value of the bank that granted it last cycle (at most one bank grants a requester).
module regfile_xbar #(
  parameter integer NR = 9,
  parameter integer NBANKS = 4,
  parameter integer DATA_BITS = 32
) (
  input  wire [NR*NBANKS-1:0]        grant,
  input  wire [NR*NBANKS-1:0]        sel,
  input  wire [DATA_BITS*NBANKS-1:0] q,
  output reg  [NR-1:0]               rd_grant,
  output reg  [NR-1:0]               rsp_valid,
  output reg  [DATA_BITS*NR-1:0]     rsp_data
);
  integer k, b;
  always @* begin
    rd_grant = {NR{1'b0}};
    rsp_valid = {NR{1'b0}};
    rsp_data = {DATA_BITS*NR{1'b0}};
    for (k = 0; k < NR; k = k + 1)
      for (b = 0; b < NBANKS; b = b + 1) begin
        if (grant[NR*b + k]) rd_grant[k] = 1'b1;
        if (sel[NR*b + k]) begin
          rsp_valid[k] = 1'b1;
          rsp_data[DATA_BITS*k +: DATA_BITS] = rsp_data[DATA_BITS*k +: DATA_BITS] | q[DATA_BITS*b +: DATA_BITS];
        end
      end
  end
endmodule
