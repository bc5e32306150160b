import { CARD_DURATION_MARKS } from "@shared/limits";
import { Slider } from "radix-ui";
import { useTranslation } from "react-i18next";
import { positionToSeconds, SLIDER_STEPS, secondsToPosition } from "../lib/duration-scale";
import styles from "./duration-slider.module.css";

interface DurationSliderProps {
  label: string;
  seconds: number;
  onChange(seconds: number): void;
  /** Draw the 0.5 … 30 marks under the track (the bulk slider does; each card's is compact). */
  showMarks?: boolean;
}

/** Logarithmic 0.5–30 s; arrows, Page Up/Down, Home and End move it from the keyboard. */
export function DurationSlider({ label, seconds, onChange, showMarks = false }: DurationSliderProps) {
  const { t } = useTranslation();
  const valueText = t("deck_form.seconds", { value: seconds });
  return (
    <div className={styles.wrapper}>
      <div className={styles.row}>
        <Slider.Root
          className={styles.root}
          min={0}
          max={SLIDER_STEPS}
          step={1}
          value={[secondsToPosition(seconds)]}
          onValueChange={([position]) => onChange(positionToSeconds(position ?? 0))}
        >
          <Slider.Track className={styles.track}>
            <Slider.Range className={styles.range} />
          </Slider.Track>
          <Slider.Thumb className={styles.thumb} aria-label={label} aria-valuetext={valueText} />
        </Slider.Root>
        <output className={styles.value} aria-hidden="true">
          {valueText}
        </output>
      </div>
      {showMarks && (
        <div className={styles.marks} aria-hidden="true">
          {CARD_DURATION_MARKS.map((mark) => (
            // Under the thumb's centre at that value: the thumb stays inside the track, so its centre
            // runs from half its width to the track's width less half its width.
            <span
              key={mark}
              style={{
                left: `calc(var(--thumb-half) + (100% - 2 * var(--thumb-half)) * ${secondsToPosition(mark) / SLIDER_STEPS})`,
              }}
            >
              {mark}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
