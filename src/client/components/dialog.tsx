import { Dialog as RadixDialog } from "radix-ui";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import styles from "./dialog.module.css";
import { DiscardChangesDialog } from "./discard-changes-dialog";

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  /** Room for long forms (the deck editor). */
  wide?: boolean;
  /**
   * Unsaved changes: closing (Escape, ×, a click outside) asks first whether to discard them. A
   * function is asked at the moment of closing (a key pressed right after typing comes before the
   * form's state has been re-rendered).
   */
  unsavedChanges?: boolean | (() => boolean);
  children: ReactNode;
}

/** A modal dialog: focus stays inside, Escape and the close button close it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  wide = false,
  unsavedChanges = false,
  children,
}: DialogProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const unsavedNow = () => (typeof unsavedChanges === "function" ? unsavedChanges() : unsavedChanges);
  const requestOpenChange = (next: boolean) => {
    if (!next && unsavedNow()) setAsking(true);
    else onOpenChange(next);
  };
  /** The browser's Back (or Forward), held while the person says whether to discard their changes. */
  const heldBack = useRef<HeldNavigation | null>(null);
  // Our dialogs open from state, not from a Radix trigger, and a field inside may take the focus
  // as it mounts: what had the focus when the dialog opened (usually the button that opened it;
  // read while rendering, before any field inside can take it) gets it back when the dialog closes
  // or its owner removes it, unless something else took the focus meanwhile.
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) opener.current = document.activeElement;
  wasOpen.current = open;
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const element = opener.current;
    return () => {
      setTimeout(() => {
        const lost = document.activeElement === document.body || !document.activeElement;
        if (lost && element instanceof HTMLElement && element.isConnected) element.focus();
      });
    };
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={requestOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          ref={content}
          className={wide ? `${styles.content} ${styles.wide}` : styles.content}
          onFocus={(event) => {
            // A control reached from the keyboard comes fully into view, clear of the dialog's
            // scroll-padding (kept free for a sticky footer, as the deck editor's): Chromium scrolls
            // only for a control wholly out of view, and leaves a half-hidden one as it is.
            const target = event.target;
            if (target instanceof HTMLElement && target.matches(":focus-visible")) {
              target.scrollIntoView({ block: "nearest", inline: "nearest" });
            }
          }}
          // A toast shown with the dialog (above its backdrop) can be closed without closing the dialog.
          onInteractOutside={(event) => {
            if (event.target instanceof Element && event.target.closest("[data-sonner-toaster]"))
              event.preventDefault();
          }}
          onOpenAutoFocus={(event) => {
            // A form dialog opens on its first field (the first invalid one, if any), not on ×: a
            // person typing right away types into the form instead of pressing ×'s Space. Dialogs
            // without a field keep Radix's choice (their first button).
            const field = content.current ? firstField(content.current) : null;
            if (field) {
              event.preventDefault();
              field.focus();
            }
          }}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className={styles.header}>
            <div>
              <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close className={styles.close} aria-label={t("common.close")}>
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </div>
          {children}
          {unsavedChanges !== false && (
            <BackGuard
              unsaved={unsavedNow}
              onHeld={(held) => {
                heldBack.current = held;
                setAsking(true);
              }}
            />
          )}
          <DiscardChangesDialog
            open={asking && open}
            onKeep={() => {
              setAsking(false);
              heldBack.current?.reset();
              heldBack.current = null;
            }}
            onDiscard={() => {
              const held = heldBack.current;
              heldBack.current = null;
              setAsking(false);
              onOpenChange(false);
              held?.proceed();
            }}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

const FIELDS =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), [contenteditable="true"]';

/** The first invalid field of a dialog, else its first field, among those that can be seen. */
function firstField(container: HTMLElement): HTMLElement | null {
  const visible = (element: Element) => element instanceof HTMLElement && element.getClientRects().length > 0;
  const invalid = [...container.querySelectorAll('[aria-invalid="true"]')].find(
    (element) => element.matches(FIELDS) && visible(element),
  );
  const first = invalid ?? [...container.querySelectorAll(FIELDS)].find(visible);
  return first instanceof HTMLElement ? first : null;
}

interface HeldNavigation {
  proceed(): void;
  reset(): void;
}

/**
 * The browser's Back and Forward ask too, as Escape and × do, while there are unsaved changes (a
 * data router's blocker). Only those: the dialog is modal, so any other navigation while it is open
 * is the form's own (a save that opens the new course), which must not be held.
 */
function BackGuard({ unsaved, onHeld }: { unsaved(): boolean; onHeld(held: HeldNavigation): void }) {
  const latest = useRef({ unsaved, onHeld });
  latest.current = { unsaved, onHeld };
  const blocker = useBlocker(({ historyAction }) => historyAction === "POP" && latest.current.unsaved());
  useEffect(() => {
    if (blocker.state === "blocked") latest.current.onHeld({ proceed: blocker.proceed, reset: blocker.reset });
  }, [blocker]);
  return null;
}
