// RegLess operand staging unit (OSU) of one shard (seed 000 §4.5.2; docs/blocks/regless.md §3):
// the parts shared by its banks. The banks themselves (tagged lines, preload queue, data store)
// are regless_osu_bank instances beside this module under the top (regless.v), so that the
// hierarchical synthesis flow maps one bank once; this module decodes which bank each request
// slot and the fill go to (register r of warp w lives in bank (w + r) mod NBANKS), grants the one
// memory request stage, gathers the banks' answers and drives the operand and memory pins. The
// CM's warps take the slots' banks decoded here (op_me), not as indices (regless_cm_warp.v says why).
// One memory request at a time: stage 1 forms it (a write-back waits a cycle for the RAM's q),
// stage 2 holds it on the pins until mem_ready. Stage 1 takes a new request only when it is free
// (empty, or leaving this edge), and then from the first wish in slot order, else from the first
// preload wish in bank order (the priority order of the C++ twin,
// systemc/blocks/regless/regless_osu_twin.cpp; regless_osu_bank.v says why the wishes are exact).
module regless_osu #(
  parameter integer NBANKS = 8,
  parameter integer DATA_BITS = 32,
  parameter integer NOPS = 4,
  parameter integer WB = 4,
  parameter integer RB = 6,
  parameter integer LB = 4,
  parameter integer BB = 3,
  parameter integer S1W = 3 + 2 * WB + 2 * RB + LB
) (
  input  wire                        clk,
  input  wire                        rst,
  input  wire                        fill_valid,
  input  wire [WB-1:0]               fill_warp,
  input  wire [RB-1:0]               fill_reg,
  input  wire [NOPS-1:0]             op_valid,
  input  wire [2*NOPS-1:0]           op_kind,
  input  wire [WB*NOPS-1:0]          op_warp,
  input  wire [RB*NOPS-1:0]          op_reg,
  input  wire                        mem_ready,
  // to the banks (bank b's slots at [NOPS*b +: NOPS])
  output reg  [NBANKS-1:0]           fill_me,
  output reg  [NOPS*NBANKS-1:0]      op_me,
  output reg  [NOPS-1:0]             slot_grant,
  output reg  [NBANKS-1:0]           pre_grant,
  // from the banks
  input  wire [NOPS*NBANKS-1:0]      b_slot_want,
  input  wire [NBANKS-1:0]           b_pre_want,
  input  wire [NOPS*NBANKS-1:0]      b_rsp_valid,
  input  wire [NOPS*NBANKS-1:0]      b_rsp_err,
  input  wire [NOPS*NBANKS-1:0]      b_rsp_read,
  input  wire [LB*NOPS*NBANKS-1:0]   b_rsp_line,
  input  wire [NOPS*NBANKS-1:0]      b_ev_alloc,
  input  wire [NOPS*NBANKS-1:0]      b_ev_write,
  input  wire [S1W*NBANKS-1:0]       b_s1_req,
  input  wire [NBANKS-1:0]           b_q_empty,
  input  wire [DATA_BITS*NBANKS-1:0] b_ram_q,
  // the block's pins and the CM's events
  output reg  [NOPS-1:0]             ev_alloc,
  output reg  [NOPS-1:0]             ev_write,
  output wire [NOPS-1:0]             rsp_valid,
  output wire [NOPS-1:0]             rsp_err,
  output wire [LB*NOPS-1:0]          rsp_line,
  output reg  [DATA_BITS*NOPS-1:0]   rsp_data,
  output wire                        mem_valid,
  output wire                        mem_wb,
  output wire [WB-1:0]               mem_wb_warp,
  output wire [RB-1:0]               mem_wb_reg,
  output wire [DATA_BITS-1:0]        mem_data,
  output wire                        mem_rd,
  output wire                        mem_inv,
  output wire [WB-1:0]               mem_warp,
  output wire [RB-1:0]               mem_reg,
  output wire [LB-1:0]               mem_line,
  output wire                        quiet
);
  localparam [1:0] K_READ = 2'd0;
  localparam [BB-1:0] BMASK = BB'(NBANKS - 1);

  reg [BB*NOPS-1:0] ev_bank;  // per valid slot: its bank (to the CM's warps one-hot, as op_me)
  reg s1_valid_q, s1_valid_n, s1_have_q, s1_have_n;
  reg [BB-1:0] s1_bank_q, s1_bank_n;
  reg [S1W-1:0] s1_q, s1_n;  // {wb, wb_warp, wb_reg, rd, inv, warp, reg, line}
  reg [DATA_BITS-1:0] s1_data_q, s1_data_n;
  reg m_valid_q, m_valid_n;
  reg [S1W-1:0] m_q, m_n;
  reg [DATA_BITS-1:0] m_data_q, m_data_n;
  reg [NOPS-1:0] r_valid_q, r_valid_n, r_err_q, r_err_n, r_read_q, r_read_n;
  reg [LB*NOPS-1:0] r_line_q, r_line_n;
  reg [BB*NOPS-1:0] r_bank_q, r_bank_n;

  wire s1_wb_q = s1_q[S1W-1];
  // Stage 2 empties when taken; stage 1 moves on when it has its data and stage 2 is free.
  wire s1_leave = s1_valid_q && (s1_have_q || !s1_wb_q) && (!m_valid_q || mem_ready);
  wire s1_free = !s1_valid_q || s1_leave;

  // Bank of register r of warp w: (w + r) mod NBANKS, so only the low bits of each count.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic [BB-1:0] bank_of(input [WB-1:0] w, input [RB-1:0] r);
    bank_of = (BB'(w) + BB'(r)) & BMASK;
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- decode: each valid slot and the fill to its bank ----
  integer k;
  always @* begin
    fill_me = {NBANKS{1'b0}};
    op_me = {NOPS*NBANKS{1'b0}};
    ev_bank = {BB*NOPS{1'b0}};
    if (fill_valid) fill_me[bank_of(fill_warp, fill_reg)] = 1'b1;
    for (k = 0; k < NOPS; k = k + 1)
      if (op_valid[k]) begin
        ev_bank[BB*k +: BB] = bank_of(op_warp[WB*k +: WB], op_reg[RB*k +: RB]);
        op_me[NOPS*32'(ev_bank[BB*k +: BB]) + k] = 1'b1;
      end
  end

  // ---- the memory stage: the first slot wish, else the first preload wish (separate blocks:
  // a bank's preload wish depends on the slot grant) ----
  reg [NOPS-1:0] want;
  reg taken;
  integer kg, bg;
  always @* begin
    want = {NOPS{1'b0}};
    for (kg = 0; kg < NOPS; kg = kg + 1)
      for (bg = 0; bg < NBANKS; bg = bg + 1)
        if (b_slot_want[NOPS*bg + kg]) want[kg] = 1'b1;
    slot_grant = {NOPS{1'b0}};
    taken = !s1_free;
    for (kg = 0; kg < NOPS; kg = kg + 1)
      if (want[kg] && !taken) begin
        slot_grant[kg] = 1'b1;
        taken = 1'b1;
      end
  end
  reg ptaken;
  integer bp;
  always @* begin
    pre_grant = {NBANKS{1'b0}};
    ptaken = !s1_free || want != {NOPS{1'b0}};
    for (bp = 0; bp < NBANKS; bp = bp + 1)
      if (b_pre_want[bp] && !ptaken) begin
        pre_grant[bp] = 1'b1;
        ptaken = 1'b1;
      end
  end

  // ---- gather the banks' answers; next state of the stages ----
  reg [S1W-1:0] req;
  integer kr, br;
  always @* begin
    ev_alloc = {NOPS{1'b0}}; ev_write = {NOPS{1'b0}};
    r_valid_n = {NOPS{1'b0}}; r_err_n = {NOPS{1'b0}}; r_read_n = {NOPS{1'b0}};
    r_line_n = {LB*NOPS{1'b0}}; r_bank_n = {BB*NOPS{1'b0}};
    req = {S1W{1'b0}};
    for (br = 0; br < NBANKS; br = br + 1) begin
      ev_alloc = ev_alloc | b_ev_alloc[NOPS*br +: NOPS];
      ev_write = ev_write | b_ev_write[NOPS*br +: NOPS];
      r_valid_n = r_valid_n | b_rsp_valid[NOPS*br +: NOPS];
      r_err_n = r_err_n | b_rsp_err[NOPS*br +: NOPS];
      r_read_n = r_read_n | b_rsp_read[NOPS*br +: NOPS];
      r_line_n = r_line_n | b_rsp_line[LB*NOPS*br +: LB*NOPS];
      req = req | b_s1_req[S1W*br +: S1W];
    end
    for (kr = 0; kr < NOPS; kr = kr + 1)
      if (r_valid_n[kr] && op_kind[2*kr +: 2] == K_READ) r_bank_n[BB*kr +: BB] = ev_bank[BB*kr +: BB];

    s1_valid_n = s1_valid_q; s1_have_n = s1_have_q; s1_bank_n = s1_bank_q;
    s1_n = s1_q; s1_data_n = s1_data_q;
    m_valid_n = m_valid_q; m_n = m_q; m_data_n = m_data_q;
    if (m_valid_q && mem_ready) m_valid_n = 1'b0;
    if (s1_leave) begin
      m_valid_n = 1'b1; m_n = s1_q; m_data_n = s1_data_q;
      s1_valid_n = 1'b0;
    end
    if (s1_valid_q && s1_wb_q && !s1_have_q) begin
      s1_data_n = b_ram_q[32'(s1_bank_q)*DATA_BITS +: DATA_BITS];
      s1_have_n = 1'b1;
    end
    if (slot_grant != {NOPS{1'b0}} || pre_grant != {NBANKS{1'b0}}) begin
      s1_valid_n = 1'b1; s1_have_n = 1'b0; s1_n = req;
      s1_bank_n = {BB{1'b0}};
      for (kr = 0; kr < NOPS; kr = kr + 1)
        if (slot_grant[kr]) s1_bank_n = ev_bank[BB*kr +: BB];
      for (br = 0; br < NBANKS; br = br + 1)
        if (pre_grant[br]) s1_bank_n = BB'(br);
    end
  end

  always @(posedge clk) begin
    if (rst) begin
      s1_valid_q <= 1'b0; s1_have_q <= 1'b0; s1_bank_q <= {BB{1'b0}}; s1_q <= {S1W{1'b0}};
      s1_data_q <= {DATA_BITS{1'b0}};
      m_valid_q <= 1'b0; m_q <= {S1W{1'b0}}; m_data_q <= {DATA_BITS{1'b0}};
      r_valid_q <= {NOPS{1'b0}}; r_err_q <= {NOPS{1'b0}}; r_read_q <= {NOPS{1'b0}};
      r_line_q <= {LB*NOPS{1'b0}}; r_bank_q <= {BB*NOPS{1'b0}};
    end else begin
      s1_valid_q <= s1_valid_n; s1_have_q <= s1_have_n; s1_bank_q <= s1_bank_n; s1_q <= s1_n;
      s1_data_q <= s1_data_n;
      m_valid_q <= m_valid_n; m_q <= m_n; m_data_q <= m_data_n;
      r_valid_q <= r_valid_n; r_err_q <= r_err_n; r_read_q <= r_read_n; r_line_q <= r_line_n; r_bank_q <= r_bank_n;
    end
  end

  // ---- outputs: functions of registers ----
  integer ko;
  always @* begin
    for (ko = 0; ko < NOPS; ko = ko + 1)
      rsp_data[DATA_BITS*ko +: DATA_BITS] = r_read_q[ko] ? b_ram_q[32'(r_bank_q[BB*ko +: BB])*DATA_BITS +: DATA_BITS]
                                                         : {DATA_BITS{1'b0}};
  end
  assign rsp_valid = r_valid_q;
  assign rsp_err = r_err_q;
  assign rsp_line = r_line_q;
  assign mem_valid = m_valid_q;
  assign {mem_wb, mem_wb_warp, mem_wb_reg, mem_rd, mem_inv, mem_warp, mem_reg, mem_line} = m_q;
  assign mem_data = m_data_q;
  assign quiet = !s1_valid_q && !m_valid_q && r_valid_q == {NOPS{1'b0}} && &b_q_empty;
endmodule
