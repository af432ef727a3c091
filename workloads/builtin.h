#pragma once
// Factories of the built-in workloads, one per file; the registry in workload.cpp lists them.
#include <memory>

#include "workloads/workload.h"

namespace gpucosim::wl {

std::unique_ptr<Workload> make_vecadd();
std::unique_ptr<Workload> make_transpose_naive();
std::unique_ptr<Workload> make_transpose_shared();
std::unique_ptr<Workload> make_gemm_naive();
std::unique_ptr<Workload> make_gemm_store2();
std::unique_ptr<Workload> make_syrk();
std::unique_ptr<Workload> make_syr2k();
std::unique_ptr<Workload> make_spmv_csr();
std::unique_ptr<Workload> make_atax();
std::unique_ptr<Workload> make_stencil2d();
std::unique_ptr<Workload> make_reduction();
std::unique_ptr<Workload> make_streamcluster();
std::unique_ptr<Workload> make_kmeans();
std::unique_ptr<Workload> make_regheavy();
std::unique_ptr<Workload> make_branchy();
std::unique_ptr<Workload> make_rowwalk();
std::unique_ptr<Workload> make_longblock();
std::unique_ptr<Workload> make_bigctx();
std::unique_ptr<Workload> make_compute();

}  // namespace gpucosim::wl
