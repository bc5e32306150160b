import type { ButtonHTMLAttributes } from "react";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "danger" | "link";

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: "normal" | "small";
  block?: boolean;
}

/** The class names of a button; also for links that look like buttons. */
export function buttonClass({ variant = "primary", size = "normal", block = false }: ButtonStyle = {}, extra?: string) {
  return [styles.button, styles[variant], size === "small" && styles.small, block && styles.block, extra]
    .filter(Boolean)
    .join(" ");
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

export function Button({ variant, size, block, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block }, className)} {...props} />;
}
