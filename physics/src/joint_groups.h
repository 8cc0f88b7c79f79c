// The substeps' equality joint rows (pins', hinges' and rods' rows: joint_rows.h) in groups that
// share no movable body, each group's rows ordered for a narrow profile of A = J M^-1 J^T (so
// that a group solved exactly, substep_solver.h, factors in time linear in its rows).
//
// Two rows are coupled (A_pq != 0, reference eq. 9) when they act on a common movable body. The
// groups are the connected components of that coupling; within a group the rows are put in
// reverse Cuthill-McKee order (Cuthill & McKee 1969, "Reducing the bandwidth of sparse symmetric
// matrices"; reversed as George 1971 found better for the profile): breadth first from a row of
// least degree, each row's unvisited neighbours in increasing degree. A chain's rows then follow
// the chain whatever order its joints were added in (profile width 3 rows: a hinge's two rows and
// the next hinge's), and a net of n x n bodies has a width of about 4n rows.
#pragma once

#include <span>
#include <vector>

#include "joint_rows.h"

namespace contactlab {

struct JointGroup {
  int begin = 0, end = 0;  // its rows: order[begin, end)
  int width = 0;           // the largest distance from a row to its profile start, in rows
};

struct JointGroups {
  std::vector<int> order;  // the equality rows' indices, group after group
  // Per position in `order`: the first position of its group coupled with it (its profile
  // start in the group's matrix, counted from the group's begin).
  std::vector<int> first;
  std::vector<JointGroup> groups;
};

// Groups rows[0, equalities) (every row there an equality row); `movable[b]` says whether body b
// moves (the world, -1, and fixed bodies couple nothing). Deterministic: groups in the order of
// their lowest row.
void groupJointRows(std::span<const JointRow> rows, int equalities, std::span<const char> movable,
                    JointGroups& out);

}  // namespace contactlab
