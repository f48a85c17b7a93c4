// The size of the align threads' teams on a GPU rank whose cores are its own
// (aligner_teams.hpp), by hand for the hosts it was measured on and the edges.
#include "src/align/aligner_teams.hpp"

#include <gtest/gtest.h>

namespace wg::align {
namespace {

TEST(AlignerTeams, ThreeAlignersOnThirtyTwoCoresFitBesideTheWriter) {
  // 32 - 8 (writer) - 4 (dispatch) = 20 threads for three teams.
  EXPECT_EQ(aligner_team_size(32, 3), 6);
}

TEST(AlignerTeams, TeamsOfEightWhereTheyFit) {
  EXPECT_EQ(aligner_team_size(32, 2), 8);  // 2 x 8 + 12 = 28
  EXPECT_EQ(aligner_team_size(36, 3), 8);  // 3 x 8 + 12 = 36
  EXPECT_EQ(aligner_team_size(128, 3), 8);
}

TEST(AlignerTeams, NoFittedTeamOfFourKeepsTheLargest) {
  // 16 - 12 = 4 threads: one per aligner would not pack; teams of 8 ran fastest there.
  EXPECT_EQ(aligner_team_size(16, 3), 8);
  EXPECT_EQ(aligner_team_size(16, 2), 8);
  EXPECT_EQ(aligner_team_size(24, 3), 4);  // 12 threads for three teams: four each
  EXPECT_EQ(aligner_team_size(23, 3), 8);  // 11: three each would be below the floor
}

TEST(AlignerTeams, NeverMoreThanTheRankHas) {
  EXPECT_EQ(aligner_team_size(1, 3), 1);
  EXPECT_EQ(aligner_team_size(2, 3), 2);
  EXPECT_EQ(aligner_team_size(6, 2), 6);
  EXPECT_EQ(aligner_team_size(8, 1), 8);
  EXPECT_EQ(aligner_team_size(4, 0), 4);  // no aligner counted: still a valid size
}

}  // namespace
}  // namespace wg::align
