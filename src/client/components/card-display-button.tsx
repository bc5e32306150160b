import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, type ButtonVariant } from "./button";
import { CardDisplayDialog } from "./lazy-dialogs";

/**
 * Opens "Card display" (readings, reading aloud, voices) where cards are shown: the deck page,
 * review, practice. The dialog is its own chunk, fetched on hover or focus.
 */
export function CardDisplayButton({
  languages,
  variant = "secondary",
  className,
}: {
  languages?: readonly (string | undefined)[];
  variant?: ButtonVariant;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const preload = () => void CardDisplayDialog.preload().catch(() => {});
  return (
    <>
      <Button
        variant={variant}
        className={className}
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {t("card_text.open")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CardDisplayDialog open onClose={() => setOpen(false)} languages={languages} />
        </Suspense>
      )}
    </>
  );
}
