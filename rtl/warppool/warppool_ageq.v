// Age queue of the inter-warp coalescing queues (spec §2.1.b ④, "a circular queue recording
// insertion order"): the ids of allocated tags, oldest first, compacting when a tag leaves from
// any position. It selects position 0 (oldest), or with use_want the first position whose tag
// has its `want` bit set (the warp-ID policy: tags holding the lowest queued warp).
// Per edge: remove the selected tag (remove = it was sent), then append the tags allocated by the
// coalescers in coalescer order.
module warppool_ageq #(
    parameter NTAG    = 64,
    parameter TAGID_W = 6,
    parameter NCOAL   = 2
) (
    input  wire                     clk,
    input  wire                     rst,
    input  wire [NTAG-1:0]          want,
    input  wire                     use_want,
    input  wire                     remove,
    input  wire [NCOAL-1:0]         alloc,
    input  wire [NCOAL*TAGID_W-1:0] alloc_tag,
    output wire                     nonempty,
    output reg  [TAGID_W-1:0]       sel_tag,
    output wire                     sel_oldest
);
  localparam AC_W = $clog2(NTAG + 1);
  localparam [AC_W-1:0] ONE_A = 1;

  reg [NTAG*TAGID_W-1:0] aq;
  reg [AC_W-1:0]         cnt;
  reg [AC_W-1:0]         sel_pos;

  assign nonempty = cnt != {AC_W{1'b0}};
  assign sel_oldest = sel_pos == {AC_W{1'b0}};

  always @* begin : select
    integer i;
    reg found;
    found = 1'b0;
    sel_pos = {AC_W{1'b0}};
    if (use_want)
      for (i = 0; i < NTAG; i = i + 1)
        if (!found && i < {{(32 - AC_W) {1'b0}}, cnt} && want[aq[i*TAGID_W+:TAGID_W]]) begin
          found = 1'b1;
          sel_pos = i[AC_W-1:0];
        end
    sel_tag = aq[TAGID_W-1:0];
    for (i = 1; i < NTAG; i = i + 1)
      if (sel_pos == i[AC_W-1:0]) sel_tag = aq[i*TAGID_W+:TAGID_W];
  end

  // Next state computed inside the clocked block: it depends on this cycle's inputs, and keeping
  // it out of combinational logic lets Verilator evaluate it once per edge.
  always @(posedge clk) begin : next
    integer i, c;
    reg [NTAG*TAGID_W-1:0] nq;
    reg [AC_W-1:0] nc;
    for (i = 0; i < NTAG - 1; i = i + 1)
      if (remove && i >= {{(32 - AC_W) {1'b0}}, sel_pos})
        nq[i*TAGID_W+:TAGID_W] = aq[(i+1)*TAGID_W+:TAGID_W];
      else
        nq[i*TAGID_W+:TAGID_W] = aq[i*TAGID_W+:TAGID_W];
    nq[(NTAG-1)*TAGID_W+:TAGID_W] = aq[(NTAG-1)*TAGID_W+:TAGID_W];
    nc = remove ? cnt - ONE_A : cnt;
    for (c = 0; c < NCOAL; c = c + 1)
      if (alloc[c]) begin
        for (i = 0; i < NTAG; i = i + 1)
          if (nc == i[AC_W-1:0]) nq[i*TAGID_W+:TAGID_W] = alloc_tag[c*TAGID_W+:TAGID_W];
        nc = nc + ONE_A;
      end
    if (rst) cnt <= {AC_W{1'b0}};
    else begin
      aq <= nq;
      cnt <= nc;
    end
  end
endmodule
