// SWL: static warp limiting, one per SM (the "best-SWL" baseline of Rogers, O'Connor and Aamodt,
// "Cache-Conscious Wavefront Scheduling", MICRO 2012; docs/blocks/swl.md). A warp may issue gated
// instructions (global loads, or everything) while fewer than `limit` older warps are active; a
// warp is active while it is live and not parked (at a barrier, or done issuing), so warps that
// wait for younger ones never hold them back. `limit` is a configuration register (1 to 64).
//
// Launch order lives in an age matrix: for each pair of warp slots v < w one bit of older_q, set
// when slot w's warp was launched after slot v's. The bit is written whenever either slot
// launches (the later launch decides; same-cycle launches are ordered by slot), so it is defined
// for every pair of live warps and read only masked by `active`: it needs no reset.
// Ports as in systemc/blocks/swl/swl_pins.def; the outputs are functions of registers (Moore).
module swl #(
  parameter integer NWARPS = 48
) (
  input  wire              clk,
  input  wire              rst,
  input  wire [NWARPS-1:0] launch,
  input  wire [NWARPS-1:0] retire,
  input  wire [NWARPS-1:0] parked,
  input  wire [6:0]        limit,
  output wire [NWARPS-1:0] live,
  output wire [NWARPS-1:0] allow
);
  localparam integer NPAIRS = NWARPS > 1 ? NWARPS * (NWARPS - 1) / 2 : 1;
  localparam [6:0] ONE = 7'd1;

  reg [NWARPS-1:0] live_q, parked_q;
  reg [6:0] limit_q;
  reg [NPAIRS-1:0] older_q;  // pair (w, v), v < w, at w*(w-1)/2 + v: v was launched before w

  // A retiring slot may take a new warp in the same cycle: retire first, then launch.
  always @(posedge clk) begin
    if (rst) begin
      live_q <= {NWARPS{1'b0}};
      parked_q <= {NWARPS{1'b0}};
      limit_q <= 7'd0;
    end else begin
      live_q <= (live_q & ~retire) | launch;
      parked_q <= parked;
      limit_q <= limit;
    end
  end

  function automatic [6:0] popcount(input [NWARPS-1:0] x);
    integer k;
    begin
      popcount = 7'd0;
      for (k = 0; k < NWARPS; k = k + 1)
        if (x[k]) popcount = popcount + ONE;
    end
  endfunction

  wire [NWARPS-1:0] active = live_q & ~parked_q;
  assign live = live_q;

  genvar w, v;
  generate
    for (w = 0; w < NWARPS; w = w + 1) begin : g_warp
      wire [NWARPS-1:0] ahead;  // active warps launched before warp w
      for (v = 0; v < NWARPS; v = v + 1) begin : g_pair
        if (v < w) begin : g_lo
          always @(posedge clk)
            if (launch[w] | launch[v]) older_q[w * (w - 1) / 2 + v] <= launch[w];
          assign ahead[v] = active[v] & older_q[w * (w - 1) / 2 + v];
        end else if (v > w) begin : g_hi
          assign ahead[v] = active[v] & ~older_q[v * (v - 1) / 2 + w];
        end else begin : g_self
          assign ahead[v] = 1'b0;
        end
      end
      assign allow[w] = live_q[w] & (popcount(ahead) < limit_q);
    end
  endgenerate
endmodule
