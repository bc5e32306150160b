import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import headerStyles from "../../../app/header.module.css";
import { useLocalePath } from "../../../app/use-language";
import { Button } from "../../../components/button";
import { Dialog } from "../../../components/dialog";
import formStyles from "../../../components/form.module.css";
import { SearchIcon } from "../../../components/icons";
import { TextField } from "../../../components/text-field";

/** Header search: a dialog with one field; Enter searches, Escape closes, blank does nothing. */
export function SearchButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    setOpen(false);
    setQuery("");
    navigate(`${localePath("/search")}?q=${encodeURIComponent(q)}`);
  };

  return (
    <>
      <button type="button" className={headerStyles.menuButton} onClick={() => setOpen(true)}>
        <SearchIcon />
        <span className={headerStyles.collapsibleText}>{t("search.button")}</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t("search.title")}>
        <form className={formStyles.form} onSubmit={submit}>
          <TextField
            label={t("search.label")}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoFocus
            enterKeyHint="search"
          />
          <Button type="submit">{t("search.submit")}</Button>
        </form>
      </Dialog>
    </>
  );
}
