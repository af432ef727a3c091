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

  // One array entry per position: Verilator moves bytes instead of slicing a 384-bit vector
  // (the flattened form cost a third of the block's evaluation time), and synthesis sees the
  // same NTAG x TAGID_W flops.
  reg [TAGID_W-1:0] aq[0:NTAG-1];
  reg [AC_W-1:0]    cnt;
  reg [AC_W-1:0]    sel_pos;

  assign nonempty = cnt != {AC_W{1'b0}};
  assign sel_oldest = sel_pos == {AC_W{1'b0}};

  always @* begin : select
    integer i;
    reg found;
    found = 1'b0;
    sel_pos = {AC_W{1'b0}};
    if (use_want)
      for (i = 0; i < NTAG; i = i + 1)
        if (!found && i < {{(32 - AC_W) {1'b0}}, cnt} && want[aq[i]]) begin
          found = 1'b1;
          sel_pos = i[AC_W-1:0];
        end
    sel_tag = aq[sel_pos[TAGID_W-1:0]];
  end

  // Per edge: positions at and after the sent tag move up by one, then the allocated tags are
  // written at the new end in coalescer order (a later nonblocking write to the same position
  // wins, so an append overrides the move there). Nothing moves in a cycle with neither.
  always @(posedge clk) begin : next
    integer i, c;
    reg [AC_W-1:0] nc;
    nc = remove ? cnt - ONE_A : cnt;
    if (rst) cnt <= {AC_W{1'b0}};
    else begin
      if (remove)
        for (i = 0; i < NTAG - 1; i = i + 1)
          if (i >= {{(32 - AC_W) {1'b0}}, sel_pos}) aq[i] <= aq[i+1];
      for (c = 0; c < NCOAL; c = c + 1)
        if (alloc[c]) begin
          aq[nc[TAGID_W-1:0]] <= alloc_tag[c*TAGID_W+:TAGID_W];
          nc = nc + ONE_A;
        end
      cnt <= nc;
    end
  end
endmodule
