#pragma once
// One subarray: a rows x cols block of SRAM cells with its row decoder and wordline drivers on the
// side and its column circuits (precharge, column multiplexer, sense amplifiers, write drivers,
// output drivers and the routing channel that carries the data to the subarray edge) below.
#include "power/technology.h"

namespace gpucosim::power {

struct PortCounts {
  int rw = 1;  // read-write ports
  int r = 0;   // exclusive read ports
  int w = 0;   // exclusive write ports
  int total() const { return rw + r + w; }
  int readers() const { return rw + r; }
  int writers() const { return rw + w; }
};

struct SubarrayConfig {
  int rows = 0;
  int cols = 0;
  int sensed_bits = 0;  // bits sensed per access (cols / column-mux degree)
  int out_bits = 0;     // bits driven out after the way multiplexer (== sensed_bits without one)
  PortCounts ports;
};

struct CellGeometry {
  double width = 0;   // column pitch (m)
  double height = 0;  // row pitch (m)
  double area() const { return width * height; }
};

// Cell pitches for a given port count: each port beyond the first adds one wordline track to the
// row pitch and a bitline pair to the column pitch (Weste & Harris sec. 12.2.5, multiported SRAM).
CellGeometry cell_geometry(const Technology& t, const PortCounts& p);

struct SubarrayResult {
  double width = 0, height = 0;  // m, including periphery
  double cell_area = 0;          // m^2 of storage cells only
  // Delays (s) of the read path stages for one port.
  double t_decode = 0, t_wordline = 0, t_bitline = 0, t_sense = 0, t_out = 0, t_precharge = 0;
  double e_read = 0;   // J per read on one port
  double e_write = 0;  // J per write on one port
  double leakage = 0;  // W, whole subarray, all ports
  // Read-energy breakdown (J, before the fitted energy factors): decoders and wordline, bitlines,
  // column control (precharge, mux), sense amplifiers, output drivers.
  double e_decode = 0, e_bitline = 0, e_column = 0, e_sense = 0, e_out = 0;

  double area() const { return width * height; }
  double access_delay() const { return t_decode + t_wordline + t_bitline + t_sense + t_out; }
  double cycle_time() const { return t_decode + t_wordline + t_bitline + t_sense + t_precharge; }
};

SubarrayResult model_subarray(const Technology& t, const SubarrayConfig& c);

}  // namespace gpucosim::power
