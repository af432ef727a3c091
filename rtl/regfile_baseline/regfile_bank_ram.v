// One baseline register-file bank's data store: WORDS rows of BITS, one access per cycle (read or
// write), the read value registered (q from the next cycle, held until the next read), as a
// synchronous single-port SRAM, the same behaviour as RegLess's regless_bank_ram so that both are
// costed by the same SRAM model; the synthesis flow keeps it as a macro
// (rtl/regfile_baseline/block.json). No reset: a register is written before it is read.
module regfile_bank_ram #(
  parameter integer WORDS = 16,
  parameter integer BITS = 32,
  parameter integer AW = 4
) (
  input  wire            clk,
  input  wire            en,
  input  wire            we,
  input  wire [AW-1:0]   addr,
  input  wire [BITS-1:0] wdata,
  output reg  [BITS-1:0] q
);
  reg [BITS-1:0] mem [0:WORDS-1];
  always @(posedge clk) begin
    if (en && we) mem[addr] <= wdata;
    if (en && !we) q <= mem[addr];
  end
endmodule
