// Writeback unit (spec §2.1.b ⑤): returning line data waits in a WBQ_DEPTH-entry queue (the L1
// must hold its data while ret_ready is low). A return reads its request's metadata row from the
// SRAM (available one cycle later); then one slot - one (warp, load) - is written back per cycle:
// the lanes it serves get their words through the crossbar (lane t <- word words[t]). The slot's
// thread-map-table entry is freed as it is written back, the request id after the last slot.
module warppool_wb #(
    parameter WBQ_DEPTH = 2,
    parameter ID_W      = 8,
    parameter NS        = 4,
    parameter SLOT_W    = 23,
    parameter WARP_W    = 6,
    parameter TAG_W     = 5,
    parameter NTMT      = 8,
    parameter TMT_W     = 3
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire                   ret_valid,
    input  wire [ID_W-1:0]        ret_id,
    input  wire [1023:0]          ret_data,
    input  wire [4+NS*SLOT_W-1:0] rd_row,
    input  wire [NTMT*32-1:0]     tmt_lanes,
    input  wire [NTMT*160-1:0]    tmt_words,
    output wire                   ret_ready,
    output wire                   wb_valid,
    output wire [WARP_W-1:0]      wb_warp,
    output wire [TAG_W-1:0]       wb_tag,
    output wire [31:0]            wb_lanes,
    output reg  [1023:0]          wb_data,
    output wire                   tmt_free,
    output wire [TMT_W-1:0]       tmt_free_idx,
    output wire                   id_release,
    output wire [ID_W-1:0]        id_release_id,
    output wire                   full,
    output wire                   empty
);
  localparam ROW_W = 4 + NS * SLOT_W;
  localparam H_W = (WBQ_DEPTH > 1) ? $clog2(WBQ_DEPTH) : 1;
  localparam C_W = $clog2(WBQ_DEPTH + 1);
  localparam [C_W-1:0] DEPTH_C = WBQ_DEPTH[C_W-1:0];
  localparam [C_W-1:0] ONE_C = 1;

  reg [WBQ_DEPTH*ID_W-1:0]  e_id;
  reg [WBQ_DEPTH*1024-1:0]  e_data;
  reg [WBQ_DEPTH*ROW_W-1:0] e_meta;
  reg [WBQ_DEPTH-1:0]       e_ok;
  reg [H_W-1:0]             head;
  reg [C_W-1:0]             count;
  reg [3:0]                 k;          // slot being written back
  reg                       cap_valid;  // rd_row holds the row of entry cap_entry
  reg [H_W-1:0]             cap_entry;

  reg  [ROW_W-1:0]  row;
  reg  [SLOT_W-1:0] slot;
  reg  [1023:0]     data;
  reg  [ID_W-1:0]   head_id;
  wire [3:0]        row_n = row[ROW_W-1-:4];
  always @* begin : heads  // the head entry and its current slot, as multiplexers
    integer e, j;
    row = e_meta[ROW_W-1:0];
    data = e_data[1023:0];
    head_id = e_id[ID_W-1:0];
    for (e = 1; e < WBQ_DEPTH; e = e + 1)
      if (head == e[H_W-1:0]) begin
        row = e_meta[e*ROW_W+:ROW_W];
        data = e_data[e*1024+:1024];
        head_id = e_id[e*ID_W+:ID_W];
      end
    slot = row[SLOT_W-1:0];
    for (j = 1; j < NS; j = j + 1)
      if (k == j[3:0]) slot = row[j*SLOT_W+:SLOT_W];
  end
  wire [159:0]      words;
  wire [31:0]       lanes;
  /* verilator lint_off UNUSEDSIGNAL */  // the class is for the L1 request port only
  wire [2:0]        cls;
  /* verilator lint_on UNUSEDSIGNAL */

  warppool_decode #(
      .NTMT(NTMT), .TMT_W(TMT_W)
  ) u_decode (
      .ptype    (slot[11:10]),
      .payload  (slot[9:0]),
      .tmt_lanes(tmt_lanes),
      .tmt_words(tmt_words),
      .lanes    (lanes),
      .words    (words),
      .cls      (cls)
  );

  assign empty = count == {C_W{1'b0}};
  assign full = count == DEPTH_C;
  // Ready also when full but the head entry writes its last slot now (it frees its place at this
  // edge): back-to-back single-slot returns then flow at one per cycle.
  assign ret_ready = !full || id_release;
  assign wb_valid = !empty && e_ok[head];
  // Outputs are zero while no writeback is presented (the twin's convention).
  assign wb_warp = wb_valid ? slot[SLOT_W-1-:WARP_W] : {WARP_W{1'b0}};
  assign wb_tag = wb_valid ? slot[12+:TAG_W] : {TAG_W{1'b0}};
  assign wb_lanes = wb_valid ? lanes : 32'd0;
  assign tmt_free = wb_valid && slot[11:10] == 2'd3;
  assign tmt_free_idx = slot[TMT_W-1:0];
  assign id_release = wb_valid && (k + 4'd1 == row_n);
  assign id_release_id = head_id;

  always @* begin : xbar  // lane t <- word words[t] of the line (the LSU crossbar)
    integer t, w;
    wb_data = 1024'd0;
    if (wb_valid)
      for (t = 0; t < 32; t = t + 1)
        if (lanes[t])
          for (w = 0; w < 32; w = w + 1)
            if (words[t*5+:5] == w[4:0]) wb_data[t*32+:32] = data[w*32+:32];
  end

  reg [31:0] tail;
  always @* begin
    tail = {{(32 - H_W) {1'b0}}, head} + {{(32 - C_W) {1'b0}}, count};
    if (tail >= WBQ_DEPTH) tail = tail - WBQ_DEPTH;
  end

  always @(posedge clk) begin : update
    integer e;
    if (rst) begin
      e_ok <= {WBQ_DEPTH{1'b0}};
      head <= {H_W{1'b0}};
      count <= {C_W{1'b0}};
      k <= 4'd0;
      cap_valid <= 1'b0;
    end else begin
      // Per entry, in this order: metadata capture, pop, push (later assignments win).
      for (e = 0; e < WBQ_DEPTH; e = e + 1) begin
        if (cap_valid && cap_entry == e[H_W-1:0]) begin
          e_meta[e*ROW_W+:ROW_W] <= rd_row;
          e_ok[e] <= 1'b1;
        end
        if (wb_valid && id_release && head == e[H_W-1:0]) e_ok[e] <= 1'b0;
        if (ret_valid && tail == e) begin
          e_id[e*ID_W+:ID_W] <= ret_id;
          e_data[e*1024+:1024] <= ret_data;
          e_ok[e] <= 1'b0;
        end
      end
      if (wb_valid) begin
        if (id_release) begin
          head <= (head == DEPTH_C[H_W-1:0] - 1'b1) ? {H_W{1'b0}} : head + 1'b1;
          k <= 4'd0;
        end else begin
          k <= k + 4'd1;
        end
      end
      cap_valid <= ret_valid;
      if (ret_valid) cap_entry <= tail[H_W-1:0];
      count <= count + (ret_valid ? ONE_C : {C_W{1'b0}}) - ((wb_valid && id_release) ? ONE_C : {C_W{1'b0}});
    end
  end
endmodule
