// A registered adder and multiplier; the multiplier is the expensive output.
module unread_outputs_unit #(
    parameter WIDTH = 8
) (
    input  wire                 clk,
    input  wire [WIDTH-1:0]     a,
    input  wire [WIDTH-1:0]     b,
    output reg  [WIDTH-1:0]     sum,
    output reg  [2*WIDTH-1:0]   prod
);
  always @(posedge clk) begin
    sum  <= a + b;
    prod <= a * b;
  end
endmodule
