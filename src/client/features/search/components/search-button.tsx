import headerStyles from "@client/components/header-menu.module.css";
import { SearchIcon } from "@client/components/icons";
import { lazyComponent } from "@client/lib/lazy";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

const SearchDialog = lazyComponent(() => import("./search-dialog").then((m) => m.SearchDialog));
const preload = () => void SearchDialog.preload().catch(() => {});

/** Header search: a dialog with one field; Enter searches, Escape closes, blank does nothing. */
export function SearchButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Kept here, so a query typed and left is still there when the dialog opens again.
  const [query, setQuery] = useState("");

  return (
    <>
      <button
        type="button"
        className={headerStyles.menuButton}
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <SearchIcon />
        <span className="visually-hidden-on-phone">{t("search.button")}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog query={query} onQueryChange={setQuery} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
