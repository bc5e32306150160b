/**
 * A header menu button whose menu (Radix's DropdownMenu, about a fifth of the first page's script)
 * loads only when someone reaches for it: the download starts on hover or focus, and the first
 * click or key press opens the menu once its code is there. Until then a plain button with the
 * same look, name and popup state stands in its place.
 */
import { type ButtonHTMLAttributes, type ReactNode, Suspense, useState } from "react";

export type MenuTriggerProps = Pick<ButtonHTMLAttributes<HTMLButtonElement>, "className" | "aria-label" | "children">;

export interface MenuState {
  open: boolean;
  onOpenChange(open: boolean): void;
}

interface DeferredMenuProps {
  trigger: MenuTriggerProps;
  preload(): Promise<unknown>;
  /** The real menu, from a lazy module: a DropdownMenu.Root controlled by `state`. */
  renderMenu(state: MenuState): ReactNode;
}

export function DeferredMenu({ trigger, preload, renderMenu }: DeferredMenuProps) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const load = () => void preload().catch(() => {}); // a failure shows when the menu is opened
  const openMenu = () => {
    setUsed(true);
    setOpen(true);
  };
  const standIn = (
    <button
      type="button"
      {...trigger}
      aria-haspopup="menu"
      aria-expanded={used && open}
      data-state="closed"
      onPointerEnter={load}
      onFocus={load}
      onClick={openMenu}
      onKeyDown={(event) => {
        if (event.key !== "ArrowDown") return;
        event.preventDefault();
        openMenu();
      }}
    />
  );
  if (!used) return standIn;
  return <Suspense fallback={standIn}>{renderMenu({ open, onOpenChange: setOpen })}</Suspense>;
}
