// Inter-warp queue index of a line: the L1 data cache's set-index function (the same bits that
// pick the cache set, spec §2.1.b), low QI_W bits. HASH: 0 linear, 1 the Fermi hash of Nugteren
// et al. (HPCA 2014; spec §4.1; the model's 'H', systemc/memory/cache/set_index.h): on the line
// number l = addr >> 7, set[4:0] = l[4:0] ^ {l[12], l[10], l[8:6]}, set[5] = l[5] (SET_BITS 5 or
// 6 only); 2 one XOR fold ('X'); 3 IPOLY (residue modulo the degree-SET_BITS polynomial POLY,
// the model's 'P'). Purely combinational.
module warppool_qhash #(
    parameter LINE_W   = 41,
    parameter HASH     = 1,
    parameter SET_BITS = 6,
    parameter POLY     = 0,
    parameter QI_W     = 5
) (
    /* verilator lint_off UNUSEDSIGNAL */  // linear and XOR use the low line bits only
    input  wire [LINE_W-1:0] line,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [QI_W-1:0]   qidx
);
  // The queue index keeps only the low QI_W set bits (queue = set mod NQ).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [SET_BITS-1:0] set;
  /* verilator lint_on UNUSEDSIGNAL */
  generate
    if (HASH == 0) begin : g_linear
      assign set = line[SET_BITS-1:0];
    end else if (HASH == 2) begin : g_xor
      assign set = line[SET_BITS-1:0] ^ line[2*SET_BITS-1:SET_BITS];
    end else if (HASH == 3) begin : g_poly
      reg [SET_BITS:0] r;
      always @* begin : residue
        integer i;
        r = {(SET_BITS + 1) {1'b0}};
        for (i = LINE_W - 1; i >= 0; i = i - 1) begin
          r = {r[SET_BITS-1:0], line[i]};
          if (r[SET_BITS]) r = r ^ POLY[SET_BITS:0];
        end
      end
      assign set = r[SET_BITS-1:0];
    end else begin : g_fermi
      wire [4:0] fermi = line[4:0] ^ {line[12], line[10], line[8:6]};
      if (SET_BITS == 6) begin : g_64
        assign set = {line[5], fermi};
      end else begin : g_32
        assign set = fermi[SET_BITS-1:0];
      end
    end
  endgenerate
  generate
    if (QI_W <= SET_BITS) begin : g_low
      assign qidx = set[QI_W-1:0];
    end else begin : g_pad
      assign qidx = {{(QI_W - SET_BITS) {1'b0}}, set};
    end
  endgenerate
endmodule
