// Thread map table (spec §2.1.b): NTMT entries holding any lane -> word mapping the 10-bit
// encodings cannot express (per lane: valid bit + 5-bit word). Coalescers whose CL request is
// "random" and can otherwise move are granted the lowest free entries, coalescer 0 first
// (`need` must already include "can move"); an entry is written when granted and freed when its
// slot is written back. All entries are visible to the decoders (L1 request and writeback).
module warppool_tmt #(
    parameter NTMT  = 8,
    parameter TMT_W = 3,
    parameter NCOAL = 2
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire [NCOAL-1:0]       need,
    input  wire [NCOAL*32-1:0]    wr_lanes,
    input  wire [NCOAL*160-1:0]   wr_words,
    output reg  [NCOAL-1:0]       grant,
    output reg  [NCOAL*TMT_W-1:0] grant_idx,
    input  wire                   free_valid,
    input  wire [TMT_W-1:0]       free_idx,
    output wire                   full,
    output wire [NTMT*32-1:0]     lanes_flat,
    output wire [NTMT*160-1:0]    words_flat
);
  reg [NTMT-1:0]     valid;
  reg [NTMT*32-1:0]  lanes;
  reg [NTMT*160-1:0] words;

  always @* begin : alloc
    integer c, k;
    reg [NTMT-1:0] taken;
    reg found;
    taken = valid;
    found = 1'b0;
    grant = {NCOAL{1'b0}};
    grant_idx = {(NCOAL * TMT_W) {1'b0}};
    for (c = 0; c < NCOAL; c = c + 1) begin
      if (need[c]) begin
        found = 1'b0;
        for (k = 0; k < NTMT; k = k + 1) begin
          if (!found && !taken[k]) begin
            found = 1'b1;
            taken[k] = 1'b1;
            grant[c] = 1'b1;
            grant_idx[c*TMT_W+:TMT_W] = k[TMT_W-1:0];
          end
        end
      end
    end
  end

  // Constant-index writes (entry k compares the granted index) keep synthesis fast.
  always @(posedge clk) begin : update
    integer c, k;
    if (rst) begin
      valid <= {NTMT{1'b0}};
    end else begin
      for (k = 0; k < NTMT; k = k + 1) begin
        if (free_valid && free_idx == k[TMT_W-1:0]) valid[k] <= 1'b0;
        for (c = 0; c < NCOAL; c = c + 1)
          if (need[c] && grant[c] && grant_idx[c*TMT_W+:TMT_W] == k[TMT_W-1:0]) begin
            valid[k] <= 1'b1;
            lanes[k*32+:32] <= wr_lanes[c*32+:32];
            words[k*160+:160] <= wr_words[c*160+:160];
          end
      end
    end
  end
  assign full = &valid;
  assign lanes_flat = lanes;
  assign words_flat = words;
endmodule
