// Mapping-pattern classification of one load line request (the coalescers' extra pipeline
// stage, spec §2.1.b). Encoding (docs/blocks/warppool.md, systemc/blocks/warppool/warppool_pattern.h):
//   type 0 RANGE  payload {a, w}: lanes a..a+n-1 get words w..w+n-1, n = min(32-a, 32-w);
//                 CONSECUTIVE is RANGE(0, 0)
//   type 1 SHORT  payload {0, 0000, w}: BROADCAST, all 32 lanes get word w;
//                 payload {1, a[3:0], w}: HALF RANGE, lanes a..a+n-1 (a < 16) get words w..w+n-1,
//                 n = min(16-a, 32-w) (a run ending at the first half-warp's last lane or the line end)
//   type 2 SINGLE payload {lane, w}
//   type 3 TABLE  anything else: needs a thread-map-table entry (`random` = 1; payload 0 here)
// Purely combinational; `lanes` must be non-zero when the result is used.
module warppool_classify (
    input  wire [31:0]  lanes,
    input  wire [159:0] words,   // 5-bit word index per lane (lane t at [5t+4:5t])
    output reg  [1:0]   ptype,
    output reg  [9:0]   payload,
    output wire         random
);
  reg [4:0] a, w0;       // first lane and its word
  reg [5:0] n, nh;       // run lengths of a RANGE and a HALF RANGE
  reg [31:0] run, runh;  // lanes a .. a+n-1, a .. a+nh-1
  reg consec, bcast, single, unit, range_ok, half_ok;

  always @* begin : classify
    integer t;
    a = 5'd0;
    w0 = 5'd0;
    for (t = 31; t >= 0; t = t - 1)
      if (lanes[t]) begin
        a = t[4:0];
        w0 = words[t*5+:5];
      end
    n = (6'd32 - {1'b0, a}) < (6'd32 - {1'b0, w0}) ? (6'd32 - {1'b0, a}) : (6'd32 - {1'b0, w0});
    nh = (6'd16 - {2'b0, a[3:0]}) < (6'd32 - {1'b0, w0}) ? (6'd16 - {2'b0, a[3:0]}) : (6'd32 - {1'b0, w0});
    run = ((32'd1 << n) - 32'd1) << a;  // n = 32: the shift gives 0, minus 1 is all ones
    runh = ((32'd1 << nh) - 32'd1) << a;
    consec = (lanes == 32'hffffffff);
    bcast = (lanes == 32'hffffffff);
    unit = 1'b1;
    for (t = 0; t < 32; t = t + 1) begin
      consec = consec & (words[t*5+:5] == t[4:0]);
      bcast = bcast & (words[t*5+:5] == words[4:0]);
      if (lanes[t]) unit = unit & ({1'b0, words[t*5+:5]} + {1'b0, a} == {1'b0, w0} + t[5:0]);
    end
    range_ok = unit & (lanes == run);
    half_ok = unit & ~a[4] & (lanes == runh);
    single = (lanes & (lanes - 32'd1)) == 32'd0;
    if (consec) begin
      ptype = 2'd0;
      payload = 10'd0;
    end else if (bcast) begin
      ptype = 2'd1;
      payload = {5'd0, words[4:0]};
    end else if (single) begin
      ptype = 2'd2;
      payload = {a, w0};
    end else if (range_ok) begin
      ptype = 2'd0;
      payload = {a, w0};
    end else if (half_ok) begin
      ptype = 2'd1;
      payload = {1'b1, a[3:0], w0};
    end else begin
      ptype = 2'd3;
      payload = 10'd0;
    end
  end
  assign random = (ptype == 2'd3);
endmodule
