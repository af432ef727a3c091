// Inter-warp coalescing queues (spec §2.1.b ③) and the request selector's choice of tag (④).
// NQ queues x NT tags; a tag is one 128-byte line with up to NS slots (one per merged warp load,
// SLOT_W bits each: {warp, tag, type, payload}). A load goes to queue qhash(line): it merges
// into a tag of that queue holding the same line with room, else allocates a free tag, else
// waits. One insertion port per queue: the lower coalescer wins a same-queue conflict. The tag
// sent to the L1 at this edge (remove) takes no insertion and is not reused until the next cycle.
// Allocation priority: while a load waits with no usable tag in its queue, loads of warps in
// later (lower-priority) instruction queues (warp / WARPS_PER_IQ) may merge but not allocate.
// The age queue (warppool_ageq) lists allocated tags oldest first. Selection: the oldest tag, or
// under the warp-ID policy (policy_w) the oldest tag holding a slot of the lowest queued warp.
// Per-tag fields are arrays indexed by tag id: Verilator reads them directly and synthesis can
// keep them as register files (wide flattened vectors made both slow).
module warppool_iwq #(
    parameter NCOAL    = 2,
    parameter NQ       = 32,
    parameter NT       = 2,
    parameter NS       = 4,
    parameter LINE_W   = 41,
    parameter WARP_W   = 6,
    parameter SLOT_W   = 23,
    parameter QI_W     = 5,
    parameter TAGID_W  = 6,
    parameter HASH     = 1,
    parameter SET_BITS = 6,
    parameter POLY     = 0,
    parameter WARPS_PER_IQ = 3
) (
    input  wire                    clk,
    input  wire                    rst,
    input  wire [NCOAL-1:0]        req_valid,
    input  wire [NCOAL*LINE_W-1:0] req_line,
    input  wire [NCOAL*4-1:0]      req_sec,
    input  wire [NCOAL*SLOT_W-1:0] req_slot,
    input  wire                    remove,
    input  wire                    policy_w,
    output reg  [NCOAL-1:0]        ins_ok,
    output wire                    nonempty,
    output wire                    sel_oldest,   // the selected tag is the oldest
    output reg  [LINE_W-1:0]       sel_line,
    output reg  [3:0]              sel_sec,
    output reg  [3:0]              sel_n,
    output reg  [NS*SLOT_W-1:0]    sel_slots,
    output reg                     tag_stall,
    output reg                     port_conflict
);
  localparam NTAG = NQ * NT;

  // ---- per-tag state: one array entry per tag (synthesis may keep them as register files) ----
  reg [NTAG-1:0]      valid;
  reg [LINE_W-1:0]    line_mem[0:NTAG-1];
  reg [3:0]           sec_mem[0:NTAG-1];
  reg [3:0]           cnt_mem[0:NTAG-1];
  reg [NS*SLOT_W-1:0] slot_mem[0:NTAG-1];
  reg [WARP_W-1:0]    minw_mem[0:NTAG-1];   // lowest warp among the tag's slots
  reg [WARP_W-1:0]    wmin;                 // lowest warp among all queued slots
  reg [NTAG-1:0]      has_min;              // tags holding a slot of warp wmin
  reg [NCOAL-1:0]       ins_alloc;
  reg [NCOAL*TAGID_W-1:0] ins_tag;
  wire [TAGID_W-1:0]    sel_tag;

  wire [NCOAL*QI_W-1:0] qidx;
  genvar g;
  generate
    for (g = 0; g < NCOAL; g = g + 1) begin : g_hash
      warppool_qhash #(
          .LINE_W(LINE_W), .HASH(HASH), .SET_BITS(SET_BITS), .POLY(POLY), .QI_W(QI_W)
      ) u_qhash (
          .line(req_line[g*LINE_W+:LINE_W]),
          .qidx(qidx[g*QI_W+:QI_W])
      );
    end
  endgenerate

  // Removal by the selector, insertion by at most one coalescer per tag (distinct queues).
  always @(posedge clk) begin : update
    integer c;
    reg [TAGID_W-1:0] id;
    reg [WARP_W-1:0] w;
    if (rst) begin
      valid <= {NTAG{1'b0}};
    end else begin
      if (remove) valid[sel_tag] <= 1'b0;
      for (c = 0; c < NCOAL; c = c + 1) begin
        id = ins_tag[c*TAGID_W+:TAGID_W];
        w = req_slot[c*SLOT_W+SLOT_W-WARP_W+:WARP_W];
        if (ins_ok[c] && ins_alloc[c]) begin
          valid[id] <= 1'b1;
          line_mem[id] <= req_line[c*LINE_W+:LINE_W];
          sec_mem[id] <= req_sec[c*4+:4];
          cnt_mem[id] <= 4'd1;
          slot_mem[id][SLOT_W-1:0] <= req_slot[c*SLOT_W+:SLOT_W];
          minw_mem[id] <= w;
        end else if (ins_ok[c]) begin
          sec_mem[id] <= sec_mem[id] | req_sec[c*4+:4];
          cnt_mem[id] <= cnt_mem[id] + 4'd1;
          slot_mem[id][cnt_mem[id]*SLOT_W+:SLOT_W] <= req_slot[c*SLOT_W+:SLOT_W];
          if (w < minw_mem[id]) minw_mem[id] <= w;
        end
      end
    end
  end

  // ---- selection: the age queue picks the position; these read the tag ----
  always @* begin : minwarp
    integer i;
    wmin = {WARP_W{1'b1}};
    for (i = 0; i < NTAG; i = i + 1)
      if (valid[i] && minw_mem[i] < wmin) wmin = minw_mem[i];
  end
  always @* begin : hasmin
    integer i;
    for (i = 0; i < NTAG; i = i + 1) has_min[i] = valid[i] && minw_mem[i] == wmin;
  end

  warppool_ageq #(
      .NTAG(NTAG), .TAGID_W(TAGID_W), .NCOAL(NCOAL)
  ) u_ageq (
      .clk(clk), .rst(rst), .want(has_min), .use_want(policy_w), .remove(remove), .alloc(ins_alloc),
      .alloc_tag(ins_tag), .nonempty(nonempty), .sel_tag(sel_tag), .sel_oldest(sel_oldest)
  );

  always @* begin : read_sel
    integer k;
    sel_line = line_mem[sel_tag];
    sel_sec = sec_mem[sel_tag];
    sel_n = valid[sel_tag] ? cnt_mem[sel_tag] : 4'd0;
    for (k = 0; k < NS; k = k + 1)  // slots beyond the count read as zero
      sel_slots[k*SLOT_W+:SLOT_W] = (k < {28'd0, sel_n}) ? slot_mem[sel_tag][k*SLOT_W+:SLOT_W] : {SLOT_W{1'b0}};
  end

  // ---- insertion decisions ----
  // State-only part: for each coalescer, its queue's NT tags - id, matching with room, free.
  reg [NCOAL*NT*TAGID_W-1:0] cand_id;
  reg [NCOAL*NT-1:0]         cand_match, cand_free;
  reg [NCOAL-1:0]            blocked;
  reg [NCOAL-1:0]            starved;    // a load waits with no usable tag in its queue
  reg [NCOAL-1:0]            no_alloc;   // allocation priority: a higher-priority load is starved
  reg [NCOAL*8-1:0]          prio;       // instruction queue of the request's warp (0 = highest)
  always @* begin : candidates
    integer c, d, t;
    reg [TAGID_W-1:0] id;
    reg room;
    tag_stall = 1'b0;
    port_conflict = 1'b0;
    for (c = 0; c < NCOAL; c = c + 1) begin
      prio[c*8+:8] = {{(8 - WARP_W) {1'b0}}, req_slot[c*SLOT_W+SLOT_W-WARP_W+:WARP_W]} / WARPS_PER_IQ[7:0];
      blocked[c] = 1'b0;
      for (d = 0; d < c; d = d + 1)
        if (req_valid[d] && qidx[d*QI_W+:QI_W] == qidx[c*QI_W+:QI_W]) blocked[c] = 1'b1;
      room = 1'b0;
      for (t = 0; t < NT; t = t + 1) begin
        id = qidx[c*QI_W+:QI_W] * NT[TAGID_W-1:0] + t[TAGID_W-1:0];
        cand_id[(c*NT+t)*TAGID_W+:TAGID_W] = id;
        cand_match[c*NT+t] = valid[id] && line_mem[id] == req_line[c*LINE_W+:LINE_W] && cnt_mem[id] < NS[3:0];
        cand_free[c*NT+t] = !valid[id];
        room = room | cand_match[c*NT+t] | cand_free[c*NT+t];
      end
      starved[c] = req_valid[c] && !room;
      if (req_valid[c] && !room) tag_stall = 1'b1;
      if (req_valid[c] && blocked[c]) port_conflict = 1'b1;
    end
    // A lower-priority warp's load may merge but not allocate while a higher-priority warp's
    // load is starved of a tag (keeps the instruction-queue priority at the tags).
    for (c = 0; c < NCOAL; c = c + 1) begin
      no_alloc[c] = 1'b0;
      for (d = 0; d < NCOAL; d = d + 1)
        if (starved[d] && prio[d*8+:8] < prio[c*8+:8]) no_alloc[c] = 1'b1;
    end
  end

  // Input-dependent part (remove): the tag sent at this edge is neither a match nor free.
  always @* begin : insert
    integer c, t;
    reg [TAGID_W-1:0] id;
    reg usable, has_match, has_free;
    ins_ok = {NCOAL{1'b0}};
    ins_alloc = {NCOAL{1'b0}};
    ins_tag = {(NCOAL * TAGID_W) {1'b0}};
    for (c = 0; c < NCOAL; c = c + 1) begin
      has_match = 1'b0;
      has_free = 1'b0;
      for (t = 0; t < NT; t = t + 1) begin
        id = cand_id[(c*NT+t)*TAGID_W+:TAGID_W];
        usable = !(remove && id == sel_tag);
        if (usable && !has_match && cand_match[c*NT+t]) begin
          has_match = 1'b1;
          ins_tag[c*TAGID_W+:TAGID_W] = id;
        end else if (usable && !has_match && !has_free && cand_free[c*NT+t]) begin
          has_free = 1'b1;
          ins_tag[c*TAGID_W+:TAGID_W] = id;
        end
      end
      if (req_valid[c] && !blocked[c]) begin
        ins_ok[c] = has_match || (has_free && !no_alloc[c]);
        ins_alloc[c] = !has_match && has_free && !no_alloc[c];
      end
    end
  end
endmodule
