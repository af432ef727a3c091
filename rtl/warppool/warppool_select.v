// Request selector policy and L1 port arbiter (spec §2.1.b ④):
//   * L1 port: a load (the selected tag, when a request id is free) wins over a store waiting in
//     a coalescer, unless STORE_CAP loads have been sent past that store (0 = loads always win).
//   * policy: oldest (0) or warp ID (1), starting at oldest; every QUANTUM cycles the L1 miss rate
//     of the accepted loads of the quantum decides: misses * 100 > accesses * MISS_PCT toggles it.
//   * age cap: after AGE_CAP sends that passed over the oldest tag, the oldest goes next
//     (0 = never); force_old tells the queues to select the oldest.
//   * skip: cycles before this edge that the environment did not clock because the block was
//     quiet (nothing but this counter would have changed); they count towards the quantum. The
//     environment never skips the quantum's last cycle, so cyc + skip <= QUANTUM - 1.
module warppool_select #(
    parameter QUANTUM   = 100000,
    parameter MISS_PCT  = 99,
    parameter AGE_CAP   = 1024,
    parameter STORE_CAP = 256
) (
    input  wire clk,
    input  wire rst,
    input  wire [$clog2(QUANTUM)-1:0] skip,
    input  wire load_avail,
    input  wire store_avail,
    input  wire sel_oldest,   // the queues' current choice is the oldest tag
    input  wire l1_accept,
    input  wire l1_miss,
    output wire choose_load,
    output wire choose_store,
    output reg  policy,
    output wire force_old,
    output wire force_store,
    output wire acc_load,
    output wire acc_store
);
  localparam CY_W = $clog2(QUANTUM);
  localparam Q_W = $clog2(QUANTUM + 1);
  localparam P_W = Q_W + 7;
  localparam B_W = (AGE_CAP > 0) ? $clog2(AGE_CAP + 1) : 1;
  localparam S_W = (STORE_CAP > 0) ? $clog2(STORE_CAP + 1) : 1;
  localparam [CY_W-1:0] LAST = QUANTUM[CY_W-1:0] - 1'b1;  // wraps correctly for powers of two
  localparam [B_W-1:0] BCAP = AGE_CAP[B_W-1:0];
  localparam [S_W-1:0] SCAP = STORE_CAP[S_W-1:0];
  localparam [P_W-1:0] HUNDRED = 100;
  localparam [P_W-1:0] PCT = MISS_PCT[P_W-1:0];

  reg [CY_W-1:0] cyc;
  reg [Q_W-1:0]  acc, miss;
  reg [B_W-1:0]  bypassed;
  reg [S_W-1:0]  waited;

  assign force_old = (AGE_CAP > 0) && (bypassed >= BCAP);
  assign force_store = (STORE_CAP > 0) && (waited >= SCAP);
  assign choose_store = store_avail && (!load_avail || force_store);
  assign choose_load = load_avail && !choose_store;
  assign acc_load = l1_accept && choose_load;
  assign acc_store = l1_accept && choose_store;

  wire [Q_W-1:0] acc_n = acc + {{(Q_W - 1) {1'b0}}, acc_load};
  wire [Q_W-1:0] miss_n = miss + {{(Q_W - 1) {1'b0}}, acc_load & l1_miss};
  wire [P_W-1:0] acc_p = {7'd0, acc_n};
  wire [P_W-1:0] miss_p = {7'd0, miss_n};
  wire toggle = (acc_n != {Q_W{1'b0}}) && (miss_p * HUNDRED > acc_p * PCT);

  always @(posedge clk) begin
    if (rst) begin
      policy <= 1'b0;
      cyc <= {CY_W{1'b0}};
      acc <= {Q_W{1'b0}};
      miss <= {Q_W{1'b0}};
      bypassed <= {B_W{1'b0}};
      waited <= {S_W{1'b0}};
    end else begin
      if (cyc + skip == LAST) begin
        if (toggle) policy <= ~policy;
        cyc <= {CY_W{1'b0}};
        acc <= {Q_W{1'b0}};
        miss <= {Q_W{1'b0}};
      end else begin
        cyc <= cyc + skip + 1'b1;
        acc <= acc_n;
        miss <= miss_n;
      end
      if (acc_load) begin
        if (sel_oldest) bypassed <= {B_W{1'b0}};
        else if (AGE_CAP > 0 && bypassed < BCAP) bypassed <= bypassed + 1'b1;
      end
      if (acc_store) waited <= {S_W{1'b0}};
      else if (acc_load && store_avail && STORE_CAP > 0 && waited < SCAP) waited <= waited + 1'b1;
    end
  end
endmodule
