// WarpPool (Kloosterman 2018, ch. 3): inter-warp memory request merging and prioritization
// between the SM's instruction dispatch and its L1 data cache. Pipeline (docs/blocks/warppool.md):
//   instruction queues -> AGU read -> CO (coalesce) -> CL (classify, thread map table)
//   -> IN (insert into the inter-warp queues; stores wait here for the L1 port)
//   -> selector / L1 port -> MSHR metadata table -> writeback queue -> register writeback.
// Every output is a Moore output (a function of registers only); inputs act at the rising edge.
// The protocol and each port are described in systemc/blocks/warppool/warppool_ports.h, whose
// cycle-exact C++ twin (warppool_twin.*) this RTL is compared with in lockstep.
module warppool #(
    parameter NWARPS       = 48,
    parameter IQ_COUNT     = 16,
    parameter IQ_DEPTH     = 8,
    parameter WARPS_PER_IQ = 3,
    parameter NCOAL        = 2,
    parameter NTMT         = 8,
    parameter NQ           = 32,
    parameter NT           = 2,
    parameter NS           = 4,
    parameter NREQ         = 256,
    parameter WBQ_DEPTH    = 2,
    parameter ADDR_W       = 48,
    parameter TAG_W        = 5,
    parameter QUANTUM      = 100000,
    parameter MISS_PCT     = 99,
    parameter HASH         = 1,        // L1 set index: 0 linear, 1 Fermi hash, 2 xor, 3 IPOLY
    parameter SET_BITS     = 6,
    parameter POLY         = 0,        // IPOLY polynomial (HASH = 3)
    parameter AGE_CAP      = 1024,
    parameter STORE_CAP    = 256,
    // derived (do not override)
    parameter WARP_W       = (NWARPS > 1) ? $clog2(NWARPS) : 1,
    parameter ID_W         = $clog2(NREQ),
    parameter LINE_W       = ADDR_W - 7,
    parameter CY_W         = $clog2(QUANTUM)
) (
    input  wire                   clk,
    input  wire                   rst,
    input  wire [CY_W-1:0]        skip,     // quiet cycles the environment did not clock (see select)
    // issue
    input  wire                   issue_valid,
    input  wire [WARP_W-1:0]      issue_warp,
    input  wire [TAG_W-1:0]       issue_tag,
    input  wire                   issue_store,
    output wire [NWARPS-1:0]      issue_ready,
    output wire [NWARPS-1:0]      ld_ok,
    output wire [NWARPS-1:0]      st_ok,
    // operand (AGU) read port
    output wire                   agu_valid,
    output wire [WARP_W-1:0]      agu_warp,
    output wire [TAG_W-1:0]       agu_tag,
    input  wire [31:0]            agu_mask,
    input  wire [32*ADDR_W-1:0]   agu_addr,
    // L1 request port
    output wire                   l1_valid,
    output wire                   l1_store,
    output wire [LINE_W-1:0]      l1_line,
    output wire [3:0]             l1_sectors,
    output wire [ID_W-1:0]        l1_id,
    output wire [3:0]             l1_nslots,
    output wire [NS*WARP_W-1:0]   slot_warp,
    output wire [NS*TAG_W-1:0]    slot_tag,
    output wire [NS*32-1:0]       slot_lanes,
    output wire [NS*3-1:0]        slot_class,
    input  wire                   l1_accept,
    input  wire                   l1_miss,
    // data return
    output wire                   ret_ready,
    input  wire                   ret_valid,
    input  wire [ID_W-1:0]        ret_id,
    input  wire [1023:0]          ret_data,
    // writeback
    output wire                   wb_valid,
    output wire [WARP_W-1:0]      wb_warp,
    output wire [TAG_W-1:0]       wb_tag,
    output wire [31:0]            wb_lanes,
    output wire [1023:0]          wb_data,
    // state
    output wire                   policy,
    output wire [10:0]            status,
    output wire                   quiet,    // only the quantum counter would change without input
    output wire                   idle
);
  localparam TMT_W = (NTMT > 1) ? $clog2(NTMT) : 1;
  localparam NTAG = NQ * NT;
  localparam TAGID_W = $clog2(NTAG);
  localparam QI_W = $clog2(NQ);
  localparam SLOT_W = WARP_W + TAG_W + 12;   // {warp, tag, type[1:0], payload[9:0]}
  localparam ROW_W = 4 + NS * SLOT_W;        // MSHR metadata row: {n, NS slots}
  localparam CNT_W = $clog2(IQ_DEPTH + 3 * NCOAL + NTAG * NS + 1);
  localparam C_W = (NCOAL > 1) ? $clog2(NCOAL) : 1;

  // ---------------- instruction queues ----------------
  wire iq_head_store, iq_full_any;
  reg  pop;
  warppool_iq #(
      .NWARPS(NWARPS), .IQ_COUNT(IQ_COUNT), .IQ_DEPTH(IQ_DEPTH), .WARPS_PER_IQ(WARPS_PER_IQ),
      .WARP_W(WARP_W), .TAG_W(TAG_W)
  ) u_iq (
      .clk(clk), .rst(rst),
      .issue_valid(issue_valid), .issue_warp(issue_warp), .issue_tag(issue_tag), .issue_store(issue_store),
      .pop(pop), .issue_ready(issue_ready),
      .head_valid(agu_valid), .head_warp(agu_warp), .head_tag(agu_tag), .head_store(iq_head_store),
      .any_full(iq_full_any)
  );

  // ---------------- coalescers (CO, CL, IN stages) ----------------
  wire [NCOAL-1:0]        busy, emit, fin, cl_valid, cl_table, in_valid, in_store;
  wire [NCOAL*WARP_W-1:0] co_warp, in_warp;
  wire [NCOAL*TAG_W-1:0]  in_tag;
  wire [NCOAL*LINE_W-1:0] in_line;
  wire [NCOAL*32-1:0]     in_lanes, cl_lanes;
  wire [NCOAL*160-1:0]    cl_words;
  wire [NCOAL*4-1:0]      in_sectors;
  wire [NCOAL*2-1:0]      in_type;
  wire [NCOAL*10-1:0]     in_payload;
  wire [NCOAL*TMT_W-1:0]  tmt_idx;
  wire [NCOAL-1:0]        tmt_grant;
  reg  [NCOAL-1:0]        load, cl_move, in_move, tmt_need;
  genvar g;
  generate
    for (g = 0; g < NCOAL; g = g + 1) begin : g_coal
      warppool_coal #(
          .ADDR_W(ADDR_W), .WARP_W(WARP_W), .TAG_W(TAG_W), .TMT_W(TMT_W)
      ) u_coal (
          .clk(clk), .rst(rst),
          .load(load[g]), .ld_warp(agu_warp), .ld_tag(agu_tag), .ld_store(iq_head_store),
          .ld_mask(agu_mask), .ld_addr(agu_addr),
          .cl_move(cl_move[g]), .cl_tmt_idx(tmt_idx[g*TMT_W+:TMT_W]), .in_move(in_move[g]),
          .busy(busy[g]), .emit(emit[g]), .fin(fin[g]), .co_warp(co_warp[g*WARP_W+:WARP_W]),
          .cl_valid(cl_valid[g]), .cl_table(cl_table[g]),
          .cl_lanes(cl_lanes[g*32+:32]), .cl_words(cl_words[g*160+:160]),
          .in_valid(in_valid[g]), .in_store(in_store[g]), .in_warp(in_warp[g*WARP_W+:WARP_W]),
          .in_tag(in_tag[g*TAG_W+:TAG_W]), .in_line(in_line[g*LINE_W+:LINE_W]),
          .in_lanes(in_lanes[g*32+:32]), .in_sectors(in_sectors[g*4+:4]),
          .in_type(in_type[g*2+:2]), .in_payload(in_payload[g*10+:10])
      );
    end
  endgenerate

  // ---------------- thread map table ----------------
  wire                 tmt_full, tmt_free;
  wire [TMT_W-1:0]     tmt_free_idx;
  wire [NTMT*32-1:0]   tmt_lanes;
  wire [NTMT*160-1:0]  tmt_words;
  warppool_tmt #(
      .NTMT(NTMT), .TMT_W(TMT_W), .NCOAL(NCOAL)
  ) u_tmt (
      .clk(clk), .rst(rst), .need(tmt_need), .wr_lanes(cl_lanes), .wr_words(cl_words),
      .grant(tmt_grant), .grant_idx(tmt_idx), .free_valid(tmt_free), .free_idx(tmt_free_idx),
      .full(tmt_full), .lanes_flat(tmt_lanes), .words_flat(tmt_words)
  );

  // ---------------- selector and inter-warp queues ----------------
  wire choose_load, choose_store, force_old, force_store, acc_load, acc_store;
  wire aq_nonempty, sel_oldest, id_any_free, id_any_busy, tag_stall, port_conflict;
  wire [NCOAL-1:0]       ins_ok;
  wire [LINE_W-1:0]      sel_line;
  wire [3:0]             sel_sec, sel_n;
  wire [NS*SLOT_W-1:0]   sel_slots;
  wire [ID_W-1:0]        free_id;
  reg                    store_avail;
  reg  [C_W-1:0]         store_c;
  reg  [NCOAL-1:0]       req_valid;
  reg  [NCOAL*SLOT_W-1:0] req_slot;

  always @* begin : stores
    integer c;
    store_avail = 1'b0;
    store_c = {C_W{1'b0}};
    for (c = NCOAL - 1; c >= 0; c = c - 1)
      if (in_valid[c] && in_store[c]) begin
        store_avail = 1'b1;
        store_c = c[C_W-1:0];
      end
    for (c = 0; c < NCOAL; c = c + 1) begin
      req_valid[c] = in_valid[c] & ~in_store[c];
      req_slot[c*SLOT_W+:SLOT_W] = {in_warp[c*WARP_W+:WARP_W], in_tag[c*TAG_W+:TAG_W], in_type[c*2+:2],
                                    in_payload[c*10+:10]};
    end
  end

  warppool_select #(
      .QUANTUM(QUANTUM), .MISS_PCT(MISS_PCT), .AGE_CAP(AGE_CAP), .STORE_CAP(STORE_CAP)
  ) u_select (
      .clk(clk), .rst(rst), .skip(skip), .load_avail(aq_nonempty & id_any_free), .store_avail(store_avail),
      .sel_oldest(sel_oldest), .l1_accept(l1_accept), .l1_miss(l1_miss),
      .choose_load(choose_load), .choose_store(choose_store), .policy(policy), .force_old(force_old),
      .force_store(force_store), .acc_load(acc_load), .acc_store(acc_store)
  );

  warppool_iwq #(
      .NCOAL(NCOAL), .NQ(NQ), .NT(NT), .NS(NS), .LINE_W(LINE_W), .WARP_W(WARP_W), .SLOT_W(SLOT_W),
      .QI_W(QI_W), .TAGID_W(TAGID_W), .HASH(HASH), .SET_BITS(SET_BITS), .POLY(POLY),
      .WARPS_PER_IQ(WARPS_PER_IQ)
  ) u_iwq (
      .clk(clk), .rst(rst), .req_valid(req_valid), .req_line(in_line), .req_sec(in_sectors),
      .req_slot(req_slot), .remove(acc_load), .policy_w(policy & ~force_old), .ins_ok(ins_ok),
      .nonempty(aq_nonempty), .sel_oldest(sel_oldest), .sel_line(sel_line), .sel_sec(sel_sec),
      .sel_n(sel_n), .sel_slots(sel_slots), .tag_stall(tag_stall), .port_conflict(port_conflict)
  );

  // ---------------- pipeline moves (downstream first) ----------------
  always @* begin : moves_in
    integer c;
    for (c = 0; c < NCOAL; c = c + 1)
      in_move[c] = in_valid[c] & (in_store[c] ? (acc_store && store_c == c[C_W-1:0]) : ins_ok[c]);
  end
  always @* begin : moves_cl
    integer c;
    for (c = 0; c < NCOAL; c = c + 1) begin
      tmt_need[c] = cl_valid[c] & cl_table[c] & (~in_valid[c] | in_move[c]);
      cl_move[c] = cl_valid[c] & (~in_valid[c] | in_move[c]) & (~cl_table[c] | tmt_grant[c]);
    end
  end
  always @* begin : moves_pop
    integer c;
    reg found;
    found = 1'b0;
    load = {NCOAL{1'b0}};
    for (c = 0; c < NCOAL; c = c + 1)
      if (!found && (!busy[c] || fin[c])) begin
        found = 1'b1;
        load[c] = agu_valid & ~tag_stall;
      end
    // late binding: no pop while a load waits at insertion for a tag (status tag_stall)
    pop = agu_valid & found & ~tag_stall;
  end

  // ---------------- L1 request port ----------------
  wire [NS*32-1:0] dec_lanes;
  wire [NS*3-1:0]  dec_cls;
  generate
    for (g = 0; g < NS; g = g + 1) begin : g_dec
      /* verilator lint_off UNUSEDSIGNAL */  // words are for the writeback crossbar only
      wire [159:0] words_unused;
      /* verilator lint_on UNUSEDSIGNAL */
      warppool_decode #(
          .NTMT(NTMT), .TMT_W(TMT_W)
      ) u_dec (
          .ptype(sel_slots[g*SLOT_W+10+:2]), .payload(sel_slots[g*SLOT_W+:10]),
          .tmt_lanes(tmt_lanes), .tmt_words(tmt_words),
          .lanes(dec_lanes[g*32+:32]), .words(words_unused), .cls(dec_cls[g*3+:3])
      );
    end
  endgenerate

  reg [LINE_W-1:0]    o_line;
  reg [3:0]           o_sec, o_n;
  reg [NS*WARP_W-1:0] o_warp;
  reg [NS*TAG_W-1:0]  o_tag;
  reg [NS*32-1:0]     o_lanes;
  reg [NS*3-1:0]      o_cls;
  always @* begin : l1_port
    integer k;
    o_line = {LINE_W{1'b0}};
    o_sec = 4'd0;
    o_n = 4'd0;
    o_warp = {(NS * WARP_W) {1'b0}};
    o_tag = {(NS * TAG_W) {1'b0}};
    o_lanes = {(NS * 32) {1'b0}};
    o_cls = {(NS * 3) {1'b0}};
    if (choose_load) begin
      o_line = sel_line;
      o_sec = sel_sec;
      o_n = sel_n;
      for (k = 0; k < NS; k = k + 1)
        if (k < {28'd0, sel_n}) begin
          o_warp[k*WARP_W+:WARP_W] = sel_slots[k*SLOT_W+SLOT_W-WARP_W+:WARP_W];
          o_tag[k*TAG_W+:TAG_W] = sel_slots[k*SLOT_W+12+:TAG_W];
          o_lanes[k*32+:32] = dec_lanes[k*32+:32];
          o_cls[k*3+:3] = dec_cls[k*3+:3];
        end
    end else if (choose_store) begin
      o_line = in_line[store_c*LINE_W+:LINE_W];
      o_sec = in_sectors[store_c*4+:4];
      o_n = 4'd1;
      o_warp[WARP_W-1:0] = in_warp[store_c*WARP_W+:WARP_W];
      o_tag[TAG_W-1:0] = in_tag[store_c*TAG_W+:TAG_W];
      o_lanes[31:0] = in_lanes[store_c*32+:32];
    end
  end
  assign l1_valid = choose_load | choose_store;
  assign l1_store = choose_store;
  assign l1_line = o_line;
  assign l1_sectors = o_sec;
  assign l1_id = choose_load ? free_id : {ID_W{1'b0}};
  assign l1_nslots = o_n;
  assign slot_warp = o_warp;
  assign slot_tag = o_tag;
  assign slot_lanes = o_lanes;
  assign slot_class = o_cls;

  // ---------------- MSHR metadata table and writeback ----------------
  wire [ROW_W-1:0] rd_row;
  wire             id_release, wbq_full, wbq_empty;
  wire [ID_W-1:0]  id_release_id;
  warppool_mshr #(
      .NREQ(NREQ), .ID_W(ID_W), .ROW_W(ROW_W)
  ) u_mshr (
      .clk(clk), .rst(rst), .alloc(acc_load), .alloc_row({sel_n, sel_slots}),
      .release_valid(id_release), .release_id(id_release_id), .rd_valid(ret_valid), .rd_id(ret_id),
      .rd_row(rd_row), .free_id(free_id), .any_free(id_any_free), .any_busy(id_any_busy)
  );
  warppool_wb #(
      .WBQ_DEPTH(WBQ_DEPTH), .ID_W(ID_W), .NS(NS), .SLOT_W(SLOT_W), .WARP_W(WARP_W), .TAG_W(TAG_W),
      .NTMT(NTMT), .TMT_W(TMT_W)
  ) u_wb (
      .clk(clk), .rst(rst), .ret_valid(ret_valid), .ret_id(ret_id), .ret_data(ret_data), .rd_row(rd_row),
      .tmt_lanes(tmt_lanes), .tmt_words(tmt_words), .ret_ready(ret_ready), .wb_valid(wb_valid),
      .wb_warp(wb_warp), .wb_tag(wb_tag), .wb_lanes(wb_lanes), .wb_data(wb_data), .tmt_free(tmt_free),
      .tmt_free_idx(tmt_free_idx), .id_release(id_release), .id_release_id(id_release_id),
      .full(wbq_full), .empty(wbq_empty)
  );

  // ---------------- consistency counters ----------------
  reg [NS*WARP_W-1:0] sent_warps;
  always @* begin : sent
    integer k;
    for (k = 0; k < NS; k = k + 1) sent_warps[k*WARP_W+:WARP_W] = sel_slots[k*SLOT_W+SLOT_W-WARP_W+:WARP_W];
  end
  warppool_consist #(
      .NWARPS(NWARPS), .WARP_W(WARP_W), .NCOAL(NCOAL), .NS(NS), .CNT_W(CNT_W)
  ) u_consist (
      .clk(clk), .rst(rst), .issue_valid(issue_valid), .issue_warp(issue_warp), .issue_store(issue_store),
      .popz_valid(pop && agu_mask == 32'd0), .popz_warp(agu_warp), .emit_more(emit & ~fin), .emit_warp(co_warp),
      .st_sent(acc_store), .st_warp(in_warp[store_c*WARP_W+:WARP_W]), .ld_sent(acc_load), .ld_n(sel_n),
      .ld_warps(sent_warps), .ld_ok(ld_ok), .st_ok(st_ok)
  );

  // ---------------- status ----------------
  wire load_avail = aq_nonempty & id_any_free;
  assign status = {&busy,                                        // 10 every coalescer busy
                   (|(cl_valid & cl_table)) & tmt_full,          //  9 random load waits for the table
                   store_avail & load_avail & force_store,       //  8 store forced by the wait cap
                   load_avail & policy & force_old,              //  7 oldest forced by the age cap
                   store_avail & choose_load,                    //  6 store waits (loads first)
                   wbq_full,                                     //  5
                   ~id_any_free,                                 //  4
                   port_conflict,                                //  3
                   tag_stall,                                    //  2
                   tmt_full,                                     //  1
                   iq_full_any};                                 //  0
  assign quiet = ~agu_valid & ~aq_nonempty & wbq_empty & ~|busy & ~|cl_valid & ~|in_valid;
  assign idle = quiet & ~id_any_busy;
endmodule
