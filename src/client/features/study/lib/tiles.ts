export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A board cut into equal cells; each tile of a round takes a cell of its own. */
export interface BoardGrid {
  columns: number;
  rows: number;
}

/** Share of the cells a round fills: the rest is room to drag in. */
const ROUND_FILL = 0.6;

/** How many pairs one round deals on this grid (never fewer than two). */
export function pairsPerRound({ columns, rows }: BoardGrid): number {
  return Math.max(2, Math.floor((columns * rows * ROUND_FILL) / 2));
}

/** Splits the pairs into as few rounds of at most `size` as will do, their sizes differing by one at most. */
export function splitIntoRounds<T>(pairs: readonly T[], size: number): T[][] {
  const count = Math.max(1, Math.ceil(pairs.length / size));
  const rounds: T[][] = [];
  let from = 0;
  for (let i = 0; i < count; i++) {
    const length = Math.floor(pairs.length / count) + (i < pairs.length % count ? 1 : 0);
    rounds.push(pairs.slice(from, from + length));
    from += length;
  }
  return rounds;
}

/**
 * Random places (percent of the board) for `count` tiles: each in a cell of its own, chosen at
 * random, at a random spot within it. Tiles never start overlapping, whatever their number,
 * unlike free placement with a bounded number of tries.
 */
export function placeInCells(count: number, grid: BoardGrid, random: () => number = Math.random): Box[] {
  const cells = Array.from({ length: grid.columns * grid.rows }, (_, i) => i);
  // Fisher–Yates: the first `count` cells are a random choice.
  for (let i = cells.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cells[i], cells[j]] = [cells[j] as number, cells[i] as number];
  }
  const cellWidth = 100 / grid.columns;
  const cellHeight = 100 / grid.rows;
  // A tile is most of its cell; the rest is a random margin, so the board does not look ruled.
  const width = cellWidth * 0.9;
  const height = cellHeight * 0.84;
  return cells.slice(0, Math.min(count, cells.length)).map((cell) => ({
    x: (cell % grid.columns) * cellWidth + random() * (cellWidth - width),
    y: Math.floor(cell / grid.columns) * cellHeight + random() * (cellHeight - height),
    width,
    height,
  }));
}

/**
 * The rows a round of `pairs` pairs needs on a board `columns` wide, at most `maxRows`: a small deck
 * gets a small board instead of a mostly empty one (the same share of free cells as a full round).
 */
export function rowsFor(pairs: number, columns: number, maxRows: number): number {
  const cells = Math.ceil((pairs * 2) / ROUND_FILL);
  return Math.min(maxRows, Math.max(2, Math.ceil(cells / columns)));
}

/**
 * Where a tile dropped on another tile goes: back where it was picked up if that place is free
 * (it is, unless the board changed meanwhile), else the first cell of the grid where it overlaps
 * nothing. A tile that overlaps nothing stays where it was dropped.
 */
export function freePlace(dropped: Box, origin: Box, others: readonly Box[], grid: BoardGrid): Box {
  const free = (box: Box) => others.every((other) => !overlaps(box, other));
  if (free(dropped)) return dropped;
  if (free(origin)) return origin;
  const cellWidth = 100 / grid.columns;
  const cellHeight = 100 / grid.rows;
  for (let cell = 0; cell < grid.columns * grid.rows; cell++) {
    const box = {
      ...dropped,
      x: Math.min(100 - dropped.width, (cell % grid.columns) * cellWidth),
      y: Math.min(100 - dropped.height, Math.floor(cell / grid.columns) * cellHeight),
    };
    if (free(box)) return box;
  }
  return origin;
}
