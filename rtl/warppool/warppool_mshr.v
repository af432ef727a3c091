// MSHR metadata table (spec §2.1.b ⑤): every load request sent to the L1 takes a request id
// (the lowest free one) and stores its slots - {n, NS x SLOT_W} - in row `id` of the SRAM macro
// (1024 slots x 23 bits for 256 ids x 4 slots). The id travels with the request and comes back
// with the data; the writeback unit reads the row then and frees the id when its last slot is
// written back. No free id: no load can be selected (back-pressure on the queues).
module warppool_mshr #(
    parameter NREQ  = 256,
    parameter ID_W  = 8,
    parameter ROW_W = 96
) (
    input  wire             clk,
    input  wire             rst,
    input  wire             alloc,      // a load request is accepted by the L1 with free_id
    input  wire [ROW_W-1:0] alloc_row,
    input  wire             release_valid,
    input  wire [ID_W-1:0]  release_id,
    input  wire             rd_valid,   // data return: read its row
    input  wire [ID_W-1:0]  rd_id,
    output wire [ROW_W-1:0] rd_row,     // the row of the previous cycle's rd_id
    output reg  [ID_W-1:0]  free_id,
    output wire             any_free,
    output wire             any_busy
);
  reg [NREQ-1:0] busy;

  // Lowest free id: first the lowest 32-id group with a free id, then the id within the group.
  localparam NGRP = (NREQ + 31) / 32;
  wire [NGRP*32-1:0] busy_pad;  // ids beyond NREQ read as busy
  generate
    if (NGRP * 32 == NREQ) begin : g_exact
      assign busy_pad = busy;
    end else begin : g_pad
      assign busy_pad = {{(NGRP * 32 - NREQ) {1'b1}}, busy};
    end
  endgenerate
  always @* begin : lowest
    integer gi, i;
    reg [31:0] grp;
    /* verilator lint_off UNUSEDSIGNAL */  // base < NREQ: only the low ID_W bits can be set
    reg [ID_W+4:0] base;
    /* verilator lint_on UNUSEDSIGNAL */
    grp = 32'hffffffff;
    base = {(ID_W + 5) {1'b0}};
    for (gi = NGRP - 1; gi >= 0; gi = gi - 1)
      if (busy_pad[gi*32+:32] != 32'hffffffff) begin
        grp = busy_pad[gi*32+:32];
        base = gi[ID_W+4:0] * 6'd32;
      end
    free_id = base[ID_W-1:0];
    for (i = 31; i >= 0; i = i - 1)
      if (!grp[i]) free_id = base[ID_W-1:0] + i[ID_W-1:0];
  end
  assign any_free = ~&busy;
  assign any_busy = |busy;

  always @(posedge clk) begin
    if (rst) begin
      busy <= {NREQ{1'b0}};
    end else begin
      if (release_valid) busy[release_id] <= 1'b0;
      if (alloc) busy[free_id] <= 1'b1;
    end
  end

  warppool_mshr_sram #(
      .DEPTH(NREQ), .WIDTH(ROW_W), .AW(ID_W)
  ) u_sram (
      .clk  (clk),
      .we   (alloc),
      .waddr(free_id),
      .wdata(alloc_row),
      .re   (rd_valid),
      .raddr(rd_id),
      .rdata(rd_row)
  );
endmodule
