// Per-warp load/store consistency counters (spec §2.1.b "Stores and memory consistency", counting
// semantics in docs/blocks/warppool.md): cnt[w] = warp w's instructions in the instruction queues
// and coalescers + its line requests not yet sent to the L1. +1 at issue, +1 per line a
// coalescer emits except the instruction's last (which takes over the instruction's count), -1
// per line sent to the L1 (every merged slot), -1 when an instruction with no active lane is
// popped. A store may issue only when cnt[w] = 0; a load also when warp w's last global
// operation was a load (load-load reordering is allowed).
module warppool_consist #(
    parameter NWARPS = 48,
    parameter WARP_W = 6,
    parameter NCOAL  = 2,
    parameter NS     = 4,
    parameter CNT_W  = 10
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire                    issue_valid,
    input  wire [WARP_W-1:0]       issue_warp,
    input  wire                    issue_store,
    input  wire                    popz_valid,   // popped instruction without active lanes
    input  wire [WARP_W-1:0]       popz_warp,
    input  wire [NCOAL-1:0]        emit_more,    // coalescer emitted a line that is not its last
    input  wire [NCOAL*WARP_W-1:0] emit_warp,
    input  wire                    st_sent,
    input  wire [WARP_W-1:0]       st_warp,
    input  wire                    ld_sent,
    input  wire [3:0]              ld_n,
    input  wire [NS*WARP_W-1:0]    ld_warps,
    output reg  [NWARPS-1:0]       ld_ok,
    output reg  [NWARPS-1:0]       st_ok
);
  localparam NE = 3 + NCOAL + NS;  // counter events per cycle: issue, popz, store, emits, slots
  reg [CNT_W-1:0]  cnt[0:NWARPS-1];
  reg [NWARPS-1:0] last_load;

  always @* begin : ok
    integer w;
    for (w = 0; w < NWARPS; w = w + 1) begin
      ld_ok[w] = (cnt[w] == {CNT_W{1'b0}}) | last_load[w];
      st_ok[w] = (cnt[w] == {CNT_W{1'b0}});
    end
  end

  // The updates depend on this cycle's inputs, so they are computed in the clocked block (once
  // per edge). Each event's warp gets its counter plus the sum of all events on that warp (events
  // on one warp write the same value).
  always @(posedge clk) begin : update
    integer e, f, c, k;
    reg [NE-1:0]        ev_valid, ev_up;
    reg [NE*WARP_W-1:0] ev_warp;
    reg [CNT_W-1:0]     v;
    ev_valid = {NE{1'b0}};
    ev_up = {NE{1'b0}};
    ev_warp = {(NE * WARP_W) {1'b0}};
    ev_valid[0] = issue_valid;
    ev_up[0] = 1'b1;
    ev_warp[0+:WARP_W] = issue_warp;
    ev_valid[1] = popz_valid;
    ev_warp[WARP_W+:WARP_W] = popz_warp;
    ev_valid[2] = st_sent;
    ev_warp[2*WARP_W+:WARP_W] = st_warp;
    for (c = 0; c < NCOAL; c = c + 1) begin
      ev_valid[3+c] = emit_more[c];
      ev_up[3+c] = 1'b1;
      ev_warp[(3+c)*WARP_W+:WARP_W] = emit_warp[c*WARP_W+:WARP_W];
    end
    for (k = 0; k < NS; k = k + 1) begin
      ev_valid[3+NCOAL+k] = ld_sent && k < {28'd0, ld_n};
      ev_warp[(3+NCOAL+k)*WARP_W+:WARP_W] = ld_warps[k*WARP_W+:WARP_W];
    end
    if (rst) begin
      for (e = 0; e < NWARPS; e = e + 1) cnt[e] <= {CNT_W{1'b0}};
      last_load <= {NWARPS{1'b0}};
    end else begin
      for (e = 0; e < NE; e = e + 1)
        if (ev_valid[e]) begin
          v = cnt[ev_warp[e*WARP_W+:WARP_W]];
          for (f = 0; f < NE; f = f + 1)
            if (ev_valid[f] && ev_warp[f*WARP_W+:WARP_W] == ev_warp[e*WARP_W+:WARP_W])
              v = ev_up[f] ? v + 1'b1 : v - 1'b1;
          cnt[ev_warp[e*WARP_W+:WARP_W]] <= v;
        end
      if (issue_valid) last_load[issue_warp] <= ~issue_store;
    end
  end
endmodule
