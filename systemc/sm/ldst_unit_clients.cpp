// The load/store unit's side of the memory-client hook (memory_clients.h): the port each client
// gets, the L1 port arbitration after the baseline path and the front end, and the routing of
// the data back.
#include <algorithm>

#include "systemc/sm/ldst_unit.h"
#include "systemc/sm/ldst_unit_client_port.h"

namespace gpucosim {

MemClient LdstUnit::client_of_l1_token(uint64_t token) const {
  return clients_[size_t((token & ~kClientToken) >> 32)]->kind();
}

void LdstUnit::client_fill(uint64_t token, uint64_t now) {
  const uint32_t index = uint32_t((token & ~kClientToken) >> 32);
  nc_[size_t(clients_[index]->kind())].data += 1;
  clients_[index]->data(uint32_t(token), now);
}

void LdstUnit::clients_cycle(uint64_t now) {
  while (!client_hits_.empty() && client_hits_.front().ready <= now) {
    const ClientHit h = client_hits_.front();
    client_hits_.pop_front();
    nc_[size_t(clients_[h.client]->kind())].data += 1;
    clients_[h.client]->data(h.token, now);
  }
  for (uint32_t i = 0; i < clients_.size(); ++i) clients_[i]->cycle(now, *client_ports_[i]);
}

}  // namespace gpucosim
