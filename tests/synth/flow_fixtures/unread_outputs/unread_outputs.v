// Top of the unread_outputs fixture (tests/synth): the instances of the generate loop read only
// their units' sums, u_prod only its product.
module unread_outputs #(
    parameter WIDTH = 8
) (
    input  wire               clk,
    input  wire [WIDTH-1:0]   a,
    input  wire [WIDTH-1:0]   b,
    output wire [2*WIDTH-1:0] sums,
    output wire [2*WIDTH-1:0] prod
);
  genvar g;
  generate
    for (g = 0; g < 2; g = g + 1) begin : g_sum
      unread_outputs_unit #(
          .WIDTH(WIDTH)
      ) u_unit (
          .clk (clk),
          .a   (g == 0 ? a : b),
          .b   (g == 0 ? b : a ^ b),
          .sum (sums[g*WIDTH+:WIDTH]),
          .prod()
      );
    end
  endgenerate
  unread_outputs_unit #(
      .WIDTH(WIDTH)
  ) u_prod (
      .clk (clk),
      .a   (a),
      .b   (b),
      .sum (),
      .prod(prod)
  );
endmodule
