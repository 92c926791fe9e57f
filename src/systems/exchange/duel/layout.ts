/** Where an exchange duel's tally keeps what (winner, how it ended, rounds, Vitality left): the kernel writes it, the mode and the exact walker read it. */
export const MAX_VIT = 40;

export function exchangeDuelLayout(maxRounds: number) {
  const rounds = 6;
  const aVit = rounds + maxRounds + 1;
  const bVit = aVit + MAX_VIT + 1;
  return { winner: 0, end: 3, rounds, aVit, bVit, size: bVit + MAX_VIT + 1 };
}
