// One instruction queue: a DEPTH-entry FIFO ring of W-bit entries (push and pop in one cycle
// allowed; the caller never pushes when full or pops when empty).
module warppool_iq_fifo #(
    parameter DEPTH = 8,
    parameter W     = 12
) (
    input  wire         clk,
    input  wire         rst,
    input  wire         push,
    input  wire [W-1:0] din,
    input  wire         pop,
    output wire [W-1:0] dout,
    output wire         nonempty,
    output wire         full
);
  localparam P_W = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam C_W = $clog2(DEPTH + 1);
  localparam [C_W-1:0] DEPTH_C = DEPTH[C_W-1:0];
  localparam [C_W-1:0] ONE_C = 1;
  localparam [P_W-1:0] LAST = DEPTH[P_W-1:0] - 1'b1;

  reg [W-1:0]   mem[0:DEPTH-1];
  reg [P_W-1:0] head, tail;
  reg [C_W-1:0] count;

  assign dout = mem[head];
  assign nonempty = count != {C_W{1'b0}};
  assign full = count == DEPTH_C;

  always @(posedge clk) begin
    if (rst) begin
      head <= {P_W{1'b0}};
      tail <= {P_W{1'b0}};
      count <= {C_W{1'b0}};
    end else begin
      if (push) begin
        mem[tail] <= din;
        tail <= (tail == LAST) ? {P_W{1'b0}} : tail + 1'b1;
      end
      if (pop) head <= (head == LAST) ? {P_W{1'b0}} : head + 1'b1;
      count <= count + (push ? ONE_C : {C_W{1'b0}}) - (pop ? ONE_C : {C_W{1'b0}});
    end
  end
endmodule
