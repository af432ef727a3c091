// MSHR metadata table storage (spec §2.1.b ⑤): a plain single-port-write / single-port-read
// synchronous SRAM, DEPTH rows x WIDTH bits. Kept as its own module so synthesis can treat it as
// a macro (blackbox it and size it with the SRAM model, as the thesis did with CACTI) instead of
// mapping it to flip-flops. Read data appears the cycle after `re`; no reset (SRAM contents).
module warppool_mshr_sram #(
    parameter DEPTH = 256,
    parameter WIDTH = 96,
    parameter AW    = 8
) (
    input  wire             clk,
    input  wire             we,
    input  wire [AW-1:0]    waddr,
    input  wire [WIDTH-1:0] wdata,
    input  wire             re,
    input  wire [AW-1:0]    raddr,
    output reg  [WIDTH-1:0] rdata
);
  reg [WIDTH-1:0] mem[0:DEPTH-1];
  always @(posedge clk) begin
    if (we) mem[waddr] <= wdata;
    if (re) rdata <= mem[raddr];
  end
endmodule
