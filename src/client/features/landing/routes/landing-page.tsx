/**
 * The landing page: four full-height sections, moved between with the wheel, a swipe, the round
 * buttons or the keyboard, at most one move per 0.8 s. Headlines rotate a word every 1.25 s;
 * with prefers-reduced-motion the words stay still and moves are instant.
 */

import { buttonClass } from "@client/components/button";
import { CourseCard } from "@client/components/course-card";
import gridStyles from "@client/components/course-card.module.css";
import { Link } from "@client/components/link";
import { useAuthDialog } from "@client/core/session/auth-dialog";
import { useSession } from "@client/core/session/session";
import { useHotkeys } from "@client/lib/use-hotkeys";
import { useLocalePath } from "@client/lib/use-language";
import {
  LANDING_ROTATION_MS,
  LANDING_SECTION_LOCK_MS,
  LANDING_SWIPE_THRESHOLD_PX,
  MOST_FOLLOWED_SHOWN,
} from "@shared/limits";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useMostFollowedCourses } from "../api/get-most-followed-courses";
import styles from "./landing-page.module.css";

/** This page's English texts come with its code, not with the first script (lib/first-screen-texts.ts). */
export { default as firstScreenTexts } from "@shared/i18n/en.json?first-screen=landing";

const SECTIONS = 4;

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(() => window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReduced(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/**
 * A word that changes every 1.25 s (the first word only, when motion is reduced). Every word is
 * also laid out, invisibly, in the same grid cell, so the box is always as wide as the widest word
 * and nothing around it moves when the word changes.
 */
function RotatingWord({ words, reduced }: { words: string[]; reduced: boolean }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (reduced) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % words.length), LANDING_ROTATION_MS);
    return () => clearInterval(timer);
  }, [words.length, reduced]);
  const shown = reduced ? 0 : index;
  return (
    <span className={styles.rotatingBox}>
      {words.map((word) => (
        // Drawn by CSS (content: attr(data-word)), so the headline's text is only the word shown.
        <span key={word} className={styles.rotatingSpacer} data-word={word} />
      ))}
      <span className={styles.rotating} key={reduced ? "still" : index}>
        {words[shown]}
      </span>
    </span>
  );
}

/** A section taller than the screen scrolls first; only at its edge does the page move on. */
function canScrollWithin(target: EventTarget, step: number) {
  const section = (target as HTMLElement).closest<HTMLElement>("[data-landing-section]");
  if (!section) return false;
  return step > 0 ? section.scrollTop + section.clientHeight < section.scrollHeight - 1 : section.scrollTop > 0;
}

export function LandingPage() {
  const { t } = useTranslation();
  const reduced = usePrefersReducedMotion();
  const [current, setCurrent] = useState(0);
  // No move yet: the first one is never locked (the lock runs from a move, not from page load).
  const lastMove = useRef(Number.NEGATIVE_INFINITY);
  const touchStart = useRef<number | null>(null);
  const words = (key: string) => t(key, { returnObjects: true }) as string[];

  useEffect(() => {
    document.title = t("app.document_title", { title: t("landing.headline") });
  }, [t]);

  const move = useCallback((step: number) => {
    const now = performance.now();
    if (now - lastMove.current < LANDING_SECTION_LOCK_MS) return;
    setCurrent((index) => {
      const next = Math.min(SECTIONS - 1, Math.max(0, index + step));
      if (next !== index) lastMove.current = now;
      return next;
    });
  }, []);

  // Keys are deliberate: no lock. In a tall section, arrows and page keys scroll it first.
  const step = (by: number) => (event: KeyboardEvent) => {
    if (Math.abs(by) === 1 && event.target && canScrollWithin(event.target, by)) return false;
    lastMove.current = 0;
    move(by);
  };
  useHotkeys({
    ArrowDown: step(1),
    PageDown: step(1),
    ArrowUp: step(-1),
    PageUp: step(-1),
    Home: step(-SECTIONS),
    End: step(SECTIONS),
  });

  const section = (index: number, className: string | undefined, children: ReactNode) => (
    <section
      data-landing-section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable from the keyboard
      tabIndex={0}
      className={`${styles.section} ${className}`}
      aria-roledescription={t("landing.section")}
      aria-label={t("landing.section_of", { number: index + 1, total: SECTIONS })}
      // Tabbing into a section that is off screen brings it into view.
      onFocus={() => setCurrent(index)}
    >
      {children}
    </section>
  );

  return (
    <div
      className={styles.stage}
      onWheel={(e) => {
        const step = e.deltaY > 0 ? 1 : -1;
        if (Math.abs(e.deltaY) > 4 && !canScrollWithin(e.target, step)) move(step);
      }}
      onTouchStart={(e) => {
        touchStart.current = e.touches[0]?.clientY ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchStart.current;
        const end = e.changedTouches[0]?.clientY;
        touchStart.current = null;
        if (start === null || end === undefined || Math.abs(start - end) < LANDING_SWIPE_THRESHOLD_PX) return;
        const step = start > end ? 1 : -1;
        if (!canScrollWithin(e.target, step)) move(step);
      }}
    >
      <div
        className={styles.track}
        style={{ transform: `translateY(-${current * 100}%)`, transition: reduced ? "none" : undefined }}
      >
        {section(0, styles.hero, <Hero words={words("landing.hero_words")} reduced={reduced} />)}
        {section(1, styles.pitch, <Pitch words={words("landing.pitch_words")} reduced={reduced} />)}
        {section(2, styles.slogan, <Slogan words={words("landing.slogan_words")} reduced={reduced} />)}
        {section(3, styles.how, <HowItWorks />)}
      </div>
      <nav className={styles.nav} aria-label={t("landing.sections_nav")}>
        <button
          type="button"
          className={styles.round}
          onClick={() => move(-1)}
          disabled={current === 0}
          aria-label={t("landing.previous_section")}
        >
          ↑
        </button>
        <span className="visually-hidden" aria-live="polite">
          {t("landing.section_of", { number: current + 1, total: SECTIONS })}
        </span>
        <button
          type="button"
          className={styles.round}
          onClick={() => move(1)}
          disabled={current === SECTIONS - 1}
          aria-label={t("landing.next_section")}
        >
          ↓
        </button>
      </nav>
    </div>
  );
}

