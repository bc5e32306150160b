import { Button } from "@client/components/button";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import { TILE_REMOVAL_CHECK_MS } from "@shared/limits";
import type { DeckDetail } from "@shared/schemas/deck";
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { StudyFrame } from "../components/study-frame";
import styles from "../components/tile-game.module.css";
import { shuffle } from "../lib/shuffle";
import { type Box, overlaps, placeTiles } from "../lib/tiles";

interface Tile extends Box {
  id: string;
  pair: number;
  text: string;
  side: "question" | "answer";
}

/** Tiles shrink as their number grows, so the board stays about half covered. */
function tileSize(count: number) {
  const scale = 1 / Math.sqrt(Math.max(1, count));
  return { width: Math.min(24, Math.max(8, 75 * scale)), height: Math.min(13, Math.max(6, 40 * scale)) };
}
const DRAG_THRESHOLD_PX = 5;

export function TileGamePage() {
  const { t } = useTranslation();
  return <StudyFrame mode={t("pages.tile_game")}>{(deck) => <TileGame deck={deck} />}</StudyFrame>;
}

function dealTiles(deck: DeckDetail): Tile[] {
  const faces = shuffle(
    deck.flashcards.flatMap((card) => [
      { id: `q${card.id}`, pair: card.id, text: card.question, side: "question" as const },
      { id: `a${card.id}`, pair: card.id, text: card.answer, side: "answer" as const },
    ]),
  );
  const size = tileSize(faces.length);
  const boxes = placeTiles(faces.map(() => size));
  return faces.map((face, i) => ({ ...face, ...(boxes[i] as Box) }));
}

/**
 * Drag a tile onto its partner (mouse or touch), or select a tile and then its partner (keyboard,
 * or a tap): a matching pair disappears. The clock runs from Start until the board is empty.
 */
function TileGame({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation();
  const [tiles, setTiles] = useState<Tile[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [elapsed, setElapsed] = useState<number | null>(null);
  const board = useRef<HTMLElement>(null);
  const drag = useRef<{
    id: string;
    startX: number;
    startY: number;
    originX: number;
    originY: number;
    moved: boolean;
  } | null>(null);
  // A drag also ends in a click event; that click must not count as selecting the tile.
  const justDragged = useRef(false);
  const latestTiles = useRef(tiles);
  latestTiles.current = tiles;
  /** Pairs with a wrong drop or a wrong second pick: matched later, they count as wrong answers. */
  const missed = useRef(new Set<number>());
  const record = useRecordAnswer("tiles");

  const start = () => {
    missed.current = new Set();
    setTiles(dealTiles(deck));
    setSelected(null);
    setElapsed(null);
    setStartedAt(performance.now());
  };

  useEffect(() => {
    if (tiles && tiles.length === 0 && elapsed === null) setElapsed((performance.now() - startedAt) / 1000);
  }, [tiles, elapsed, startedAt]);

  const removePair = (pair: number) => {
    setTiles((current) => current?.filter((tile) => tile.pair !== pair) ?? null);
    record(pair, !missed.current.has(pair));
  };

  /** Keyboard and tap: the second tile chosen either completes the pair or becomes the selection. */
  const choose = (tile: Tile) => {
    const first = tiles?.find((other) => other.id === selected);
    if (!first || first.id === tile.id) return setSelected(first?.id === tile.id ? null : tile.id);
    if (first.pair === tile.pair) {
      removePair(tile.pair);
      setSelected(null);
    } else {
      missed.current.add(first.pair);
      setSelected(tile.id);
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>, tile: Tile) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      id: tile.id,
      startX: event.clientX,
      startY: event.clientY,
      originX: tile.x,
      originY: tile.y,
      moved: false,
    };
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const current = drag.current;
    const rect = board.current?.getBoundingClientRect();
    if (!current || !rect) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    current.moved = true;
    setTiles(
      (all) =>
        all?.map((tile) => {
          if (tile.id !== current.id) return tile;
          const x = Math.min(100 - tile.width, Math.max(0, current.originX + (dx / rect.width) * 100));
          const y = Math.min(100 - tile.height, Math.max(0, current.originY + (dy / rect.height) * 100));
          return { ...tile, x, y };
        }) ?? null,
    );
  };
  const onPointerUp = () => {
    const current = drag.current;
    drag.current = null;
    if (!current?.moved) return; // a click: handled as a selection
    justDragged.current = true;
    // Checked a moment after the drop, as the spec asks; a wrong pair simply stays.
    setTimeout(() => {
      const all = latestTiles.current;
      const dropped = all?.find((tile) => tile.id === current.id);
      if (!all || !dropped) return;
      const partner = all.find((tile) => tile.pair === dropped.pair && tile.id !== dropped.id);
      if (partner && overlaps(dropped, partner)) return removePair(dropped.pair);
      // Dropped on another pair's tile: a wrong answer for the tile's card.
      if (all.some((tile) => tile.pair !== dropped.pair && overlaps(dropped, tile))) missed.current.add(dropped.pair);
    }, TILE_REMOVAL_CHECK_MS);
  };

  if (!tiles) {
    return (
      <div className={styles.intro}>
        <p>{t("study.tile_intro")}</p>
        <Button onClick={start}>{t("study.start")}</Button>
      </div>
    );
  }
  if (elapsed !== null) {
    return (
      <div className={styles.intro} role="status">
        <p className={styles.time}>{t("study.tile_time", { seconds: elapsed.toFixed(2) })}</p>
        <Button onClick={start}>{t("study.play_again")}</Button>
      </div>
    );
  }

  return (
    <>
      <p className={styles.help}>{t("study.tile_help")}</p>
      <section ref={board} className={styles.board} aria-label={t("study.tile_board", { count: tiles.length / 2 })}>
        {tiles.map((tile) => (
          <button
            key={tile.id}
            type="button"
            className={styles.tile}
            data-side={tile.side}
            aria-pressed={selected === tile.id}
            style={{ left: `${tile.x}%`, top: `${tile.y}%`, width: `${tile.width}%`, height: `${tile.height}%` }}
            onPointerDown={(e) => onPointerDown(e, tile)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              drag.current = null;
            }}
            onClick={() => {
              if (justDragged.current) {
                justDragged.current = false;
                return;
              }
              choose(tile);
            }}
          >
            {tile.text}
          </button>
        ))}
      </section>
    </>
  );
}
