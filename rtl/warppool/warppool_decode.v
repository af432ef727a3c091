// Decodes one metadata slot's mapping into the lanes it serves and each lane's word (the
// writeback unit's selectors; table entries come from the thread map table), plus its class
// for the L1 request port: 0 consecutive, 1 broadcast, 2 single, 3 range, 4 random.
module warppool_decode #(
    parameter NTMT  = 8,
    parameter TMT_W = 3
) (
    input  wire [1:0]          ptype,
    input  wire [9:0]          payload,
    input  wire [NTMT*32-1:0]  tmt_lanes,
    input  wire [NTMT*160-1:0] tmt_words,
    output reg  [31:0]         lanes,
    output reg  [159:0]        words,
    output reg  [2:0]          cls
);
  // Two blocks (lanes/class, words) so a user of the lanes only does not evaluate the words.
  wire [4:0] hi = payload[9:5];
  wire [4:0] lo = payload[4:0];
  wire [TMT_W-1:0] idx = payload[TMT_W-1:0];
  wire [5:0] n = (6'd32 - {1'b0, hi}) < (6'd32 - {1'b0, lo}) ? (6'd32 - {1'b0, hi}) : (6'd32 - {1'b0, lo});
  // Type 1 with payload[9] set is a HALF RANGE {a = payload[8:5], w = lo}, n = min(16-a, 32-w).
  wire half = payload[9];
  wire [4:0] ha = {1'b0, payload[8:5]};
  wire [5:0] nh = (6'd16 - {1'b0, ha}) < (6'd32 - {1'b0, lo}) ? (6'd16 - {1'b0, ha}) : (6'd32 - {1'b0, lo});

  always @* begin : dec_lanes
    integer t;
    lanes = 32'd0;
    case (ptype)
      2'd0: begin
        lanes = ((32'd1 << n) - 32'd1) << hi;
        cls = (payload == 10'd0) ? 3'd0 : 3'd3;
      end
      2'd1: begin
        lanes = half ? ((32'd1 << nh) - 32'd1) << ha : 32'hffffffff;
        cls = half ? 3'd3 : 3'd1;
      end
      2'd2: begin
        for (t = 0; t < 32; t = t + 1) if (hi == t[4:0]) lanes[t] = 1'b1;
        cls = 3'd2;
      end
      default: begin
        for (t = 0; t < NTMT; t = t + 1) if (idx == t[TMT_W-1:0]) lanes = tmt_lanes[t*32+:32];
        cls = 3'd4;
      end
    endcase
  end

  always @* begin : dec_words
    integer t;
    words = 160'd0;
    case (ptype)
      2'd0: begin
        for (t = 0; t < 32; t = t + 1)
          if (t[4:0] >= hi && {1'b0, t[4:0]} < {1'b0, hi} + n) words[t*5+:5] = lo + (t[4:0] - hi);
      end
      2'd1: begin
        for (t = 0; t < 32; t = t + 1)
          if (!half) words[t*5+:5] = lo;
          else if (t[4:0] >= ha && {1'b0, t[4:0]} < {1'b0, ha} + nh) words[t*5+:5] = lo + (t[4:0] - ha);
      end
      2'd2: begin
        for (t = 0; t < 32; t = t + 1) if (hi == t[4:0]) words[t*5+:5] = lo;
      end
      default: begin
        for (t = 0; t < NTMT; t = t + 1) if (idx == t[TMT_W-1:0]) words = tmt_words[t*160+:160];
      end
    endcase
  end
endmodule
