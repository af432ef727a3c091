// One intra-warp coalescer with its two pipeline registers (spec §2.1.b ②):
//   CO: the popped warp instruction (lane addresses, lanes still to send). Each cycle the CL
//       register can take a request, it emits the line of its lowest remaining lane with every
//       remaining lane in that line (GPGPU-Sim Fermi coalescing, one line per cycle).
//   CL: the emitted line request (lanes, 5-bit word per lane, sectors); its mapping pattern is
//       classified here (warppool_classify) and a thread-map-table entry granted if needed.
//   IN: the classified request waiting to be inserted into an inter-warp queue (loads) or to
//       win the L1 port (stores bypass the queues).
// The top level decides the moves (cl_move, in_move) from downstream state; emit and fin follow.
module warppool_coal #(
    parameter ADDR_W = 48,
    parameter WARP_W = 6,
    parameter TAG_W  = 5,
    parameter TMT_W  = 3
) (
    input  wire                 clk,
    input  wire                 rst,
    // instruction-queue pop into this coalescer (operands from the AGU read port)
    input  wire                 load,
    input  wire [WARP_W-1:0]    ld_warp,
    input  wire [TAG_W-1:0]     ld_tag,
    input  wire                 ld_store,
    input  wire [31:0]          ld_mask,
    input  wire [32*ADDR_W-1:0] ld_addr,
    // moves decided by the top level
    input  wire                 cl_move,
    input  wire [TMT_W-1:0]     cl_tmt_idx,
    input  wire                 in_move,
    // CO
    output reg                  busy,
    output wire                 emit,
    output wire                 fin,
    output reg  [WARP_W-1:0]    co_warp,
    // CL
    output reg                  cl_valid,
    output wire                 cl_table,
    output reg  [31:0]          cl_lanes,
    output reg  [159:0]         cl_words,
    // IN
    output reg                  in_valid,
    output reg                  in_store,
    output reg  [WARP_W-1:0]    in_warp,
    output reg  [TAG_W-1:0]     in_tag,
    output reg  [ADDR_W-8:0]    in_line,
    output reg  [31:0]          in_lanes,
    output reg  [3:0]           in_sectors,
    output reg  [1:0]           in_type,
    output reg  [9:0]           in_payload
);
  localparam LINE_W = ADDR_W - 7;

  reg                 cl_store;
  reg [TAG_W-1:0]     co_tag;
  reg                 co_store;
  reg [31:0]          rem;
  reg [32*ADDR_W-1:0] addr;
  reg [WARP_W-1:0]    cl_warp;
  reg [TAG_W-1:0]     cl_tag;
  reg [LINE_W-1:0]    cl_line;
  reg [3:0]           cl_sectors;

  // ---- line generation (combinational) ----
  reg [LINE_W-1:0] lead_line;
  reg [31:0]       match;
  reg [159:0]      words;
  reg [3:0]        sectors;
  always @* begin : gen
    integer t;
    lead_line = {LINE_W{1'b0}};  // the line of the lowest remaining lane (priority mux)
    for (t = 31; t >= 0; t = t - 1) if (rem[t]) lead_line = addr[t*ADDR_W+7+:LINE_W];
    match = 32'd0;
    words = 160'd0;
    sectors = 4'd0;
    for (t = 0; t < 32; t = t + 1) begin
      if (rem[t] && addr[t*ADDR_W+7+:LINE_W] == lead_line) begin
        match[t] = 1'b1;
        words[t*5+:5] = addr[t*ADDR_W+2+:5];
        sectors[addr[t*ADDR_W+5+:2]] = 1'b1;
      end
    end
  end
  assign emit = busy & (~cl_valid | cl_move);
  assign fin = emit & ((rem & ~match) == 32'd0);

  // ---- classification of the CL request ----
  wire [1:0] c_type;
  wire [9:0] c_payload;
  wire       c_random;
  warppool_classify u_classify (
      .lanes  (cl_lanes),
      .words  (cl_words),
      .ptype  (c_type),
      .payload(c_payload),
      .random (c_random)
  );
  assign cl_table = c_random & ~cl_store;

  always @(posedge clk) begin
    if (rst) begin
      busy <= 1'b0;
      cl_valid <= 1'b0;
      in_valid <= 1'b0;
    end else begin
      // IN <- CL
      if (cl_move) begin
        in_valid <= 1'b1;
        in_store <= cl_store;
        in_warp <= cl_warp;
        in_tag <= cl_tag;
        in_line <= cl_line;
        in_lanes <= cl_lanes;
        in_sectors <= cl_sectors;
        in_type <= cl_store ? 2'd0 : c_type;
        in_payload <= cl_store ? 10'd0 : (c_random ? {{(10 - TMT_W) {1'b0}}, cl_tmt_idx} : c_payload);
      end else if (in_move) begin
        in_valid <= 1'b0;
      end
      // CL <- CO
      if (emit) begin
        cl_valid <= 1'b1;
        cl_store <= co_store;
        cl_warp <= co_warp;
        cl_tag <= co_tag;
        cl_line <= lead_line;
        cl_lanes <= match;
        cl_words <= words;
        cl_sectors <= sectors;
        rem <= rem & ~match;
        busy <= (rem & ~match) != 32'd0;
      end else if (cl_move) begin
        cl_valid <= 1'b0;
      end
      // CO <- instruction queue (a coalescer sending its last line may load in the same cycle)
      if (load) begin
        busy <= ld_mask != 32'd0;
        co_warp <= ld_warp;
        co_tag <= ld_tag;
        co_store <= ld_store;
        rem <= ld_mask;
        addr <= ld_addr;
      end
    end
  end
endmodule
