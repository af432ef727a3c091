// One bank of the RegLess operand staging unit (seed 000 §4.5.2; docs/blocks/regless.md §3), one
// instance per bank under the top (regless.v) so that the hierarchical synthesis flow maps the bank
// once, whatever NBANKS is. It holds the bank's LINES tagged lines (state, tag, fill-pending and
// dirty bits), its preload queue and its data store (regless_bank_ram, an SRAM macro). The shared
// parts of the OSU (slot decode, the one memory request stage, the operand answers) are in
// regless_osu.v, which tells this bank which request slots are its own (op_me) and, since the
// memory stage is one per shard, which wish for it was granted.
//
// Per cycle, in the priority order of the C++ twin (systemc/blocks/regless/regless_osu_twin.cpp):
// a fill (data port), the slots in order (write: data port; read: tag and data port; allocation:
// tag port, and the data port and memory stage for a dirty victim), then the head of the preload
// queue if the tag port is idle (a fetch or an invalidation needs the memory stage), then the CM's
// push to the queue tail, then the exit flash. The memory stage goes to the first wish in slot order,
// else to the first preload wish in bank order, and only while it is free. Until the first granted
// wish a denied wish changes nothing, so a slot's wish is computed here (slot_want) as if every
// earlier wish of this bank had been denied; regless_osu.v grants the first one (slot_grant), and the
// bank's state is then computed with that grant; the preload's wish (pre_want) follows from it.
// Each step is its own always block, so no signal depends on itself through regless_osu.v.
module regless_osu_bank #(
  parameter integer NWARPS = 16,
  parameter integer LINES = 16,
  parameter integer DATA_BITS = 32,
  parameter integer NOPS = 4,
  parameter integer WB = 4,
  parameter integer RB = 6,
  parameter integer LB = 4,
  parameter integer CB = 5,
  parameter integer S1W = 3 + 2 * WB + 2 * RB + LB
) (
  input  wire                      clk,
  input  wire                      rst,
  input  wire                      fill_me,      // the fill is for this bank
  input  wire [LB-1:0]             fill_line,
  input  wire [DATA_BITS-1:0]      fill_data,
  input  wire [NOPS-1:0]           op_me,        // slot k is valid and in this bank
  input  wire [2*NOPS-1:0]         op_kind,
  input  wire [WB*NOPS-1:0]        op_warp,
  input  wire [RB*NOPS-1:0]        op_reg,
  input  wire [LB*NOPS-1:0]        op_line,
  input  wire [2*NOPS-1:0]         op_rel,
  input  wire [DATA_BITS*NOPS-1:0] op_data,
  input  wire [NOPS-1:0]           slot_grant,   // the memory stage goes to slot k's wish
  input  wire                      pre_grant,    // the memory stage goes to this bank's preload wish
  input  wire                      push_valid,
  input  wire [WB-1:0]             push_warp,
  input  wire [RB-1:0]             push_reg,
  input  wire [1:0]                push_kind,
  input  wire [NWARPS-1:0]         exit_mask,
  output reg  [NOPS-1:0]           slot_want,    // slot k would take the memory stage (dirty victim)
  output reg                       pre_want,     // the queue head would take the memory stage
  output reg  [NOPS-1:0]           rsp_valid,    // per slot: answered (next cycle's rsp_valid)
  output reg  [NOPS-1:0]           rsp_err,
  output reg  [NOPS-1:0]           rsp_read,     // a read of the data store was made for slot k
  output reg  [LB*NOPS-1:0]        rsp_line,
  output reg  [NOPS-1:0]           ev_alloc,
  output reg  [NOPS-1:0]           ev_write,
  output reg                       ev_done,
  output reg  [WB-1:0]             ev_done_warp,
  output wire [S1W-1:0]            s1_req,       // what the memory stage loads; zero unless granted
  output wire                      q_full,
  output wire                      q_empty,
  output wire [DATA_BITS-1:0]      ram_q
);
  localparam [1:0] FREE = 2'd0, OWNED = 2'd1, CLEAN = 2'd2, DIRTY = 2'd3;
  localparam [1:0] K_READ = 2'd0, K_ALLOC = 2'd1, K_WRITE = 2'd2;
  localparam [1:0] R_ERASE = 2'd1, R_EVICT = 2'd2;

  // ---- registers (q) ----
  reg [2*LINES-1:0] lst_q;
  reg [WB*LINES-1:0] lw_q;
  reg [RB*LINES-1:0] lr_q;
  reg [LINES-1:0] lfill_q, ldirty_q;
  reg [WB*LINES-1:0] qw_q;
  reg [RB*LINES-1:0] qr_q;
  reg [2*LINES-1:0] qk_q;
  reg [LB-1:0] head_q;
  reg [CB-1:0] cnt_q;

  // ---- the data store ----
  reg ram_en, ram_we;
  reg [LB-1:0] ram_addr;
  reg [DATA_BITS-1:0] ram_wdata;
  regless_bank_ram #(.WORDS(LINES), .BITS(DATA_BITS), .AW(LB)) u_ram (
    .clk(clk), .en(ram_en), .we(ram_we), .addr(ram_addr), .wdata(ram_wdata), .q(ram_q));

  // ---- tag lookups against the old state: per slot, for the queue head, and the victim ----
  integer l, k;
  reg [NOPS-1:0] hit;
  reg [LB*NOPS-1:0] hit_line;
  reg pre_hit, vfound, f_free, f_clean, f_dirty;
  reg [LB-1:0] pre_line, v, l_free, l_clean, l_dirty;
  wire [LB-1:0] t = head_q;
  wire [WB-1:0] ew = qw_q[WB*32'(t) +: WB];
  wire [RB-1:0] er = qr_q[RB*32'(t) +: RB];
  wire [1:0] ekind = qk_q[2*32'(t) +: 2];
  // The tag lookups run only when their result is used: a slot's when the slot is in this bank,
  // the queue head's when the queue holds an entry; otherwise the result is zero. The gating is a
  // few AND gates in hardware and spares the Verilated model (rtl mode) the unused comparisons.
  always @* begin
    // Lowest line whose tag is (w, r) and that is not free.
    hit = {NOPS{1'b0}}; hit_line = {LB*NOPS{1'b0}};
    pre_hit = 1'b0; pre_line = {LB{1'b0}};
    for (k = 0; k < NOPS; k = k + 1)
      if (op_me[k])
        for (l = LINES - 1; l >= 0; l = l - 1)
          if (lst_q[2*l +: 2] != FREE && lw_q[WB*l +: WB] == op_warp[WB*k +: WB] &&
              lr_q[RB*l +: RB] == op_reg[RB*k +: RB]) begin
            hit[k] = 1'b1;
            hit_line[LB*k +: LB] = LB'(l);
          end
    if (cnt_q != {CB{1'b0}})
      for (l = LINES - 1; l >= 0; l = l - 1)
        if (lst_q[2*l +: 2] != FREE && lw_q[WB*l +: WB] == ew && lr_q[RB*l +: RB] == er) begin
          pre_hit = 1'b1;
          pre_line = LB'(l);
        end
    // The allocation order: lowest free line, else lowest clean, else lowest dirty. (Not gated:
    // the victim is on the path to the memory stage's grant, and gating it cost 13 % of fmax.)
    f_free = 1'b0; f_clean = 1'b0; f_dirty = 1'b0;
    l_free = {LB{1'b0}}; l_clean = {LB{1'b0}}; l_dirty = {LB{1'b0}};
    for (l = LINES - 1; l >= 0; l = l - 1) begin
      if (lst_q[2*l +: 2] == FREE) begin f_free = 1'b1; l_free = LB'(l); end
      if (lst_q[2*l +: 2] == CLEAN) begin f_clean = 1'b1; l_clean = LB'(l); end
      if (lst_q[2*l +: 2] == DIRTY) begin f_dirty = 1'b1; l_dirty = LB'(l); end
    end
    vfound = f_free | f_clean | f_dirty;
    v = f_free ? l_free : f_clean ? l_clean : l_dirty;
  end
  wire vdirty = lst_q[2*32'(v) +: 2] == DIRTY;

  // ---- 1: the slots' wishes for the memory stage, every earlier wish of this bank denied ----
  reg a_tag, a_data;
  integer ka;
  always @* begin
    a_tag = 1'b0; a_data = fill_me; slot_want = {NOPS{1'b0}};
    for (ka = 0; ka < NOPS; ka = ka + 1)
      if (op_me[ka]) begin
        if (op_kind[2*ka +: 2] == K_WRITE) begin
          a_data = 1'b1;
        end else if (op_kind[2*ka +: 2] == K_READ) begin
          if (!a_tag && !a_data) begin a_tag = 1'b1; a_data = 1'b1; end
        end else if (op_kind[2*ka +: 2] == K_ALLOC) begin
          if (!a_tag) begin
            if (hit[ka] || !vfound || !vdirty) a_tag = 1'b1;
            else if (!a_data) slot_want[ka] = 1'b1;
          end
        end
      end
  end

  // ---- 2: the fill and the slots, with the grant; then the queue head's wish ----
  reg [2*LINES-1:0] lst_s;
  reg [WB*LINES-1:0] lw_s;
  reg [RB*LINES-1:0] lr_s;
  reg [LINES-1:0] lfill_s, ldirty_s;
  reg tag_s, data_s, ram_en_s, ram_we_s;
  reg [LB-1:0] ram_addr_s;
  reg [DATA_BITS-1:0] ram_wdata_s;
  reg [S1W-1:0] s1_slot;
  reg [1:0] rel;
  reg [LB-1:0] i;
  integer kb;
  always @* begin
    lst_s = lst_q; lw_s = lw_q; lr_s = lr_q; lfill_s = lfill_q; ldirty_s = ldirty_q;
    tag_s = 1'b0; data_s = 1'b0;
    ram_en_s = 1'b0; ram_we_s = 1'b0; ram_addr_s = {LB{1'b0}}; ram_wdata_s = {DATA_BITS{1'b0}};
    rsp_valid = {NOPS{1'b0}}; rsp_err = {NOPS{1'b0}}; rsp_read = {NOPS{1'b0}}; rsp_line = {LB*NOPS{1'b0}};
    ev_alloc = {NOPS{1'b0}}; ev_write = {NOPS{1'b0}};
    s1_slot = {S1W{1'b0}};
    rel = 2'd0; i = {LB{1'b0}};
    // A fill has the data port first.
    if (fill_me) begin
      data_s = 1'b1;
      ram_en_s = 1'b1; ram_we_s = 1'b1; ram_addr_s = fill_line; ram_wdata_s = fill_data;
      lfill_s[fill_line] = 1'b0;
    end
    for (kb = 0; kb < NOPS; kb = kb + 1) begin
      rel = op_rel[2*kb +: 2];
      if (op_me[kb]) begin
        if (op_kind[2*kb +: 2] == K_WRITE) begin
          if (!data_s) begin
            data_s = 1'b1;
            i = op_line[LB*kb +: LB];
            ram_en_s = 1'b1; ram_we_s = 1'b1; ram_addr_s = i; ram_wdata_s = op_data[DATA_BITS*kb +: DATA_BITS];
            ldirty_s[i] = 1'b1;
            if (rel == R_ERASE) lst_s[2*32'(i) +: 2] = FREE;
            if (rel == R_EVICT) lst_s[2*32'(i) +: 2] = DIRTY;
            rsp_valid[kb] = 1'b1;
            ev_write[kb] = 1'b1;
          end
        end else if (op_kind[2*kb +: 2] == K_READ) begin
          if (!tag_s && !data_s) begin
            tag_s = 1'b1; data_s = 1'b1;
            rsp_valid[kb] = 1'b1;
            i = hit_line[LB*kb +: LB];
            if (!hit[kb] || lst_q[2*32'(i) +: 2] != OWNED || lfill_q[i]) begin
              rsp_err[kb] = 1'b1;
            end else begin
              ram_en_s = 1'b1; ram_addr_s = i;
              rsp_read[kb] = 1'b1;
              if (rel == R_ERASE) lst_s[2*32'(i) +: 2] = FREE;
              if (rel == R_EVICT) lst_s[2*32'(i) +: 2] = ldirty_q[i] ? DIRTY : CLEAN;
            end
          end
        end else if (op_kind[2*kb +: 2] == K_ALLOC) begin
          if (!tag_s) begin
            if (hit[kb]) begin
              tag_s = 1'b1;
              rsp_valid[kb] = 1'b1;
              i = hit_line[LB*kb +: LB];
              rsp_line[LB*kb +: LB] = i;
              lst_s[2*32'(i) +: 2] = OWNED;
              ev_alloc[kb] = 1'b1;
            end else if (!vfound) begin
              tag_s = 1'b1;
              rsp_valid[kb] = 1'b1;
              rsp_err[kb] = 1'b1;
            end else if (!vdirty || (!data_s && slot_grant[kb])) begin
              if (vdirty) begin  // the victim's value is read and written back
                s1_slot = {1'b1, lw_q[WB*32'(v) +: WB], lr_q[RB*32'(v) +: RB], 1'b0, 1'b0, {WB{1'b0}}, {RB{1'b0}}, v};
                data_s = 1'b1;
                ram_en_s = 1'b1; ram_addr_s = v;
              end
              tag_s = 1'b1;
              rsp_valid[kb] = 1'b1;
              rsp_line[LB*kb +: LB] = v;
              lst_s[2*32'(v) +: 2] = OWNED;
              lw_s[WB*32'(v) +: WB] = op_warp[WB*kb +: WB];
              lr_s[RB*32'(v) +: RB] = op_reg[RB*kb +: RB];
              lfill_s[v] = 1'b0; ldirty_s[v] = 1'b0;
              ev_alloc[kb] = 1'b1;
            end
          end
        end
      end
    end
    // The queue head, when the tag port is idle: a cache invalidation, an invalidating read that
    // hits, and a fetch (whose victim's write-back, if any, needs the data port) need the stage.
    pre_want = 1'b0;
    if (!tag_s && cnt_q != {CB{1'b0}}) begin
      if (ekind == 2'd2) pre_want = 1'b1;
      else if (pre_hit) pre_want = ekind == 2'd1;
      else if (vfound) pre_want = !vdirty || !data_s;
    end
  end

  // ---- 3: the queue head with the grant, and the CM's push to the tail ----
  reg [2*LINES-1:0] lst_e;  // before the exit flash
  reg [WB*LINES-1:0] lw_n;
  reg [RB*LINES-1:0] lr_n;
  reg [LINES-1:0] lfill_n, ldirty_n;
  reg [WB*LINES-1:0] qw_n;
  reg [RB*LINES-1:0] qr_n;
  reg [2*LINES-1:0] qk_n;
  reg [LB-1:0] head_n;
  reg [CB-1:0] cnt_n;
  reg [S1W-1:0] s1_pre;
  reg tag_p, done;
  integer tail;
  always @* begin
    lst_e = lst_s; lw_n = lw_s; lr_n = lr_s; lfill_n = lfill_s; ldirty_n = ldirty_s;
    ram_en = ram_en_s; ram_we = ram_we_s; ram_addr = ram_addr_s; ram_wdata = ram_wdata_s;
    qw_n = qw_q; qr_n = qr_q; qk_n = qk_q; head_n = head_q; cnt_n = cnt_q;
    s1_pre = {S1W{1'b0}};
    ev_done = 1'b0; ev_done_warp = {WB{1'b0}};
    tag_p = tag_s; done = 1'b0; tail = 0;
    if (!tag_s && cnt_q != {CB{1'b0}}) begin
      if (ekind == 2'd2) begin
        if (pre_grant) begin  // cache invalidation: a listed copy is freed, memory's invalidated
          s1_pre = {1'b0, {WB{1'b0}}, {RB{1'b0}}, 1'b0, 1'b1, ew, er, {LB{1'b0}}};
          if (pre_hit && lst_q[2*32'(pre_line) +: 2] != OWNED) lst_e[2*32'(pre_line) +: 2] = FREE;
          done = 1'b1;
        end
      end else if (pre_hit) begin
        if (ekind != 2'd1 || pre_grant) begin
          if (ekind == 2'd1) begin  // invalidating read: the OSU now holds the only copy
            s1_pre = {1'b0, {WB{1'b0}}, {RB{1'b0}}, 1'b0, 1'b1, ew, er, {LB{1'b0}}};
            ldirty_n[pre_line] = 1'b1;
          end
          lst_e[2*32'(pre_line) +: 2] = OWNED;
          done = 1'b1;
        end
      end else if (pre_grant) begin  // a fetch into the victim (pre_want: found, data port free if dirty)
        s1_pre = {vdirty, lw_q[WB*32'(v) +: WB], lr_q[RB*32'(v) +: RB], 1'b1, ekind == 2'd1, ew, er, v};
        if (vdirty) begin
          ram_en = 1'b1; ram_we = 1'b0; ram_addr = v;
        end
        lst_e[2*32'(v) +: 2] = OWNED; lw_n[WB*32'(v) +: WB] = ew; lr_n[RB*32'(v) +: RB] = er;
        lfill_n[v] = 1'b1; ldirty_n[v] = ekind == 2'd1;
        tag_p = 1'b1;
      end
      if (done) begin
        tag_p = 1'b1;
        ev_done = 1'b1;
        ev_done_warp = ew;
      end
      if (tag_p) begin
        head_n = 32'(t) + 1 == LINES ? {LB{1'b0}} : LB'(32'(t) + 1);
        cnt_n = cnt_q - 1'b1;
      end
    end
    if (push_valid) begin
      tail = 32'(head_q) + 32'(cnt_q);
      if (tail >= LINES) tail = tail - LINES;
      qw_n[WB*tail +: WB] = push_warp;
      qr_n[RB*tail +: RB] = push_reg;
      qk_n[2*tail +: 2] = push_kind;
      cnt_n = cnt_n + 1'b1;
    end
  end
  assign s1_req = s1_slot | s1_pre;

  // ---- 4: warps that exit at this edge (the CM's decision from this edge's events) ----
  reg [2*LINES-1:0] lst_n;
  integer x;
  always @* begin
    lst_n = lst_e;
    if (exit_mask != {NWARPS{1'b0}})
      for (x = 0; x < LINES; x = x + 1)
        if ((lst_e[2*x +: 2] == CLEAN || lst_e[2*x +: 2] == DIRTY) && exit_mask[lw_n[WB*x +: WB]])
          lst_n[2*x +: 2] = FREE;
  end

  always @(posedge clk) begin
    if (rst) begin
      lst_q <= {2*LINES{1'b0}}; lw_q <= {WB*LINES{1'b0}}; lr_q <= {RB*LINES{1'b0}};
      lfill_q <= {LINES{1'b0}}; ldirty_q <= {LINES{1'b0}};
      qw_q <= {WB*LINES{1'b0}}; qr_q <= {RB*LINES{1'b0}}; qk_q <= {2*LINES{1'b0}};
      head_q <= {LB{1'b0}}; cnt_q <= {CB{1'b0}};
    end else begin
      lst_q <= lst_n; lw_q <= lw_n; lr_q <= lr_n; lfill_q <= lfill_n; ldirty_q <= ldirty_n;
      qw_q <= qw_n; qr_q <= qr_n; qk_q <= qk_n; head_q <= head_n; cnt_q <= cnt_n;
    end
  end

  // The preload queue holds LINES entries; the CM's enqueuer waits on a full one.
  assign q_full = cnt_q == CB'(LINES);
  assign q_empty = cnt_q == {CB{1'b0}};
endmodule
