import { TILE_PLACEMENT_TRIES, TILE_POSITION_MAX_PERCENT } from "@shared/limits";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Random positions (percent of the board, 0 to 80) for tiles of the given sizes (also percent),
 * each tried up to 30 times to avoid overlapping the ones already placed; when the board is too
 * crowded the last try stands.
 */
export function placeTiles(
  sizes: readonly { width: number; height: number }[],
  random: () => number = Math.random,
): Box[] {
  const placed: Box[] = [];
  for (const size of sizes) {
    let box: Box = { x: 0, y: 0, ...size };
    for (let attempt = 0; attempt < TILE_PLACEMENT_TRIES; attempt++) {
      box = {
        x: random() * Math.min(TILE_POSITION_MAX_PERCENT, 100 - size.width),
        y: random() * Math.min(TILE_POSITION_MAX_PERCENT, 100 - size.height),
        ...size,
      };
      if (!placed.some((other) => overlaps(box, other))) break;
    }
    placed.push(box);
  }
  return placed;
}
