#pragma once
// Runs a protocol checker call and returns the violated rule's message ("" when none): the
// checkers' negative tests assert which rule fired.
#include <string>

#include "systemc/blocks/kit/checked.h"

namespace gpucosim::test {

template <class F>
std::string violation(F&& f) {
  try {
    f();
  } catch (const kit::ProtocolViolation& e) {
    return e.what();
  }
  return "";
}

}  // namespace gpucosim::test
