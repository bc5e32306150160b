import { useAuthDialog } from "@client/core/session/auth-dialog";
import { useSession } from "@client/core/session/session";
import { lazyComponent } from "@client/lib/lazy";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

const ContactDialog = lazyComponent(() => import("./contact-dialog").then((m) => m.ContactDialog));

/** Footer "Contact Us": a message to the team, for signed-in people, one per 30 minutes. */
export function ContactLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { openSignInPrompt } = useAuthDialog();
  const [open, setOpen] = useState(false);
  const preload = () => void (user && ContactDialog.preload().catch(() => {}));

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => (user ? setOpen(true) : openSignInPrompt(t("contact.sign_in_first")))}
        onPointerEnter={preload}
        onFocus={preload}
      >
        {t("footer.contact")}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ContactDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
