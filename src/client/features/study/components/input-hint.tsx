import { useTouchScreen } from "@client/lib/use-touch-screen";
import styles from "./study.module.css";

/** How to play the screen, for the device in hand: keys at a keyboard, taps on a touch screen. */
export function InputHint({ keys, touch, id }: { keys: string; touch: string; id?: string }) {
  const touchScreen = useTouchScreen();
  return (
    <p className={styles.hint} id={id} data-input={touchScreen ? "touch" : "keys"}>
      {touchScreen ? touch : keys}
    </p>
  );
}
