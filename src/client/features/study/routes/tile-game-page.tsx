import { Button } from "@client/components/button";
import { FuriganaText } from "@client/components/card-text";
import { useRecordAnswer } from "@client/features/reviews/api/record-answer";
import { useCardDisplay } from "@client/lib/card-display";
import { furiganaBase } from "@shared/furigana/furigana";
import { TILE_REMOVAL_CHECK_MS } from "@shared/limits";
import type { DeckDetail, Flashcard } from "@shared/schemas/deck";
import { type PointerEvent as ReactPointerEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { InputHint } from "../components/input-hint";
import { StudyFrame } from "../components/study-frame";
import styles from "../components/tile-game.module.css";
import { shuffle } from "../lib/shuffle";
import {
  type BoardGrid,
  type Box,
  freePlace,
  overlaps,
  pairsPerRound,
  placeInCells,
  rowsFor,
  splitIntoRounds,
} from "../lib/tiles";

interface Tile extends Box {
  id: string;
  pair: number;
  text: string;
  side: "question" | "answer";
}

const DRAG_THRESHOLD_PX = 5;
/** A cell of the board, in CSS pixels: a tile keeps a readable size however many pairs there are. */
const CELL = { narrow: { width: 108, height: 72 }, wide: { width: 150, height: 76 } };
const WIDE_BOARD_PX = 640;
const CLOCK_TICK_MS = 100;

interface Layout extends BoardGrid {
  /** The board's height in pixels: whole rows of cells. */
  height: number;
  cellHeight: number;
}

/**
 * Fits a tile's text: a smaller font while a word is wider than the tile or the text needs more
 * than its lines; then a word still too wide may break, and text still too long ends in an ellipsis
 * (the CSS's line clamp). Measured, because a word's width depends on its letters and font.
 */
function fitText(text: HTMLElement) {
  delete text.dataset.fit;
  delete text.dataset.break;
  const overflows = () => text.scrollWidth > text.clientWidth || text.scrollHeight > text.clientHeight;
  for (const size of ["small", "smaller"]) {
    if (!overflows()) return;
    text.dataset.fit = size;
  }
  if (text.scrollWidth > text.clientWidth) text.dataset.break = "";
}

/** Room kept below the board, so its last row is not flush with the window's edge. */
const BOARD_BOTTOM_GAP_PX = 12;

/**
 * The grid that fits the board's width and the height left for it in the window (`height`: from
 * the board's top to the window's bottom), so no tile is ever below the screen while dragging.
 * Cells keep their size, tiles stay legible; a shorter board deals fewer pairs a round.
 */
export function layoutFor(width: number, height: number): Layout {
  const cell = width >= WIDE_BOARD_PX ? CELL.wide : CELL.narrow;
  const columns = Math.max(2, Math.floor(width / cell.width));
  const rows = Math.max(2, Math.floor(Math.min(height, 640) / cell.height));
  return { columns, rows, height: rows * cell.height, cellHeight: cell.height };
}

/** The board cut down to the rows its biggest round needs: a small deck is not lost on a big board. */
export function fitToRounds(layout: Layout, rounds: readonly unknown[][]): Layout {
  const pairs = Math.max(0, ...rounds.map((cards) => cards.length));
  const rows = rowsFor(pairs, layout.columns, layout.rows);
  return { ...layout, rows, height: rows * layout.cellHeight };
}

export function TileGamePage() {
  const { t } = useTranslation();
  return <StudyFrame mode={t("pages.tile_game")}>{(deck) => <TileGame deck={deck} />}</StudyFrame>;
}

function dealRound(cards: readonly Flashcard[], grid: BoardGrid): Tile[] {
  const faces = shuffle(
    cards.flatMap((card) => [
      { id: `q${card.id}`, pair: card.id, text: card.question, side: "question" as const },
      { id: `a${card.id}`, pair: card.id, text: card.answer, side: "answer" as const },
    ]),
  );
  const boxes = placeInCells(faces.length, grid);
  return faces.map((face, i) => ({ ...face, ...(boxes[i] as Box) }));
}

/**
 * Drag a tile onto its partner (mouse or touch), or select a tile and then its partner (keyboard,
 * or a tap): a matching pair disappears. A big deck is dealt in rounds, so tiles stay legible and
 * never start overlapping. The clock runs from Start until the last round's board is empty.
 */
function TileGame({ deck }: { deck: DeckDetail }) {
  const { t } = useTranslation();
  const { readings } = useCardDisplay();
  const [layout, setLayout] = useState<Layout | null>(null);
  const [rounds, setRounds] = useState<Flashcard[][]>([]);
  const [round, setRound] = useState(0);
  const [tiles, setTiles] = useState<Tile[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  /** The tile under the pointer: it follows the pointer at once, the others glide when moved. */
  const [dragging, setDragging] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(0);
  const [elapsed, setElapsed] = useState<number | null>(null);
  /** The last wrong pair, shown until the next move. */
  const [wrong, setWrong] = useState<{ ids: string[]; texts: [string, string] } | null>(null);
  const area = useRef<HTMLDivElement>(null);
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
  const running = tiles !== null && elapsed === null;

  // Starting shows the game with an empty board first (no layout yet): the effect below measures
  // where the board is, brings it into view and deals what fits above the window's bottom.
  const start = () => {
    missed.current = new Set();
    setLayout(null);
    setRounds([]);
    setRound(0);
    setTiles([]);
    setSelected(null);
    setWrong(null);
    setElapsed(null);
    setStartedAt(performance.now());
    setNow(performance.now());
  };

  useLayoutEffect(() => {
    const element = board.current;
    if (tiles === null || layout !== null || elapsed !== null || !element) return;
    // The game's lines at the top of the window, just below the sticky header.
    const header = document.querySelector("body > * header, header")?.getBoundingClientRect().bottom ?? 0;
    const top = area.current?.getBoundingClientRect().top ?? 0;
    window.scrollBy({ top: top - Math.max(0, header) - 8, behavior: "instant" });
    const room = window.innerHeight - element.getBoundingClientRect().top - BOARD_BOTTOM_GAP_PX;
    const most = layoutFor(element.clientWidth || window.innerWidth, room);
    const dealt = splitIntoRounds(shuffle(deck.flashcards), pairsPerRound(most));
    const grid = fitToRounds(most, dealt);
    setLayout(grid);
    setRounds(dealt);
    setTiles(dealRound(dealt[0] ?? [], grid));
  }, [tiles, layout, elapsed, deck.flashcards]);

  // Each new board's texts are fitted to their tiles once they are drawn.
  const tileIds = tiles?.map((tile) => tile.id).join(" ");
  useLayoutEffect(() => {
    if (!tileIds || !layout) return;
    for (const text of board.current?.querySelectorAll<HTMLElement>("[data-tile-text]") ?? []) fitText(text);
  }, [tileIds, layout]);

  // The running clock.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(performance.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  // A cleared board deals the next round, or stops the clock after the last.
  useEffect(() => {
    if (!tiles || tiles.length > 0 || elapsed !== null || !layout) return;
    const next = rounds[round + 1];
    if (next) {
      setRound(round + 1);
      setTiles(dealRound(next, layout));
      setSelected(null);
      setWrong(null);
    } else {
      setElapsed((performance.now() - startedAt) / 1000);
    }
  }, [tiles, elapsed, startedAt, rounds, round, layout]);

  const removePair = (pair: number) => {
    setTiles((current) => current?.filter((tile) => tile.pair !== pair) ?? null);
    setWrong(null);
    record(pair, !missed.current.has(pair));
  };
  const missedPair = (first: Tile, second: Tile) => {
    missed.current.add(first.pair);
    setWrong({ ids: [first.id, second.id], texts: [first.text, second.text] });
  };

  /** Keyboard and tap: the second tile chosen either completes the pair or becomes the selection. */
  const choose = (tile: Tile) => {
    const first = tiles?.find((other) => other.id === selected);
    if (!first || first.id === tile.id) {
      setWrong(null);
      return setSelected(first?.id === tile.id ? null : tile.id);
    }
    if (first.pair === tile.pair) {
      removePair(tile.pair);
      setSelected(null);
    } else {
      missedPair(first, tile);
      setSelected(tile.id);
    }
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>, tile: Tile) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(tile.id);
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
    setDragging(null);
    if (!current?.moved) return; // a click: handled as a selection
    justDragged.current = true;
    // Checked a moment after the drop, as the spec asks. A wrong pair says so, and the dropped tile
    // goes back to a free place: it never stays on top of another and hides it.
    setTimeout(() => {
      const all = latestTiles.current;
      const dropped = all?.find((tile) => tile.id === current.id);
      if (!all || !dropped || !layout) return;
      const partner = all.find((tile) => tile.pair === dropped.pair && tile.id !== dropped.id);
      if (partner && overlaps(dropped, partner)) return removePair(dropped.pair);
      // Dropped on another pair's tile: a wrong answer for the tile's card.
      const other = all.find((tile) => tile.pair !== dropped.pair && overlaps(dropped, tile));
      if (other) missedPair(dropped, other);
      const others = all.filter((tile) => tile.id !== dropped.id);
      const place = freePlace(dropped, { ...dropped, x: current.originX, y: current.originY }, others, layout);
      if (place !== dropped) {
        setTiles(
          (tiles) =>
            tiles?.map((tile) => (tile.id === dropped.id ? { ...tile, x: place.x, y: place.y } : tile)) ?? null,
        );
      }
    }, TILE_REMOVAL_CHECK_MS);
  };

  if (!tiles) {
    return (
      <div ref={area} className={styles.intro}>
        <p>{t("study.tile_intro")}</p>
        <Button onClick={start}>{t("study.start")}</Button>
      </div>
    );
  }
  if (elapsed !== null) {
    return (
      <div ref={area} className={styles.intro} role="status">
        <p className={styles.time}>{t("study.tile_time", { seconds: elapsed.toFixed(2) })}</p>
        <Button onClick={start}>{t("study.play_again")}</Button>
      </div>
    );
  }

  const selectedTile = tiles.find((tile) => tile.id === selected);
  const pairsLeft = tiles.length / 2 + rounds.slice(round + 1).reduce((sum, cards) => sum + cards.length, 0);
  return (
    <div ref={area}>
      <InputHint keys={t("polish.tiles_keys")} touch={t("polish.tiles_touch")} />
      <div className={styles.status}>
        <span role="timer" className={styles.clock}>
          {t("polish.tiles_clock", { seconds: ((now - startedAt) / 1000).toFixed(1) })}
        </span>
        <span>{t("polish.pairs_left", { count: pairsLeft })}</span>
        {rounds.length > 1 && <span>{t("polish.round_of", { round: round + 1, rounds: rounds.length })}</span>}
      </div>
      <p className={styles.feedback} aria-live="polite" data-wrong={wrong ? "" : undefined}>
        {wrong
          ? t("polish.not_a_pair", { first: furiganaBase(wrong.texts[0]), second: furiganaBase(wrong.texts[1]) })
          : selectedTile
            ? t("study.tile_selected", { text: furiganaBase(selectedTile.text) })
            : ""}
      </p>
      <section
        ref={board}
        className={styles.board}
        style={layout ? { height: `${layout.height}px` } : undefined}
        aria-label={t("study.tile_board", { count: pairsLeft })}
      >
        {tiles.map((tile) => (
          <button
            key={tile.id}
            type="button"
            className={styles.tile}
            data-side={tile.side}
            data-wrong={wrong?.ids.includes(tile.id) ? "" : undefined}
            data-dragging={dragging === tile.id ? "" : undefined}
            // A text too long for its tile ends in an ellipsis: the pointer's tooltip, and the line
            // above the board once the tile is selected, show it whole.
            title={furiganaBase(tile.text)}
            aria-pressed={selected === tile.id}
            style={{ left: `${tile.x}%`, top: `${tile.y}%`, width: `${tile.width}%`, height: `${tile.height}%` }}
            onPointerDown={(e) => onPointerDown(e, tile)}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              drag.current = null;
              setDragging(null);
            }}
            onClick={() => {
              if (justDragged.current) {
                justDragged.current = false;
                return;
              }
              choose(tile);
            }}
          >
            <span className={styles.tileText} data-tile-text="">
              {/* A tile is the control: its text is no focus stop of its own, and has no Listen inside. */}
              <FuriganaText
                text={tile.text}
                lang={tile.side === "question" ? deck.questionLanguage : deck.answerLanguage}
                mode={readings}
                focusable={false}
              />
            </span>
          </button>
        ))}
      </section>
    </div>
  );
}
