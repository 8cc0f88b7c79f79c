// Equality joint rows grouped and ordered for a narrow profile (joint_groups.h).
#include "joint_groups.h"

#include <algorithm>
#include <numeric>

namespace contactlab {
namespace {

// The rows acting on each movable body, as lists in one array (compressed rows).
struct BodyRows {
  std::vector<int> start, rows;  // body b's rows: rows[start[b], start[b + 1])
};

BodyRows bodyRows(std::span<const JointRow> rows, int equalities, std::span<const char> movable) {
  BodyRows out;
  out.start.assign(movable.size() + 1, 0);
  auto forBodies = [&](int k, auto&& f) {
    for (const int body : {rows[k].body1, rows[k].body2})
      if (body >= 0 && movable[body]) f(body);
  };
  for (int k = 0; k < equalities; ++k) forBodies(k, [&](int body) { ++out.start[body + 1]; });
  std::partial_sum(out.start.begin(), out.start.end(), out.start.begin());
  out.rows.resize(out.start.back());
  std::vector<int> next(out.start.begin(), out.start.end() - 1);
  for (int k = 0; k < equalities; ++k) forBodies(k, [&](int body) { out.rows[next[body]++] = k; });
  return out;
}

}  // namespace

void groupJointRows(std::span<const JointRow> rows, int equalities, std::span<const char> movable,
                    JointGroups& out) {
  out.order.clear();
  out.first.clear();
  out.groups.clear();
  const BodyRows incident = bodyRows(rows, equalities, movable);
  // Calls f(q) for each row coupled with row k (k itself and a row twice among them when they
  // share both bodies: harmless for the uses below).
  auto forNeighbours = [&](int k, auto&& f) {
    for (const int body : {rows[k].body1, rows[k].body2}) {
      if (body < 0 || !movable[body]) continue;
      for (int at = incident.start[body]; at < incident.start[body + 1]; ++at) f(incident.rows[at]);
    }
  };
  std::vector<int> degree(equalities, 0);
  for (int k = 0; k < equalities; ++k) forNeighbours(k, [&](int) { ++degree[k]; });
  std::vector<char> seen(equalities, 0);
  std::vector<int> position(equalities, -1), component, neighbours;
  for (int root = 0; root < equalities; ++root) {
    if (seen[root]) continue;
    // The group: every row reached from `root`; its start, a row of least degree.
    component.assign(1, root);
    seen[root] = 1;
    for (size_t at = 0; at < component.size(); ++at)
      forNeighbours(component[at], [&](int q) {
        if (!seen[q]) seen[q] = 1, component.push_back(q);
      });
    const int start = *std::min_element(component.begin(), component.end(), [&](int a, int b) {
      return degree[a] != degree[b] ? degree[a] < degree[b] : a < b;
    });
    for (const int k : component) seen[k] = 0;
    // Cuthill-McKee from `start` (`seen` now marks the rows placed), then reversed.
    const int begin = static_cast<int>(out.order.size());
    out.order.push_back(start);
    seen[start] = 1;
    for (size_t at = begin; at < out.order.size(); ++at) {
      neighbours.clear();
      forNeighbours(out.order[at], [&](int q) {
        if (!seen[q]) seen[q] = 1, neighbours.push_back(q);
      });
      std::sort(neighbours.begin(), neighbours.end(), [&](int a, int b) {
        return degree[a] != degree[b] ? degree[a] < degree[b] : a < b;
      });
      out.order.insert(out.order.end(), neighbours.begin(), neighbours.end());
    }
    const int end = static_cast<int>(out.order.size());
    std::reverse(out.order.begin() + begin, out.order.end());
    JointGroup group{begin, end, 0};
    for (int p = begin; p < end; ++p) position[out.order[p]] = p - begin;
    for (int p = begin; p < end; ++p) {
      int first = p - begin;
      forNeighbours(out.order[p], [&](int q) { first = std::min(first, position[q]); });
      out.first.push_back(first);
      group.width = std::max(group.width, p - begin - first);
    }
    out.groups.push_back(group);
  }
}

}  // namespace contactlab
