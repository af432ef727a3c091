// Instruction queues (spec §2.1.b ①): IQ_COUNT FIFOs of IQ_DEPTH entries holding global
// load/store instructions before operand read. Warp w goes to queue w / WARPS_PER_IQ; queue 0
// has the highest (fixed) priority. The head of the highest-priority non-empty queue is named on
// the AGU read port; `pop` (decided by the top level: a coalescer is free) removes it.
module warppool_iq #(
    parameter NWARPS       = 48,
    parameter IQ_COUNT     = 16,
    parameter IQ_DEPTH     = 8,
    parameter WARPS_PER_IQ = 3,
    parameter WARP_W       = 6,
    parameter TAG_W        = 5
) (
    input  wire              clk,
    input  wire              rst,
    input  wire              issue_valid,
    input  wire [WARP_W-1:0] issue_warp,
    input  wire [TAG_W-1:0]  issue_tag,
    input  wire              issue_store,
    input  wire              pop,
    output wire [NWARPS-1:0] issue_ready,
    output reg               head_valid,
    output reg  [WARP_W-1:0] head_warp,
    output reg  [TAG_W-1:0]  head_tag,
    output reg               head_store,
    output wire              any_full
);
  localparam E_W = WARP_W + TAG_W + 1;

  wire [IQ_COUNT-1:0]     nonempty, full;
  wire [IQ_COUNT*E_W-1:0] heads;
  reg  [IQ_COUNT-1:0]     push, popq;

  genvar q, w;
  generate
    for (q = 0; q < IQ_COUNT; q = q + 1) begin : g_q
      warppool_iq_fifo #(
          .DEPTH(IQ_DEPTH), .W(E_W)
      ) u_fifo (
          .clk(clk), .rst(rst), .push(push[q]), .din({issue_warp, issue_tag, issue_store}),
          .pop(popq[q]), .dout(heads[q*E_W+:E_W]), .nonempty(nonempty[q]), .full(full[q])
      );
    end
    for (w = 0; w < NWARPS; w = w + 1) begin : g_ready
      assign issue_ready[w] = ~full[w/WARPS_PER_IQ];
    end
  endgenerate
  assign any_full = |full;

  always @* begin : sel
    integer i;
    reg found;
    found = 1'b0;
    head_valid = 1'b0;
    {head_warp, head_tag, head_store} = {E_W{1'b0}};
    for (i = 0; i < IQ_COUNT; i = i + 1)
      if (!found && nonempty[i]) begin
        found = 1'b1;
        head_valid = 1'b1;
        {head_warp, head_tag, head_store} = heads[i*E_W+:E_W];
      end
  end

  always @* begin : pushsel  // input-driven: kept apart from the state-driven head selection
    integer i;
    push = {IQ_COUNT{1'b0}};
    for (i = 0; i < IQ_COUNT; i = i + 1)
      if ({{(32 - WARP_W) {1'b0}}, issue_warp} >= i * WARPS_PER_IQ &&
          {{(32 - WARP_W) {1'b0}}, issue_warp} < (i + 1) * WARPS_PER_IQ)
        push[i] = issue_valid;
  end

  // Separate from `sel` so that pop (which depends on head_valid) forms no combinational loop.
  always @* begin : popsel
    integer i;
    reg found;
    found = 1'b0;
    popq = {IQ_COUNT{1'b0}};
    for (i = 0; i < IQ_COUNT; i = i + 1)
      if (!found && nonempty[i]) begin
        found = 1'b1;
        popq[i] = pop;
      end
  end
endmodule
