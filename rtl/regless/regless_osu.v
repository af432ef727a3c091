// RegLess operand staging unit (OSU) of one shard (seed 000 §4.5.2; docs/blocks/regless.md §3).
// NBANKS independent banks; register r of warp w lives in bank (w + r) mod NBANKS. A bank has
// LINES lines, each tagged (warp, register) and in one of four states: free, clean, dirty (the
// three lists of lines no region uses) or owned by a region. Per bank and cycle: one tag lookup
// (an operand read or allocation, else the head of the bank's preload queue) and one data access
// (a fill first, then a register write, a read, or the read of a dirty victim to write back).
// Allocation takes the lowest free line, else the lowest clean, else the lowest dirty (written
// back). One memory request at a time: stage 1 forms it (a write-back waits a cycle for the RAM's
// q), stage 2 holds it on the pins until mem_ready. The data store is one regless_bank_ram per bank.
// Every next-state value is computed from the old registers in the always @* block below, in the
// priority order the C++ twin (systemc/blocks/regless/regless_osu_twin.cpp) follows.
module regless_osu #(
  parameter integer NWARPS = 16,
  parameter integer NBANKS = 8,
  parameter integer LINES = 16,
  parameter integer DATA_BITS = 32,
  parameter integer NOPS = 4,
  parameter integer WB = 4,
  parameter integer RB = 6,
  parameter integer LB = 4,
  parameter integer CB = 5,
  parameter integer BB = 3
) (
  input  wire                   clk,
  input  wire                   rst,
  input  wire                   fill_valid,
  input  wire [WB-1:0]          fill_warp,
  input  wire [RB-1:0]          fill_reg,
  input  wire [LB-1:0]          fill_line,
  input  wire [DATA_BITS-1:0]   fill_data,
  input  wire [NOPS-1:0]        op_valid,
  input  wire [2*NOPS-1:0]      op_kind,
  input  wire [WB*NOPS-1:0]     op_warp,
  input  wire [RB*NOPS-1:0]     op_reg,
  input  wire [LB*NOPS-1:0]     op_line,
  input  wire [2*NOPS-1:0]      op_rel,
  input  wire [DATA_BITS*NOPS-1:0] op_data,
  input  wire                   mem_ready,
  input  wire [NBANKS-1:0]      push_valid,
  input  wire [WB*NBANKS-1:0]   push_warp,
  input  wire [RB*NBANKS-1:0]   push_reg,
  input  wire [2*NBANKS-1:0]    push_kind,
  input  wire [NWARPS-1:0]      exit_mask,
  output wire [NBANKS-1:0]      q_full,
  output reg  [NOPS-1:0]        ev_alloc,
  output reg  [NOPS-1:0]        ev_write,
  output reg  [BB*NOPS-1:0]     ev_bank,
  output reg  [NBANKS-1:0]      ev_done,
  output reg  [WB*NBANKS-1:0]   ev_done_warp,
  output wire [NOPS-1:0]        rsp_valid,
  output wire [NOPS-1:0]        rsp_err,
  output wire [LB*NOPS-1:0]     rsp_line,
  output reg  [DATA_BITS*NOPS-1:0] rsp_data,
  output wire                   mem_valid,
  output wire                   mem_wb,
  output wire [WB-1:0]          mem_wb_warp,
  output wire [RB-1:0]          mem_wb_reg,
  output wire [DATA_BITS-1:0]   mem_data,
  output wire                   mem_rd,
  output wire                   mem_inv,
  output wire [WB-1:0]          mem_warp,
  output wire [RB-1:0]          mem_reg,
  output wire [LB-1:0]          mem_line,
  output wire                   quiet
);
  localparam integer NL = NBANKS * LINES;
  localparam [1:0] FREE = 2'd0, OWNED = 2'd1, CLEAN = 2'd2, DIRTY = 2'd3;
  localparam [1:0] K_READ = 2'd0, K_ALLOC = 2'd1, K_WRITE = 2'd2;
  localparam [1:0] R_ERASE = 2'd1, R_EVICT = 2'd2;
  localparam [BB-1:0] BMASK = BB'(NBANKS - 1);

  // ---- registers (q) and their next values (n) ----
  reg [2*NL-1:0] lst_q, lst_e, lst_n;  // lst_e: before the exit flash
  reg [WB*NL-1:0] lw_q, lw_n;
  reg [RB*NL-1:0] lr_q, lr_n;
  reg [NL-1:0] lfill_q, lfill_n, ldirty_q, ldirty_n;
  reg [WB*NL-1:0] qw_q, qw_n;
  reg [RB*NL-1:0] qr_q, qr_n;
  reg [2*NL-1:0] qk_q, qk_n;
  reg [LB*NBANKS-1:0] head_q, head_n;
  reg [CB*NBANKS-1:0] cnt_q, cnt_n;
  reg s1_valid_q, s1_valid_n, s1_have_q, s1_have_n, s1_wb_q, s1_wb_n, s1_rd_q, s1_rd_n, s1_inv_q, s1_inv_n;
  reg [BB-1:0] s1_bank_q, s1_bank_n;
  reg [WB-1:0] s1_wb_warp_q, s1_wb_warp_n, s1_warp_q, s1_warp_n;
  reg [RB-1:0] s1_wb_reg_q, s1_wb_reg_n, s1_reg_q, s1_reg_n;
  reg [LB-1:0] s1_line_q, s1_line_n;
  reg [DATA_BITS-1:0] s1_data_q, s1_data_n;
  reg m_valid_q, m_valid_n, m_wb_q, m_wb_n, m_rd_q, m_rd_n, m_inv_q, m_inv_n;
  reg [WB-1:0] m_wb_warp_q, m_wb_warp_n, m_warp_q, m_warp_n;
  reg [RB-1:0] m_wb_reg_q, m_wb_reg_n, m_reg_q, m_reg_n;
  reg [LB-1:0] m_line_q, m_line_n;
  reg [DATA_BITS-1:0] m_data_q, m_data_n;
  reg [NOPS-1:0] r_valid_q, r_valid_n, r_err_q, r_err_n, r_read_q, r_read_n;
  reg [LB*NOPS-1:0] r_line_q, r_line_n;
  reg [BB*NOPS-1:0] r_bank_q, r_bank_n;

  // ---- the data store ----
  reg [NBANKS-1:0] ram_en, ram_we;
  reg [LB*NBANKS-1:0] ram_addr;
  reg [DATA_BITS*NBANKS-1:0] ram_wdata;
  wire [DATA_BITS*NBANKS-1:0] ram_q;
  genvar gb;
  generate
    for (gb = 0; gb < NBANKS; gb = gb + 1) begin : g_bank
      regless_bank_ram #(.WORDS(LINES), .BITS(DATA_BITS), .AW(LB)) u_ram (
        .clk(clk), .en(ram_en[gb]), .we(ram_we[gb]), .addr(ram_addr[gb*LB +: LB]),
        .wdata(ram_wdata[gb*DATA_BITS +: DATA_BITS]), .q(ram_q[gb*DATA_BITS +: DATA_BITS]));
    end
  endgenerate

  // Bank of register r of warp w: (w + r) mod NBANKS, so only the low bits of each count.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [BB-1:0] bank_of(input [WB-1:0] w, input [RB-1:0] r);
    bank_of = (BB'(w) + BB'(r)) & BMASK;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // Lowest line of bank b whose tag is (w, r) and that is not free; found = 0 if none.
  task automatic lookup(input [BB-1:0] b, input [WB-1:0] w, input [RB-1:0] r, output found, output [LB-1:0] line);
    integer l;
    begin
      found = 1'b0;
      line = {LB{1'b0}};
      for (l = LINES - 1; l >= 0; l = l - 1)
        if (lst_q[2*(32'(b)*LINES+l) +: 2] != FREE && lw_q[WB*(32'(b)*LINES+l) +: WB] == w &&
            lr_q[RB*(32'(b)*LINES+l) +: RB] == r) begin
          found = 1'b1;
          line = LB'(l);
        end
    end
  endtask

  // The allocation order: lowest free line, else lowest clean, else lowest dirty.
  task automatic victim(input [BB-1:0] b, output found, output [LB-1:0] line);
    integer l;
    reg f_free, f_clean, f_dirty;
    reg [LB-1:0] l_free, l_clean, l_dirty;
    begin
      f_free = 1'b0; f_clean = 1'b0; f_dirty = 1'b0;
      l_free = {LB{1'b0}}; l_clean = {LB{1'b0}}; l_dirty = {LB{1'b0}};
      for (l = LINES - 1; l >= 0; l = l - 1) begin
        if (lst_q[2*(32'(b)*LINES+l) +: 2] == FREE) begin f_free = 1'b1; l_free = LB'(l); end
        if (lst_q[2*(32'(b)*LINES+l) +: 2] == CLEAN) begin f_clean = 1'b1; l_clean = LB'(l); end
        if (lst_q[2*(32'(b)*LINES+l) +: 2] == DIRTY) begin f_dirty = 1'b1; l_dirty = LB'(l); end
      end
      found = f_free | f_clean | f_dirty;
      line = f_free ? l_free : f_clean ? l_clean : l_dirty;
    end
  endtask

  integer k, b, i, t;
  reg s1_leave, s1_free, hit, vfound, done, wbv;
  reg [NBANKS-1:0] tag_used, data_used;
  reg [WB-1:0] w;
  reg [RB-1:0] r;
  reg [BB-1:0] bk;
  reg [1:0] kind, rel, ekind;
  reg [LB-1:0] l, v;
  reg [WB-1:0] ew;
  reg [RB-1:0] er;

  always @* begin
    lst_e = lst_q; lw_n = lw_q; lr_n = lr_q; lfill_n = lfill_q; ldirty_n = ldirty_q;
    qw_n = qw_q; qr_n = qr_q; qk_n = qk_q; head_n = head_q; cnt_n = cnt_q;
    s1_valid_n = s1_valid_q; s1_have_n = s1_have_q; s1_wb_n = s1_wb_q; s1_rd_n = s1_rd_q; s1_inv_n = s1_inv_q;
    s1_bank_n = s1_bank_q; s1_wb_warp_n = s1_wb_warp_q; s1_warp_n = s1_warp_q; s1_wb_reg_n = s1_wb_reg_q;
    s1_reg_n = s1_reg_q; s1_line_n = s1_line_q; s1_data_n = s1_data_q;
    m_valid_n = m_valid_q; m_wb_n = m_wb_q; m_rd_n = m_rd_q; m_inv_n = m_inv_q; m_wb_warp_n = m_wb_warp_q;
    m_warp_n = m_warp_q; m_wb_reg_n = m_wb_reg_q; m_reg_n = m_reg_q; m_line_n = m_line_q; m_data_n = m_data_q;
    r_valid_n = {NOPS{1'b0}}; r_err_n = {NOPS{1'b0}}; r_read_n = {NOPS{1'b0}};
    r_line_n = {LB*NOPS{1'b0}}; r_bank_n = {BB*NOPS{1'b0}};
    ev_alloc = {NOPS{1'b0}}; ev_write = {NOPS{1'b0}}; ev_bank = {BB*NOPS{1'b0}};
    ev_done = {NBANKS{1'b0}}; ev_done_warp = {WB*NBANKS{1'b0}};
    ram_en = {NBANKS{1'b0}}; ram_we = {NBANKS{1'b0}}; ram_addr = {LB*NBANKS{1'b0}}; ram_wdata = {DATA_BITS*NBANKS{1'b0}};
    tag_used = {NBANKS{1'b0}}; data_used = {NBANKS{1'b0}};
    hit = 1'b0; vfound = 1'b0; done = 1'b0; wbv = 1'b0; l = {LB{1'b0}}; v = {LB{1'b0}};
    w = {WB{1'b0}}; r = {RB{1'b0}}; bk = {BB{1'b0}}; kind = 2'd0; rel = 2'd0; ekind = 2'd0;
    ew = {WB{1'b0}}; er = {RB{1'b0}}; i = 0; t = 0;

    // Stage 2 empties when taken; stage 1 moves on when it has its data and stage 2 is free.
    s1_leave = s1_valid_q && (s1_have_q || !s1_wb_q) && (!m_valid_q || mem_ready);
    s1_free = !s1_valid_q || s1_leave;
    if (m_valid_q && mem_ready) m_valid_n = 1'b0;
    if (s1_leave) begin
      m_valid_n = 1'b1; m_wb_n = s1_wb_q; m_rd_n = s1_rd_q; m_inv_n = s1_inv_q;
      m_wb_warp_n = s1_wb_warp_q; m_wb_reg_n = s1_wb_reg_q; m_warp_n = s1_warp_q; m_reg_n = s1_reg_q;
      m_line_n = s1_line_q; m_data_n = s1_data_q;
      s1_valid_n = 1'b0;
    end
    if (s1_valid_q && s1_wb_q && !s1_have_q) begin
      s1_data_n = ram_q[32'(s1_bank_q)*DATA_BITS +: DATA_BITS];
      s1_have_n = 1'b1;
    end

    // A fill has the data port of its bank first.
    if (fill_valid) begin
      bk = bank_of(fill_warp, fill_reg);
      i = 32'(bk) * LINES + 32'(fill_line);
      data_used[bk] = 1'b1;
      ram_en[bk] = 1'b1; ram_we[bk] = 1'b1;
      ram_addr[32'(bk)*LB +: LB] = fill_line;
      ram_wdata[32'(bk)*DATA_BITS +: DATA_BITS] = fill_data;
      lfill_n[i] = 1'b0;
    end

    // Operand requests in slot order.
    for (k = 0; k < NOPS; k = k + 1) begin
      w = op_warp[WB*k +: WB];
      r = op_reg[RB*k +: RB];
      bk = bank_of(w, r);
      kind = op_kind[2*k +: 2];
      rel = op_rel[2*k +: 2];
      if (op_valid[k]) begin
        ev_bank[BB*k +: BB] = bk;
        if (kind == K_WRITE) begin
          if (!data_used[bk]) begin
            data_used[bk] = 1'b1;
            i = 32'(bk) * LINES + 32'(op_line[LB*k +: LB]);
            ram_en[bk] = 1'b1; ram_we[bk] = 1'b1;
            ram_addr[32'(bk)*LB +: LB] = op_line[LB*k +: LB];
            ram_wdata[32'(bk)*DATA_BITS +: DATA_BITS] = op_data[DATA_BITS*k +: DATA_BITS];
            ldirty_n[i] = 1'b1;
            if (rel == R_ERASE) lst_e[2*i +: 2] = FREE;
            if (rel == R_EVICT) lst_e[2*i +: 2] = DIRTY;
            r_valid_n[k] = 1'b1;
            ev_write[k] = 1'b1;
          end
        end else if (kind == K_READ) begin
          if (!tag_used[bk] && !data_used[bk]) begin
            tag_used[bk] = 1'b1; data_used[bk] = 1'b1;
            r_valid_n[k] = 1'b1;
            r_bank_n[BB*k +: BB] = bk;
            lookup(bk, w, r, hit, l);
            i = 32'(bk) * LINES + 32'(l);
            if (!hit || lst_q[2*i +: 2] != OWNED || lfill_q[i]) begin
              r_err_n[k] = 1'b1;
            end else begin
              ram_en[bk] = 1'b1;
              ram_addr[32'(bk)*LB +: LB] = l;
              r_read_n[k] = 1'b1;
              if (rel == R_ERASE) lst_e[2*i +: 2] = FREE;
              if (rel == R_EVICT) lst_e[2*i +: 2] = ldirty_q[i] ? DIRTY : CLEAN;
            end
          end
        end else if (kind == K_ALLOC) begin
          if (!tag_used[bk]) begin
            lookup(bk, w, r, hit, l);
            victim(bk, vfound, v);
            if (hit) begin
              tag_used[bk] = 1'b1;
              r_valid_n[k] = 1'b1;
              r_line_n[LB*k +: LB] = l;
              lst_e[2*(32'(bk)*LINES+32'(l)) +: 2] = OWNED;
              ev_alloc[k] = 1'b1;
            end else if (!vfound) begin
              tag_used[bk] = 1'b1;
              r_valid_n[k] = 1'b1;
              r_err_n[k] = 1'b1;
            end else begin
              i = 32'(bk) * LINES + 32'(v);
              wbv = lst_q[2*i +: 2] == DIRTY;
              if (!wbv || (!data_used[bk] && s1_free)) begin
                if (wbv) begin
                  s1_valid_n = 1'b1; s1_have_n = 1'b0; s1_wb_n = 1'b1;
                  s1_wb_warp_n = lw_q[WB*i +: WB]; s1_wb_reg_n = lr_q[RB*i +: RB];
                  s1_rd_n = 1'b0; s1_inv_n = 1'b0; s1_warp_n = {WB{1'b0}}; s1_reg_n = {RB{1'b0}};
                  s1_bank_n = bk; s1_line_n = v;
                  s1_free = 1'b0;
                  data_used[bk] = 1'b1;
                  ram_en[bk] = 1'b1;
                  ram_addr[32'(bk)*LB +: LB] = v;
                end
                tag_used[bk] = 1'b1;
                r_valid_n[k] = 1'b1;
                r_line_n[LB*k +: LB] = v;
                lst_e[2*i +: 2] = OWNED; lw_n[WB*i +: WB] = w; lr_n[RB*i +: RB] = r;
                lfill_n[i] = 1'b0; ldirty_n[i] = 1'b0;
                ev_alloc[k] = 1'b1;
              end
            end
          end
        end
      end
    end

    // Preload engines: a bank whose tag port is idle serves the head of its queue.
    for (b = 0; b < NBANKS; b = b + 1) begin
      t = 32'(head_q[LB*b +: LB]);
      ew = qw_q[WB*(b*LINES+t) +: WB];
      er = qr_q[RB*(b*LINES+t) +: RB];
      ekind = qk_q[2*(b*LINES+t) +: 2];
      if (!tag_used[b] && cnt_q[CB*b +: CB] != {CB{1'b0}}) begin
        lookup(BB'(b), ew, er, hit, l);
        victim(BB'(b), vfound, v);
        done = 1'b0;
        if (ekind == 2'd2) begin
          if (s1_free) begin
            s1_valid_n = 1'b1; s1_have_n = 1'b0; s1_wb_n = 1'b0; s1_wb_warp_n = {WB{1'b0}}; s1_wb_reg_n = {RB{1'b0}};
            s1_rd_n = 1'b0; s1_inv_n = 1'b1; s1_warp_n = ew; s1_reg_n = er; s1_bank_n = BB'(b); s1_line_n = {LB{1'b0}};
            s1_free = 1'b0;
            i = b * LINES + 32'(l);
            if (hit && lst_q[2*i +: 2] != OWNED) lst_e[2*i +: 2] = FREE;
            done = 1'b1;
          end
        end else if (hit) begin
          i = b * LINES + 32'(l);
          if (ekind != 2'd1 || s1_free) begin
            if (ekind == 2'd1) begin
              s1_valid_n = 1'b1; s1_have_n = 1'b0; s1_wb_n = 1'b0; s1_wb_warp_n = {WB{1'b0}}; s1_wb_reg_n = {RB{1'b0}};
              s1_rd_n = 1'b0; s1_inv_n = 1'b1; s1_warp_n = ew; s1_reg_n = er; s1_bank_n = BB'(b); s1_line_n = {LB{1'b0}};
              s1_free = 1'b0;
              ldirty_n[i] = 1'b1;
            end
            lst_e[2*i +: 2] = OWNED;
            done = 1'b1;
          end
        end else if (vfound && s1_free) begin
          i = b * LINES + 32'(v);
          wbv = lst_q[2*i +: 2] == DIRTY;
          if (!wbv || !data_used[b]) begin
            s1_valid_n = 1'b1; s1_have_n = 1'b0; s1_wb_n = wbv;
            s1_wb_warp_n = lw_q[WB*i +: WB]; s1_wb_reg_n = lr_q[RB*i +: RB];
            s1_rd_n = 1'b1; s1_inv_n = ekind == 2'd1; s1_warp_n = ew; s1_reg_n = er;
            s1_bank_n = BB'(b); s1_line_n = v;
            s1_free = 1'b0;
            if (wbv) begin
              data_used[b] = 1'b1;
              ram_en[b] = 1'b1;
              ram_addr[LB*b +: LB] = v;
            end
            lst_e[2*i +: 2] = OWNED; lw_n[WB*i +: WB] = ew; lr_n[RB*i +: RB] = er;
            lfill_n[i] = 1'b1; ldirty_n[i] = ekind == 2'd1;
            tag_used[b] = 1'b1;  // marks the entry taken below
          end
        end
        if (done) begin
          tag_used[b] = 1'b1;
          ev_done[b] = 1'b1;
          ev_done_warp[WB*b +: WB] = ew;
        end
        if (tag_used[b]) begin
          head_n[LB*b +: LB] = t + 1 == LINES ? {LB{1'b0}} : LB'(t + 1);
          cnt_n[CB*b +: CB] = cnt_q[CB*b +: CB] - 1'b1;
        end
      end
    end

    // The CM's pushes go to the tail.
    for (b = 0; b < NBANKS; b = b + 1)
      if (push_valid[b]) begin
        t = 32'(head_q[LB*b +: LB]) + 32'(cnt_q[CB*b +: CB]);
        if (t >= LINES) t = t - LINES;
        qw_n[WB*(b*LINES+t) +: WB] = push_warp[WB*b +: WB];
        qr_n[RB*(b*LINES+t) +: RB] = push_reg[RB*b +: RB];
        qk_n[2*(b*LINES+t) +: 2] = push_kind[2*b +: 2];
        cnt_n[CB*b +: CB] = cnt_n[CB*b +: CB] + 1'b1;
      end

  end

  // Warps that exit at this edge (decided by the CM from this edge's events): their listed lines are dead.
  integer x;
  always @* begin
    lst_n = lst_e;
    for (x = 0; x < NL; x = x + 1)
      if ((lst_e[2*x +: 2] == CLEAN || lst_e[2*x +: 2] == DIRTY) && exit_mask[lw_n[WB*x +: WB]])
        lst_n[2*x +: 2] = FREE;
  end

  always @(posedge clk) begin
    if (rst) begin
      lst_q <= {2*NL{1'b0}}; lw_q <= {WB*NL{1'b0}}; lr_q <= {RB*NL{1'b0}}; lfill_q <= {NL{1'b0}}; ldirty_q <= {NL{1'b0}};
      qw_q <= {WB*NL{1'b0}}; qr_q <= {RB*NL{1'b0}}; qk_q <= {2*NL{1'b0}};
      head_q <= {LB*NBANKS{1'b0}}; cnt_q <= {CB*NBANKS{1'b0}};
      s1_valid_q <= 1'b0; s1_have_q <= 1'b0; s1_wb_q <= 1'b0; s1_rd_q <= 1'b0; s1_inv_q <= 1'b0;
      s1_bank_q <= {BB{1'b0}}; s1_wb_warp_q <= {WB{1'b0}}; s1_warp_q <= {WB{1'b0}}; s1_wb_reg_q <= {RB{1'b0}};
      s1_reg_q <= {RB{1'b0}}; s1_line_q <= {LB{1'b0}}; s1_data_q <= {DATA_BITS{1'b0}};
      m_valid_q <= 1'b0; m_wb_q <= 1'b0; m_rd_q <= 1'b0; m_inv_q <= 1'b0; m_wb_warp_q <= {WB{1'b0}};
      m_warp_q <= {WB{1'b0}}; m_wb_reg_q <= {RB{1'b0}}; m_reg_q <= {RB{1'b0}}; m_line_q <= {LB{1'b0}};
      m_data_q <= {DATA_BITS{1'b0}};
      r_valid_q <= {NOPS{1'b0}}; r_err_q <= {NOPS{1'b0}}; r_read_q <= {NOPS{1'b0}};
      r_line_q <= {LB*NOPS{1'b0}}; r_bank_q <= {BB*NOPS{1'b0}};
    end else begin
      lst_q <= lst_n; lw_q <= lw_n; lr_q <= lr_n; lfill_q <= lfill_n; ldirty_q <= ldirty_n;
      qw_q <= qw_n; qr_q <= qr_n; qk_q <= qk_n; head_q <= head_n; cnt_q <= cnt_n;
      s1_valid_q <= s1_valid_n; s1_have_q <= s1_have_n; s1_wb_q <= s1_wb_n; s1_rd_q <= s1_rd_n; s1_inv_q <= s1_inv_n;
      s1_bank_q <= s1_bank_n; s1_wb_warp_q <= s1_wb_warp_n; s1_warp_q <= s1_warp_n; s1_wb_reg_q <= s1_wb_reg_n;
      s1_reg_q <= s1_reg_n; s1_line_q <= s1_line_n; s1_data_q <= s1_data_n;
      m_valid_q <= m_valid_n; m_wb_q <= m_wb_n; m_rd_q <= m_rd_n; m_inv_q <= m_inv_n; m_wb_warp_q <= m_wb_warp_n;
      m_warp_q <= m_warp_n; m_wb_reg_q <= m_wb_reg_n; m_reg_q <= m_reg_n; m_line_q <= m_line_n; m_data_q <= m_data_n;
      r_valid_q <= r_valid_n; r_err_q <= r_err_n; r_read_q <= r_read_n; r_line_q <= r_line_n; r_bank_q <= r_bank_n;
    end
  end

  // ---- outputs: functions of registers ----
  always @* begin
    for (k = 0; k < NOPS; k = k + 1)
      rsp_data[DATA_BITS*k +: DATA_BITS] = r_read_q[k] ? ram_q[32'(r_bank_q[BB*k +: BB])*DATA_BITS +: DATA_BITS]
                                                       : {DATA_BITS{1'b0}};
  end
  assign rsp_valid = r_valid_q;
  assign rsp_err = r_err_q;
  assign rsp_line = r_line_q;
  assign mem_valid = m_valid_q;
  assign mem_wb = m_wb_q;
  assign mem_wb_warp = m_wb_warp_q;
  assign mem_wb_reg = m_wb_reg_q;
  assign mem_data = m_data_q;
  assign mem_rd = m_rd_q;
  assign mem_inv = m_inv_q;
  assign mem_warp = m_warp_q;
  assign mem_reg = m_reg_q;
  assign mem_line = m_line_q;
  // Per bank: the preload queue holds LINES entries; the CM's enqueuer waits (cache invalidations
  // are not bounded by a region's need, so several warps' regions can fill a queue).
  genvar gq;
  generate
    for (gq = 0; gq < NBANKS; gq = gq + 1) begin : g_qfull
      assign q_full[gq] = cnt_q[CB*gq +: CB] == CB'(LINES);
    end
  endgenerate

  assign quiet = !s1_valid_q && !m_valid_q && r_valid_q == {NOPS{1'b0}} && cnt_q == {CB*NBANKS{1'b0}};
endmodule