function Hero({ words, reduced }: { words: string[]; reduced: boolean }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { data: courses, isPending } = useMostFollowedCourses();
  return (
    <div className={styles.inner}>
      {/* A steady name for screen readers; the rotating words are for the eye. */}
      <h1 className={styles.big}>
        <span className="visually-hidden">{t("landing.headline")}</span>
        <span aria-hidden="true">
          {t("landing.hero_prefix")} <RotatingWord words={words} reduced={reduced} />
        </span>
      </h1>
      <p className={styles.tagline}>{t("app.tagline")}</p>
      <section aria-labelledby="most-followed-heading">
        <h2 id="most-followed-heading" className={styles.sectionTitle}>
          {t("landing.most_followed")}
        </h2>
        {/* While the courses load, cards of the same size hold their places (no layout shift). */}
        {isPending && (
          <p className="visually-hidden" role="status">
            {t("app.loading")}
          </p>
        )}
        <ul className={`${gridStyles.grid} ${styles.cards}`} aria-busy={isPending}>
          {isPending
            ? Array.from({ length: MOST_FOLLOWED_SHOWN }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                <li key={i} className={`${gridStyles.card} ${styles.placeholderCard}`} aria-hidden="true" />
              ))
            : (courses ?? []).map((course) => <CourseCard key={course.id} course={course} />)}
          <li className={gridStyles.card}>
            <Link to={localePath("/search")} className={`${gridStyles.link} ${styles.searchTile}`}>
              <span className={gridStyles.name}>{t("landing.search_tile")}</span>
              <span className={gridStyles.description}>{t("landing.search_tile_text")}</span>
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

function Pitch({ words, reduced }: { words: string[]; reduced: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.inner}>
      <h2 className={styles.big}>
        {t("landing.pitch_prefix")} <RotatingWord words={words} reduced={reduced} />
      </h2>
      <ul className={styles.points}>
        <li>{t("landing.pitch_test")}</li>
        <li>{t("landing.pitch_brief")}</li>
        <li>{t("landing.pitch_recognition")}</li>
      </ul>
    </div>
  );
}

function Slogan({ words, reduced }: { words: string[]; reduced: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { user } = useSession();
  const { openAuthDialog } = useAuthDialog();
  return (
    <div className={styles.inner}>
      <h2 className={styles.big}>
        {t("landing.slogan_prefix")} <RotatingWord words={words} reduced={reduced} />
      </h2>
      {user ? (
        <button type="button" className={buttonClass({}, styles.cta)} onClick={() => navigate(localePath("/home"))}>
          {t("landing.go_home")}
        </button>
      ) : (
        <button
          type="button"
          className={buttonClass({}, styles.cta)}
          onClick={() => openAuthDialog({ thenGoHome: true })}
        >
          {t("auth.sign_in_sign_up")}
        </button>
      )}
    </div>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  const steps = ["flashcards", "multiple_choice", "matching", "tile_game", "test"] as const;
  return (
    <div className={styles.inner}>
      <h2 className={styles.sectionTitle}>{t("landing.how_title")}</h2>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step}>
            <strong>{t(`pages.${step}`)}</strong>
            <span>{t(`landing.how_${step}`)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
